import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BankAccount, BankImport, BankTransaction } from '@portal/contracts';
import { BANK_ACCOUNTS, BANK_TRANSACTIONS } from '@portal/projector';
import { bankingHarness } from './banking-harness';
import { StatementImporter } from './statement-import';
import { parseStatementFile } from '@portal/bank-statements';

const camt = readFileSync(join(__dirname, '../../../../../libs/bank-statements/src/samples/camt053-v02.xml'), 'utf8');
const ACCOUNT = '1001-AT611904300234573201';

async function setup() {
  const harness = await bankingHarness();
  const importer = new StatementImporter(harness.reads, harness.commands);
  const run = (xml: string, commandId: string) =>
    importer.run({ clientNo: 1001, fileName: `${commandId}.xml`, file: parseStatementFile(Buffer.from(xml)), accountId: null, replacePending: false, context: { userId: 'u1', clientNo: 1001, commandId } }) as unknown as Promise<BankImport>;
  const transactions = async () => (await harness.reads.find(BANK_TRANSACTIONS, { where: { account_id: ACCOUNT }, sort: [['booking_date', 1]], skip: 0, limit: 1000 })).data as unknown as BankTransaction[];
  return { harness, run, transactions };
}

/** A balance as camt writes it: the amount and whether it is a credit or a debit. */
const balance = (cents: number) => `<Amt Ccy="EUR">${(Math.abs(cents) / 100).toFixed(2)}</Amt>\n        <CdtDbtInd>${cents < 0 ? 'DBIT' : 'CRDT'}</CdtDbtInd>`;
/** The sample's entries add up to -1,374.10 (it opens with 1,000.00 and closes with -374.10). */
const ENTRIES = -137_410;

/** The sample statement with other balances (cents), moved to another month and with other entry references: a later statement. */
const statement = (opening: number, closing: number, month: string) =>
  camt
    .replace('<Amt Ccy="EUR">1000.00</Amt>\n        <CdtDbtInd>CRDT</CdtDbtInd>', balance(opening))
    .replace('<Amt Ccy="EUR">374.10</Amt>\n        <CdtDbtInd>DBIT</CdtDbtInd>', balance(closing))
    .replaceAll('2026-03', month)
    .replace(/<NtryRef>([^<]*)<\/NtryRef>/g, `<NtryRef>$1-${month}</NtryRef>`)
    .replace(/<AcctSvcrRef>([^<]*)<\/AcctSvcrRef>/g, `<AcctSvcrRef>$1-${month}</AcctSvcrRef>`);

describe('importing statements (StatementImporter into the read models)', () => {
  it('opens the account of a new IBAN, records the booked entries, and adds nothing when the same file comes again', async () => {
    const { run, transactions, harness } = await setup();
    const first = await run(camt, 'first');
    expect(first).toMatchObject({ created_accounts: [ACCOUNT], duplicates: 0, warnings: [] });
    expect(first.added).toBeGreaterThan(0);
    const booked = await transactions();
    expect(booked).toHaveLength(first.added);
    const account = (await harness.reads.get(BANK_ACCOUNTS, ACCOUNT)) as unknown as BankAccount;
    expect(account).toMatchObject({ last_statement_date: '2026-03-31', last_statement_balance_cents: -37_410 });

    const again = await run(camt, 'again');
    expect(again).toMatchObject({ added: 0, duplicates: first.added, created_accounts: [], warnings: [{ kind: 'already-imported', statement: expect.any(String) }] });
    expect(await transactions()).toHaveLength(first.added);
    await harness.close();
  });

  it('warns with the numbers when the closing balance does not follow from the opening balance and the entries', async () => {
    const { run, harness } = await setup();
    const record = await run(statement(100_000, -40_000, '2026-03'), 'mismatch');
    expect(record.warnings).toEqual([{ kind: 'balance-mismatch', statement: expect.any(String), expected_cents: -37_410, actual_cents: -40_000, difference_cents: -2_590 }]);
    await harness.close();
  });

  it('warns of a gap when a statement does not open with the previous one\'s closing balance', async () => {
    const { run, harness } = await setup();
    await run(camt, 'march');
    // April opens with 500.00 although March closed with -374.10: statements are missing in between.
    const april = await run(statement(50_000, 50_000 + ENTRIES, '2026-04'), 'april');
    expect(april.warnings).toEqual([{ kind: 'gap', statement: expect.any(String), expected_cents: -37_410, actual_cents: 50_000, difference_cents: 87_410, previous: '2026-03-31', current: '2026-04-30' }]);
    expect(april.added).toBeGreaterThan(0);
    // A statement that continues where the last one ended has no warning.
    const may = await run(statement(50_000 + ENTRIES, 50_000 + 2 * ENTRIES, '2026-05'), 'may');
    expect(may.warnings).toEqual([]);
    await harness.close();
  });
});
