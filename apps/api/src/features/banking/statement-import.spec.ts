import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BankAccount, BankImport, BankTransaction, CsvMapping } from '@portal/contracts';
import { parseStatementFile } from '@portal/bank-statements';
import { bankAccountDecider, bankAccountId, bankAccountStreamId } from '@portal/domain';
import { BANK_ACCOUNTS, BANK_TRANSACTIONS } from '@portal/read-models';
import { bankingHarness, camtWith } from '@portal/tools';
import { StatementImporter, type ImportRequest } from './statement-import';

const camt = readFileSync(join(__dirname, '../../../../../libs/bank-statements/test/fixtures/camt053-v02.xml'), 'utf8');
const ACCOUNT = '1001-AT611904300234573201';

async function setup() {
  const harness = await bankingHarness();
  const importer = new StatementImporter(harness.reads, harness.commands);
  const run = (
    text: string,
    commandId: string,
    choice: Partial<Pick<ImportRequest, 'accountId' | 'accounts' | 'rowsNameAccounts'>> = {},
    csvMapping: CsvMapping | null = null,
  ) =>
    importer.run({
      clientNo: 1001,
      fileName: `${commandId}.sta`,
      file: parseStatementFile(Buffer.from(text, 'utf8'), { csvMapping }),
      accountId: null,
      ...choice,
      replacePending: false,
      context: { userId: 'u1', clientNo: 1001, commandId },
    }) as unknown as Promise<BankImport>;
  const transactions = async (account = ACCOUNT) =>
    (await harness.reads.find(BANK_TRANSACTIONS, { where: { account_id: account }, sort: [['booking_date', 1]], skip: 0, limit: 1000 }))
      .data as unknown as BankTransaction[];
  const account = async (id = ACCOUNT) => (await harness.reads.get(BANK_ACCOUNTS, id)) as unknown as BankAccount;
  const open = async (iban: string) => {
    const id = bankAccountId(1001, iban);
    await harness.commands.send(
      bankAccountDecider,
      bankAccountStreamId(id),
      {
        type: 'OpenBankAccount',
        clientNo: 1001,
        iban,
        bic: null,
        bankName: 'Bank',
        accountType: 'checking',
        currency: 'EUR',
        label: 'Konto',
        openingBalanceCents: 0,
        openingDate: '2026-01-01',
      },
      { userId: 'u1', clientNo: 1001, commandId: `open-${iban}` },
    );
    return id;
  };
  return { harness, run, transactions, account, open };
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
    .replaceAll('2026-03-31', `${month}-30`)
    .replaceAll('2026-03', month)
    .replace(/<NtryRef>([^<]*)<\/NtryRef>/g, `<NtryRef>$1-${month}</NtryRef>`)
    .replace(/<AcctSvcrRef>([^<]*)<\/AcctSvcrRef>/g, `<AcctSvcrRef>$1-${month}</AcctSvcrRef>`);

/** An MT940 message for the account `account` names: opening 0, one credit of 10.00, closing 10.00. */
const mt940 = (account: string, ref = 'A') =>
  `:20:${ref}\n:25:${account}\n:28C:1/1\n:60F:C260302EUR0,00\n:61:2603020302C10,00NTRFNONREF//${ref}-1\n:86:166?20SVWZ+Rechnung ${ref}\n:62F:C260302EUR10,00\n-\n`;

describe('importing statements (StatementImporter into the read models)', () => {
  it('opens the account of a new IBAN, records the booked entries with the recognised bank and format, and adds nothing when the same file comes again', async () => {
    const { run, transactions, account, harness } = await setup();
    const first = await run(camt, 'first');
    expect(first).toMatchObject({ format: 'camt.053.001.02', bank: 'UniCredit Bank Austria AG', created_accounts: [ACCOUNT], duplicates: 0, warnings: [] });
    expect(first.added).toBeGreaterThan(0);
    expect(await transactions()).toHaveLength(first.added);
    expect(await account()).toMatchObject({
      last_statement_date: '2026-03-31',
      last_statement_balance_cents: -37_410,
      reconciliation: { import_id: first.id, file_name: 'first.sta', warnings: [] },
    });

    const again = await run(camt, 'again');
    expect(again).toMatchObject({
      added: 0,
      duplicates: first.added,
      created_accounts: [],
      warnings: [{ kind: 'already-imported', statement: expect.any(String) }],
    });
    expect(await transactions()).toHaveLength(first.added);
    await harness.close();
  });

  it('records every entry of a statement longer than a sorting slice, across its quarters, and none of them twice when it comes again', async () => {
    const { run, harness } = await setup();
    const count = async () => (await harness.reads.find(BANK_TRANSACTIONS, { where: { account_id: ACCOUNT }, sort: [], skip: 0, limit: 0 })).total;
    const file = camtWith(4_500);
    expect(await run(file, 'long')).toMatchObject({ added: 4_500, duplicates: 0, warnings: [] });
    expect(await count()).toBe(4_500);
    expect(await run(file, 'long-again')).toMatchObject({ added: 0, duplicates: 4_500 });
    expect(await count()).toBe(4_500);
    await harness.close();
  }, 60_000);

  it('warns with the numbers when the closing balance does not follow from the opening balance and the entries, on the import and the account', async () => {
    const { run, account, harness } = await setup();
    const record = await run(statement(100_000, -40_000, '2026-03'), 'mismatch');
    const mismatch = {
      kind: 'balance-mismatch',
      statement: expect.any(String),
      statement_index: 1,
      account_id: ACCOUNT,
      expected_cents: -37_410,
      actual_cents: -40_000,
      difference_cents: -2_590,
    };
    expect(record.warnings).toEqual([mismatch]);
    expect((await account()).reconciliation?.warnings).toEqual([mismatch]);
    await harness.close();
  });

  it("warns of a gap when a statement does not open with the previous one's closing balance", async () => {
    const { run, account, harness } = await setup();
    await run(camt, 'march');
    // April opens with 500.00 although March closed with -374.10: statements are missing in between.
    const april = await run(statement(50_000, 50_000 + ENTRIES, '2026-04'), 'april');
    expect(april.warnings).toEqual([
      {
        kind: 'gap',
        statement: expect.any(String),
        statement_index: 1,
        account_id: ACCOUNT,
        expected_cents: -37_410,
        actual_cents: 50_000,
        difference_cents: 87_410,
        previous: '2026-03-31',
        current: '2026-04-30',
      },
    ]);
    expect(april.added).toBeGreaterThan(0);
    expect((await account()).reconciliation?.warnings).toHaveLength(1);
    // A statement that continues where the last one ended has no warning, and clears the account's findings.
    const may = await run(statement(50_000 + ENTRIES, 50_000 + 2 * ENTRIES, '2026-05'), 'may');
    expect(may.warnings).toEqual([]);
    expect((await account()).reconciliation?.warnings).toEqual([]);
    await harness.close();
  });
});

describe('the account a statement is imported into', () => {
  it('opens the account of a statement whose BIC is no valid BIC, without the BIC', async () => {
    const { run, account, harness } = await setup();
    const withBadBic = camt.replace(/<BIC(FI)?>[A-Z0-9]+<\/BIC(FI)?>/, '<BIC>ABANKBEB</BIC>');
    expect(withBadBic).not.toBe(camt);
    await run(withBadBic, 'bad-bic');
    expect(await account()).toMatchObject({ bic: null });
    await harness.close();
  });

  it('refuses an MT940 whose :25: names an IBAN when another account was chosen for the file', async () => {
    const { run, open, harness } = await setup();
    const other = await open('DE89370400440532013000');
    await expect(run(mt940('RZBAATWW/AT611904300234573201'), 'wrong', { accountId: other })).rejects.toMatchObject({
      code: 422,
      message: 'The statement is for IBAN AT611904300234573201, not for the chosen account DE89370400440532013000.',
    });
    await harness.close();
  });

  it('imports an MT940 naming bank code and account number into the chosen account they belong to, and refuses another one', async () => {
    const { run, open, transactions, harness } = await setup();
    const right = await open('DE89370400440532013000');
    const wrong = await open('DE02120300000000202051');
    await expect(run(mt940('37040044/532013000'), 'other', { accountId: wrong })).rejects.toMatchObject({
      code: 422,
      message: 'Statement A is for the account 37040044/532013000, not for the chosen account DE02120300000000202051: choose the account it names.',
    });
    const record = await run(mt940('37040044/532013000'), 'right', { accountId: right });
    expect(record).toMatchObject({ added: 1, warnings: [] });
    expect(await transactions(right)).toHaveLength(1);
    await harness.close();
  });

  it('says so on the import when the account text cannot be checked against the chosen account', async () => {
    const { run, open, harness } = await setup();
    const chosen = await open('NL91ABNA0417164300');
    const record = await run(mt940('0417164300'), 'unverified', { accountId: chosen });
    expect(record.warnings).toEqual([
      { kind: 'account-unverified', statement: 'A', account_id: chosen, current: '0417164300', previous: 'NL91ABNA0417164300' },
    ]);
    await harness.close();
  });

  it('asks for an account per account text when a file names several without IBAN, and imports each into its own', async () => {
    const { run, open, transactions, harness } = await setup();
    const first = await open('DE89370400440532013000');
    const second = await open('DE02120300000000202051');
    const file = mt940('37040044/532013000', 'A') + mt940('12030000/202051', 'B');
    await expect(run(file, 'one-choice', { accountId: first })).rejects.toMatchObject({
      code: 422,
      message: 'The file holds statements of 2 accounts without IBAN (37040044/532013000, 12030000/202051): choose the account for each.',
    });
    const record = await run(file, 'each', { accounts: { '37040044/532013000': first, '12030000/202051': second } });
    expect(record.account_ids).toEqual([first, second]);
    expect((await transactions(first)).map((t) => t.remittance)).toEqual(['Rechnung A']);
    expect((await transactions(second)).map((t) => t.remittance)).toEqual(['Rechnung B']);
    await harness.close();
  });

  it("imports a comdirect export's sections each into the account chosen for its title, with the section's balances", async () => {
    const { run, open, transactions, account, harness } = await setup();
    const giro = await open('DE89370400440532013000');
    const card = await open('DE02120300000000202051');
    const file = readFileSync(join(__dirname, '../../../../../libs/bank-statements/test/fixtures/comdirect-accounts.csv'), 'latin1');
    await expect(run(file, 'comdirect-one', { accountId: giro })).rejects.toMatchObject({ code: 422 });
    const record = await run(file, 'comdirect', { accounts: { 'Umsätze Girokonto': giro, 'Umsätze Visa-Karte (Kreditkarte)': card } });
    expect(record.account_ids).toEqual([giro, card]);
    // The day-money account's section without rows and the securities account's are named as skipped lines.
    expect(record.warnings.filter((w) => w.kind !== 'account-unverified')).toEqual([
      { kind: 'skipped-lines', statement: '1', count: 5, current: '18, 20, 22, 24, 25' },
    ]);
    expect((await transactions(giro)).map((t) => t.amount_cents)).toEqual([-4_550]);
    expect((await transactions(card)).map((t) => t.amount_cents)).toEqual([-18_900]);
    expect((await account(giro)).last_statement_balance_cents).toBe(95_450);
    expect((await account(card)).last_statement_balance_cents).toBe(-18_900);
    await harness.close();
  });
});

describe('an export of several accounts, read through a mapping with their column', () => {
  const mapping: CsvMapping = {
    delimiter: ';',
    decimal: ',',
    dateFormat: 'DD.MM.YYYY',
    skipLines: 0,
    bookingDate: 'Datum',
    valueDate: null,
    amount: 'Betrag',
    debit: null,
    credit: null,
    counterpartyName: null,
    counterpartyIban: null,
    remittance: 'Text',
    reference: null,
    currency: null,
    ownAccount: 'Konto',
  };
  const file = ['Datum;Betrag;Text;Konto', '02.03.2026;-10,00;Umbuchung;DE89370400440532013000', '02.03.2026;10,00;Umbuchung;DE02 1203 0000 0000 2020 51'].join(
    '\n',
  );

  it("imports each account's rows into the account its IBAN names, though the account whose mapping read the file was chosen", async () => {
    const { run, open, transactions, harness } = await setup();
    const holder = await open('DE89370400440532013000');
    const record = await run(file, 'rows', { accountId: holder, rowsNameAccounts: true }, mapping);
    expect(record.account_ids).toEqual([holder, bankAccountId(1001, 'DE02120300000000202051')]);
    expect((await transactions(holder)).map((t) => t.amount_cents)).toEqual([-1_000]);
    expect((await transactions(bankAccountId(1001, 'DE02120300000000202051'))).map((t) => t.amount_cents)).toEqual([1_000]);
    // Without the column the chosen account is the whole file's: a statement of another IBAN is refused.
    await expect(run(file, 'whole', { accountId: holder }, mapping)).rejects.toMatchObject({ code: 422 });
    await harness.close();
  });
});

describe('entries that are not booked, and batch bookings', () => {
  it("records the entries of an MT942 as the account's pending transactions", async () => {
    const { run, transactions, harness } = await setup();
    const record = await run(
      ':20:R\n:25:AT611904300234573201\n:28C:1/1\n:34F:EURD0,\n:13D:2603091733+0100\n:61:260309C25,00NTRFNONREF//P-1\n:86:166?20SVWZ+Vorgemerkt\n:90D:0EUR0,00\n:90C:1EUR25,00\n',
      'mt942',
    );
    expect(record).toMatchObject({ format: 'mt942', added: 0, pending: 1, statements: [{ pending: 1 }], warnings: [] });
    expect((await transactions()).map((t) => [t.status, t.amount_cents])).toEqual([['pending', 2_500]]);
    await harness.close();
  });

  it('adds nothing for a notification of a batch booking the statement already recorded as a lump sum', async () => {
    const { run, transactions, harness } = await setup();
    const lump = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.04"><BkToCstmrStmt><Stmt><Id>S</Id><Acct><Id><IBAN>AT611904300234573201</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-05-04</Dt></BookgDt><AcctSvcrRef>B-77</AcctSvcrRef></Ntry></Stmt></BkToCstmrStmt></Document>`;
    const tx = (cents: number, e2e: string) =>
      `<TxDtls><Refs><EndToEndId>${e2e}</EndToEndId></Refs><AmtDtls><TxAmt><Amt Ccy="EUR">${(cents / 100).toFixed(2)}</Amt></TxAmt></AmtDtls></TxDtls>`;
    const details = `<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.054.001.04"><BkToCstmrDbtCdtNtfctn><Ntfctn><Id>N</Id><Acct><Id><IBAN>AT611904300234573201</IBAN></Id></Acct><Ntry><Amt Ccy="EUR">30.00</Amt><CdtDbtInd>CRDT</CdtDbtInd><Sts>BOOK</Sts><BookgDt><Dt>2026-05-04</Dt></BookgDt><AcctSvcrRef>B-77</AcctSvcrRef><NtryDtls>${tx(1_000, 'E1')}${tx(2_000, 'E2')}</NtryDtls></Ntry></Ntfctn></BkToCstmrDbtCdtNtfctn></Document>`;
    expect(await run(lump, 'lump')).toMatchObject({ added: 1 });
    expect(await run(details, 'details')).toMatchObject({ format: 'camt.054.001.04', added: 0, duplicates: 2 });
    expect((await transactions()).map((t) => t.amount_cents)).toEqual([3_000]);
    await harness.close();
  });
});
