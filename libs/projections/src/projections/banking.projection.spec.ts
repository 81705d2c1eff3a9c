import type { BankAccount, BankTransaction } from '@portal/contracts';
import { CommandRuntime } from '@portal/commands';
import {
  bankAccountDecider,
  bankAccountStreamId,
  bankLedgerDecider,
  bankLedgerStreamId,
  bankPendingDecider,
  bankPendingStreamId,
  type LedgerEntry,
} from '@portal/domain';
import { SqliteEventStore } from '@portal/event-store';
import { SqliteReadStore } from '@portal/read-store';
import { BANK_ACCOUNT_DAYS, BANK_ACCOUNTS, BANK_IMPORTS, BANK_TRANSACTIONS } from '@portal/read-models';
import { Projector } from '../runtime/projector';
import { replayInto } from '../runtime/replay';
import { bankingProjection } from './banking.projection';

const ACCOUNT = '1001-AT611904300234573201';
const ctx = { userId: 'anna', clientNo: 1001 };

const entry = (n: number, bookingDate: string, amountCents: number): LedgerEntry => ({
  id: `tx-${n}`,
  key: `k-${n}`,
  bookingDate,
  valueDate: bookingDate,
  amountCents,
  currency: 'EUR',
  reversal: false,
  counterpartyName: `Partner ${n}`,
  counterpartyIban: null,
  counterpartyBic: null,
  remittance: `Rechnung ${n}`,
  reference: null,
  endToEndId: null,
  mandateId: null,
  bankReference: null,
  bankCode: null,
  batchRef: null,
});

/** An account, two months of bookings, pending entries replaced twice, a split match and an undone one; projected batch by batch as the portal does. */
async function history() {
  const events = new SqliteEventStore(':memory:');
  const live = new SqliteReadStore(':memory:');
  const runtime = new CommandRuntime(events, () => new Date('2026-04-15T10:00:00Z'));
  const projector = new Projector(events, live, [bankingProjection]);
  await projector.prepare();
  const sync = async () => {
    for (let page = await events.readAll(projector.currentPosition, 3); page.length > 0; page = await events.readAll(projector.currentPosition, 3))
      await projector.applyBatch(page);
  };
  await runtime.execute(
    bankAccountDecider,
    bankAccountStreamId(ACCOUNT),
    {
      type: 'OpenBankAccount',
      clientNo: 1001,
      iban: 'AT611904300234573201',
      bic: null,
      bankName: 'Bank Austria',
      accountType: 'checking',
      currency: 'EUR',
      label: 'Geschäftskonto',
      openingBalanceCents: 100_000,
      openingDate: '2026-03-01',
    },
    ctx,
  );
  const record = (entries: LedgerEntry[]) =>
    runtime.execute(
      bankLedgerDecider,
      bankLedgerStreamId(ACCOUNT, entries[0]!.bookingDate),
      { type: 'RecordTransactions', importId: 'imp-1', clientNo: 1001, accountId: ACCOUNT, entries },
      ctx,
    );
  await record([entry(1, '2026-03-02', 50_000), entry(2, '2026-03-02', -20_000), entry(3, '2026-03-20', 30_000)]);
  await sync();
  await record([entry(4, '2026-04-01', -5_000), entry(5, '2026-04-02', 12_345)]);
  // Recording the same entries again adds nothing.
  await record([entry(4, '2026-04-01', -5_000)]);
  const pending = (entries: LedgerEntry[]) =>
    runtime.execute(
      bankPendingDecider,
      bankPendingStreamId(ACCOUNT),
      { type: 'ReplacePendingTransactions', importId: 'imp-2', clientNo: 1001, accountId: ACCOUNT, entries },
      ctx,
    );
  await pending([entry(90, '2026-04-14', -999), entry(91, '2026-04-14', 1_000)]);
  await sync();
  await pending([entry(92, '2026-04-15', -777)]);
  const match = (matchId: string, transactionId: string, bookingDate: string, allocations: Array<[string, number]>) =>
    runtime.execute(
      bankLedgerDecider,
      bankLedgerStreamId(ACCOUNT, bookingDate),
      {
        type: 'ConfirmMatch',
        matchId,
        transactionId,
        allocations: allocations.map(([openItemId, amountCents]) => ({ openItemId, amountCents, label: `RE-${openItemId}` })),
      },
      ctx,
    );
  await match('m-1', 'tx-1', '2026-03-02', [
    ['11', 30_000],
    ['12', 20_000],
  ]);
  await match('m-2', 'tx-3', '2026-03-20', [['13', 10_000]]);
  await sync();
  await runtime.execute(bankLedgerDecider, bankLedgerStreamId(ACCOUNT, '2026-03-20'), { type: 'UndoMatch', matchId: 'm-2' }, ctx);
  await sync();
  return { events, live };
}

describe('banking projection', () => {
  it('keeps balances, pending entries and matches as the events say', async () => {
    const { live } = await history();
    const account = (await live.get(BANK_ACCOUNTS, ACCOUNT)) as unknown as BankAccount;
    expect(account).toMatchObject({
      balance_cents: 100_000 + 50_000 - 20_000 + 30_000 - 5_000 + 12_345,
      booked_count: 5,
      pending_count: 1,
      last_booking_date: '2026-04-02',
    });
    const tx = async (id: string) => (await live.get(BANK_TRANSACTIONS, id)) as unknown as BankTransaction;
    expect(await tx('tx-1')).toMatchObject({
      match_status: 'matched',
      matched_cents: 50_000,
      matches: [expect.objectContaining({ match_id: 'm-1', matched_by: 'anna' })],
    });
    expect(await tx('tx-3')).toMatchObject({ match_status: 'unmatched', matched_cents: 0, matches: [] });
    expect(await tx('tx-90')).toBeNull();
    expect(await tx('tx-92')).toMatchObject({ status: 'pending', amount_cents: -777 });
  });

  it('rebuilds to the same read models from the log as it kept live', async () => {
    const { events, live } = await history();
    const rebuilt = new SqliteReadStore(':memory:');
    await replayInto(events, rebuilt, [bankingProjection]);
    for (const collection of [BANK_ACCOUNTS, BANK_TRANSACTIONS, BANK_ACCOUNT_DAYS, BANK_IMPORTS])
      expect(await rebuilt.checksum(collection)).toBe(await live.checksum(collection));
  });
});
