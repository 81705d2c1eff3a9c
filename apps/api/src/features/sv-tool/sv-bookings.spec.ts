import type { SvTransaction } from '@portal/contracts';
import { ALL_PROJECTIONS } from '@portal/projections';
import { SV_TRANSACTIONS } from '@portal/read-models';
import { SqliteReadStore } from '@portal/read-store';
import { transactionsOf } from './sv-tool.service';

const booking = (account: string, n: number): SvTransaction => ({
  id: `${account}:${n}`,
  account_id: account,
  company_no: 1001,
  buchungsDatum: `20${String(10 + (n % 15)).padStart(2, '0')}-01-${String(1 + (n % 28)).padStart(2, '0')}`,
  wertstellungsDatum: null,
  buchungstext: 'Beiträge',
  beitragszeitraum: null,
  soll: 1,
  haben: 0,
  buchungszustand: '',
  source: 'import',
  corrected: false,
  correction_reason: null,
  recorded_by: 'u',
  recorded_at: '2026-01-01T00:00:00Z',
  revision: 1,
});

describe('SV bookings of the listed accounts', () => {
  it('reads every booking of each account, oldest first, however many the accounts hold together', async () => {
    const store = new SqliteReadStore(':memory:');
    await store.ensureCollections(ALL_PROJECTIONS.find((p) => p.name === 'sv-accounts')!.collections);
    const counts: Record<string, number> = { a: 3000, b: 5, c: 0 };
    await store.transaction(async (tx) => {
      for (const [account, count] of Object.entries(counts)) for (let n = 0; n < count; n++) await tx.put(SV_TRANSACTIONS, { ...booking(account, n) });
    });
    const read = await transactionsOf(
      store,
      Object.entries(counts).map(([id, transaction_count]) => ({ id, transaction_count })),
    );
    expect(Object.fromEntries([...read].map(([id, list]) => [id, list.length]))).toEqual(counts);
    const dates = read.get('a')!.map((t) => t.buchungsDatum);
    expect(dates).toEqual([...dates].sort());
    await store.close();
  });
});
