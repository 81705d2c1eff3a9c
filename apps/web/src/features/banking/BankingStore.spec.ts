import type { BankAccount, BankImport, BankTransaction, MatchSuggestion, OpenItem, StatementPreview } from '@portal/contracts';
import { flush } from '../../test-support/fake-socket';
import { makeRoot, portalSocket, user } from '../../test-support/fixtures';
import { BankingStore } from './BankingStore';
import type { StatementPort, StatementUploadRequest } from './statement-upload';

const account = (over: Partial<BankAccount> = {}): BankAccount =>
  ({
    id: '1001-AT483200000012345864',
    client_no: 1001,
    iban: 'AT483200000012345864',
    bic: null,
    bank_name: 'Raiffeisen',
    type: 'checking',
    currency: 'EUR',
    label: 'Geschäftskonto',
    opening_balance_cents: 0,
    opening_date: '2026-01-01',
    archived: false,
    balance_cents: 0,
    booked_count: 0,
    pending_count: 0,
    last_booking_date: null,
    last_statement_date: null,
    last_statement_balance_cents: null,
    access_id: null,
    csv_mapping: null,
    created_at: '2026-01-01T00:00:00Z',
    revision: 1,
    updated_at: '2026-01-01T00:00:00Z',
    ...over,
  }) as BankAccount;
const record = (file: string): BankImport => ({
  id: `imp-${file}`,
  client_no: 1001,
  account_ids: [],
  file_name: file,
  format: 'csv',
  imported_at: '2026-03-01T00:00:00Z',
  imported_by: 'u',
  statements: [],
  added: 3,
  duplicates: 0,
  pending: 0,
  skipped: 0,
  created_accounts: [],
  warnings: [],
});
const preview = (kind: StatementPreview['kind'], needsAccount: boolean): StatementPreview => ({
  fileName: 'f',
  kind,
  columns: kind === 'csv' ? ['Buchungsdatum', 'Betrag'] : [],
  rows: [],
  delimiter: kind === 'csv' ? ';' : null,
  ibans: [],
  needsAccount,
});
const file = (name: string) => new File(['x'], name);

async function opened() {
  const socket = portalSocket({ user: user({ permissions_array: ['ban'] }) });
  const patched: Array<{ id: string; data: Record<string, unknown> }> = [];
  const created: Array<Record<string, unknown>> = [];
  socket.handle('find', 'bank-accounts', () => ({ total: 1, limit: 500, skip: 0, data: [account()] }));
  socket.handle('find', 'bank-accesses', () => ({ total: 0, limit: 500, skip: 0, data: [] }));
  socket.handle('find', 'bank-imports', () => ({ total: 0, limit: 50, skip: 0, data: [] }));
  socket.handle('find', 'bank-institutions', () => []);
  socket.handle('find', 'bank-transactions', () => ({ total: 0, limit: 100, skip: 0, data: [] }));
  socket.handle('get', 'bank-balances', () => ({ id: 'x', account_id: 'x', currency: 'EUR', points: [] }));
  socket.handle('patch', 'bank-accounts', (id: string, data: Record<string, unknown>) => {
    patched.push({ id, data });
    return account(data as Partial<BankAccount>);
  });
  socket.handle('create', 'bank-accounts', (data: Record<string, unknown>) => {
    created.push(data);
    return account({ id: `1001-${String(data.iban)}`, iban: String(data.iban) });
  });
  const uploads: Array<{ name: string; accountId: string | null; accounts?: Record<string, string> }> = [];
  const previews: Array<{ name: string; accountId: string | null; skipLines?: number; ownAccount?: string | null }> = [];
  const port: StatementPort = {
    preview: async ({ file: f, accountId, skipLines, mapping }) => {
      previews.push({ name: f.name, accountId, ...(skipLines !== undefined ? { skipLines } : {}), ...(mapping ? { ownAccount: mapping.ownAccount } : {}) });
      // The preview for this account answers after the others.
      if (accountId === '1001-SLOW') await new Promise((r) => setTimeout(r, 20));
      return {
        ok: true,
        preview: {
          ...preview(f.name.endsWith('.csv') ? 'csv' : 'camt', f.name.endsWith('.csv') || f.name.includes('no-iban')),
          fileName: `${f.name} for ${accountId ?? 'no account'}`,
        },
      };
    },
    upload: async ({ file: f, accountId, accounts }: StatementUploadRequest) => {
      uploads.push({ name: f.name, accountId, ...(accounts && Object.keys(accounts).length > 0 ? { accounts } : {}) });
      return { ok: true, record: record(f.name) };
    },
  };
  const t = makeRoot({ socket });
  await t.root.session.login('token-1');
  const store = new BankingStore(t.root, port);
  await store.setClient(1001);
  return { store, uploads, previews, patched, created, socket };
}

/** The column mapping of a bank CSV with three lines above its titles: only the booking date and the amount. */
const SPARKASSE_MAPPING = {
  delimiter: ';',
  decimal: ',',
  dateFormat: 'DD.MM.YYYY',
  skipLines: 3,
  bookingDate: 'Buchungsdatum',
  valueDate: null,
  amount: 'Betrag',
  debit: null,
  credit: null,
  counterpartyName: null,
  counterpartyIban: null,
  remittance: null,
  reference: null,
  currency: null,
} as const;

describe('importing statement files from the banking screen', () => {
  it('shows each file before importing it: a camt.053 into the accounts its IBANs name, a CSV into the chosen account with its column mapping', async () => {
    const { store, uploads, patched } = await opened();
    await store.imports.upload([file('april.xml'), file('sparkasse.csv'), file('may.xml')]);
    expect(uploads).toEqual([]);
    expect(store.imports.pending?.file.name).toBe('april.xml');
    expect(await store.imports.confirm(null, null)).toBe(true);
    expect(uploads).toEqual([{ name: 'april.xml', accountId: null }]);
    expect(store.imports.pending?.file.name).toBe('sparkasse.csv');
    const mapping = SPARKASSE_MAPPING;
    expect(await store.imports.confirm('1001-AT483200000012345864', { ...mapping })).toBe(true);
    // The mapping is saved on the account first; the CSV goes to that account; then the next file follows.
    expect(patched).toEqual([{ id: '1001-AT483200000012345864', data: { csv_mapping: mapping } }]);
    expect(store.imports.pending?.file.name).toBe('may.xml');
    await store.imports.confirm(null, null);
    expect(uploads).toEqual([
      { name: 'april.xml', accountId: null },
      { name: 'sparkasse.csv', accountId: '1001-AT483200000012345864' },
      { name: 'may.xml', accountId: null },
    ]);
    expect(store.imports.pending).toBeNull();
  });

  it('asks for the account of a statement without an IBAN, and imports nothing of a file the user skips', async () => {
    const { store, uploads } = await opened();
    await store.imports.upload([file('mt940-no-iban.sta')]);
    expect(store.imports.pending?.preview.needsAccount).toBe(true);
    await store.imports.skip();
    expect(uploads).toEqual([]);
    await store.imports.upload([file('mt940-no-iban.sta')]);
    await store.imports.confirm('1001-AT483200000012345864', null);
    expect(uploads).toEqual([{ name: 'mt940-no-iban.sta', accountId: '1001-AT483200000012345864' }]);
  });

  it('previews a file again for the account chosen by hand, keeps that account when lines are skipped, and imports into it', async () => {
    const { store, uploads, previews } = await opened();
    await store.imports.upload([file('sparkasse.csv')]);
    expect(previews).toEqual([{ name: 'sparkasse.csv', accountId: null }]);
    await store.imports.chooseAccount('1001-AT611904300234573201');
    expect(previews.at(-1)).toEqual({ name: 'sparkasse.csv', accountId: '1001-AT611904300234573201' });
    expect(store.imports.pending).toMatchObject({
      accountId: '1001-AT611904300234573201',
      preview: { fileName: 'sparkasse.csv for 1001-AT611904300234573201' },
    });
    await store.imports.previewAgain(2);
    expect(previews.at(-1)).toEqual({ name: 'sparkasse.csv', accountId: '1001-AT611904300234573201', skipLines: 2 });
    // Choosing the same account again asks nothing; choosing another previews for that one.
    await store.imports.chooseAccount('1001-AT611904300234573201');
    expect(previews).toHaveLength(3);
    await store.imports.chooseAccount('1001-AT483200000012345864');
    expect(previews.at(-1)).toEqual({ name: 'sparkasse.csv', accountId: '1001-AT483200000012345864', skipLines: 2 });
    await store.imports.confirm('1001-AT483200000012345864', null);
    expect(uploads).toEqual([{ name: 'sparkasse.csv', accountId: '1001-AT483200000012345864' }]);
  });

  it('reads a CSV through a mapping not saved yet, keeps reading through it for another account, and sends the account chosen for each account number', async () => {
    const { store, uploads, previews } = await opened();
    await store.imports.upload([file('c24.csv')]);
    await store.imports.chooseAccount('1001-A');
    const mapping = { ...SPARKASSE_MAPPING, delimiter: ',', skipLines: 0, ownAccount: 'Kontonummer' } as const;
    await store.imports.previewMapped({ ...mapping });
    expect(previews.at(-1)).toEqual({ name: 'c24.csv', accountId: '1001-A', ownAccount: 'Kontonummer' });
    // The same mapping again asks nothing; another account is previewed through it too.
    await store.imports.previewMapped({ ...mapping });
    expect(previews).toHaveLength(3);
    await store.imports.chooseAccount('1001-B');
    expect(previews.at(-1)).toEqual({ name: 'c24.csv', accountId: '1001-B', ownAccount: 'Kontonummer' });
    await store.imports.previewMapped(null);
    expect(previews.at(-1)).toEqual({ name: 'c24.csv', accountId: '1001-B' });
    await store.imports.confirm('1001-B', { ...mapping }, { '0987654321': '1001-A', '1234567890': '1001-B' });
    expect(uploads).toEqual([{ name: 'c24.csv', accountId: '1001-B', accounts: { '0987654321': '1001-A', '1234567890': '1001-B' } }]);
  });

  it('keeps only the preview of the latest account chosen when an earlier answer comes late', async () => {
    const { store } = await opened();
    await store.imports.upload([file('mt940-no-iban.sta')]);
    const first = store.imports.chooseAccount('1001-SLOW');
    const second = store.imports.chooseAccount('1001-B');
    await Promise.all([first, second]);
    expect(store.imports.pending).toMatchObject({ accountId: '1001-B', preview: { fileName: 'mt940-no-iban.sta for 1001-B' } });
  });
});

describe('managing accounts', () => {
  it('opens an account with all its details and changes one without touching its IBAN', async () => {
    const { store, created, patched } = await opened();
    const details = {
      iban: 'AT611904300234573201',
      bic: 'BKAUATWW',
      bank_name: 'Bank Austria',
      type: 'savings' as const,
      currency: 'EUR',
      label: 'Rücklage',
      opening_balance_cents: 150_000,
      opening_date: '2026-01-01',
    };
    await store.accounts.save(null, details);
    expect(created).toEqual([{ client_no: 1001, ...details }]);
    expect(store.accounts.selectedId).toBe('1001-AT611904300234573201');
    await store.accounts.save('1001-AT483200000012345864', { ...details, label: 'Neu' });
    const { iban: _iban, ...changes } = details;
    expect(patched).toEqual([{ id: '1001-AT483200000012345864', data: { ...changes, label: 'Neu' } }]);
    await store.accounts.setArchived(account(), true);
    expect(patched.at(-1)).toEqual({ id: '1001-AT483200000012345864', data: { archived: true } });
  });
});

const transaction = (over: Partial<BankTransaction> = {}): BankTransaction =>
  ({
    id: 'tx-1',
    client_no: 1001,
    account_id: '1001-AT483200000012345864',
    status: 'booked',
    booking_date: '2026-03-02',
    value_date: null,
    amount_cents: 150_000,
    currency: 'EUR',
    direction: 'credit',
    reversal: false,
    counterparty_name: 'Gasthof Post',
    counterparty_iban: null,
    counterparty_bic: null,
    remittance: 'Rechnung AR 77',
    reference: null,
    end_to_end_id: null,
    mandate_id: null,
    bank_reference: null,
    bank_code: null,
    batch_ref: null,
    import_id: 'imp',
    match_status: 'unmatched',
    matched_cents: 0,
    matches: [],
    updated_at: '',
    ...over,
  }) as BankTransaction;
const suggestion = (item: number, openCents: number): MatchSuggestion => ({
  id: `tx-1:${item}`,
  transaction_id: 'tx-1',
  open_item_id: String(item),
  label: `AR-${item}`,
  open_cents: openCents,
  amount_cents: openCents,
  skonto_cents: 0,
  confidence: 0,
  reasons: [],
});
const openItem = (id: number, outstanding: number): OpenItem =>
  ({
    id,
    client_no: 1001,
    kind: 'receivable',
    listed: true,
    open: outstanding > 0,
    status: outstanding > 0 ? 'open' : 'paid',
    outstanding,
  }) as unknown as OpenItem;

describe('matching a transaction to open items', () => {
  it('no longer offers an open item once it is paid in full (pushed live), and forgets an earlier search once a match is confirmed', async () => {
    const { store, socket } = await opened();
    store.activate();
    let suggested = [suggestion(77, 100_000), suggestion(78, 50_000)];
    socket.handle('find', 'bank-matches', (q: { search?: string }) => ({
      total: 0,
      limit: 10,
      skip: 0,
      data: q.search ? [suggestion(90, 20_000)] : suggested,
    }));
    await store.matches.open(transaction());
    await store.matches.search('AR-9');
    expect(store.matches.suggestions.map((s) => s.open_item_id)).toEqual(['77', '78']);
    expect(store.matches.searchResults.map((s) => s.open_item_id)).toEqual(['90']);

    // Another peer settles item 78: the pushed item leaves the suggestions without asking the server again.
    const asked = socket.callsOf('find', 'bank-matches').length;
    socket.push('open-items patched', openItem(78, 0));
    expect(store.matches.suggestions.map((s) => s.open_item_id)).toEqual(['77']);
    expect(socket.callsOf('find', 'bank-matches')).toHaveLength(asked);
    // A part payment on a found item shows what is left of it.
    socket.push('open-items patched', openItem(90, 50));
    expect(store.matches.searchResults[0]).toMatchObject({ open_item_id: '90', open_cents: 5_000, amount_cents: 5_000 });

    // The confirmed match answers the transaction partly matched; item 77 is settled by it and no longer suggested.
    const matched = transaction({
      match_status: 'partial',
      matched_cents: 100_000,
      matches: [{ match_id: 'm-1', allocations: [{ open_item_id: '77', amount_cents: 100_000, label: 'AR-77' }] }] as BankTransaction['matches'],
    });
    socket.handle('create', 'bank-matches', () => matched);
    suggested = [];
    expect(await store.matches.confirm([{ open_item_id: '77', amount_cents: 100_000 }])).toBe(true);
    await flush();
    expect(store.matches.transaction?.match_status).toBe('partial');
    expect(store.matches.suggestions).toEqual([]);
    expect(store.matches.searchResults).toEqual([]);
  });

  it('shows the newest suggestions when an older answer arrives after it', async () => {
    const { store, socket } = await opened();
    const answers: Array<(data: MatchSuggestion[]) => void> = [];
    socket.handle('find', 'bank-matches', () => new Promise((resolve) => answers.push((data) => resolve({ total: data.length, limit: 10, skip: 0, data }))));
    void store.matches.open(transaction());
    await flush();
    // The transaction is pushed matched meanwhile: its suggestions are asked again before the first answer came.
    store.matches.follow(transaction({ match_status: 'matched', matched_cents: 150_000 }));
    await flush();
    expect(answers).toHaveLength(2);
    answers[1]!([]);
    await flush();
    answers[0]!([suggestion(77, 150_000)]);
    await flush();
    expect(store.matches.suggestions).toEqual([]);
  });
});
