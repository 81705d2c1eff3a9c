import { readFileSync } from 'node:fs';
import type { BankImport, BankTransaction, CsvMapping } from '@portal/contracts';
import { parseStatementFile, StatementParseError, type BankStatement } from '@portal/bank-statements';
import { bankAccountDecider, bankAccountId, bankAccountStreamId, composeIBAN } from '@portal/domain';
import { BANK_TRANSACTIONS } from '@portal/read-models';
import { bankingHarness } from '@portal/tools';
import { CORPUS_DIR, CSV_FILES, USER_MAPPINGS, corpusFiles, readingOf, type CorpusFile } from '../../../test/bank-statement-corpus/corpus';
import type { ReadStatement } from '../../../test/bank-statement-corpus/reading';
import { StatementImporter } from './statement-import';

jest.setTimeout(300_000);

const files = corpusFiles();
/** Held-out files whose import differs from the independent reading (see the report of the held-out run). */
const KNOWN_HELD_OUT_FAILURES = new Set([
  // A balance of 100.0000000000005: the reading refuses more than two non-zero decimals, the parser keeps cents.
  'hbci4j__hbci4java__src__test__resources__org__kapott__hbci4java__sepa__test-camt-parse-5200108-invalid-saldo.xml',
  // A balance without its date: the parser refuses it (naming Rpt 1, Bal 1), the reading does not check balance dates.
  'hbci4j__hbci4java__src__test__resources__org__kapott__hbci4java__sepa__test-camt-parse-5200108-missing-date.xml',
]);
/** A refusal names where the file went wrong: a line, an element or a field. */
const NAMES_WHERE = /\bline \d+|\belement\b|\b(Document|BkToCstmr\w+|Stmt|Rpt|Ntfctn|Ntry|Bal|Amt|CdtDbtInd|DOCTYPE)\b|:\d\d[A-Z]?:|\bcolumn\b|\brow \d+/i;

type Outcome = { kind: 'imported'; statements: BankStatement[]; record: BankImport; transactions: BankTransaction[] } | { kind: 'refused'; message: string };

/**
 * The IBAN a user's account has for an account a statement names without one: German and Austrian bank code
 * and account number make it; anything else is some account of the client.
 */
function ibanFor(text: string, clientNo: number, n: number): string {
  const national = /^(\d{8}|\d{5})\/(\d{1,11})$/.exec(text.replace(/\s+/g, ''));
  if (national) return composeIBAN({ countryCode: national[1]!.length === 8 ? 'DE' : 'AT', bban: `${national[1]}${national[2]!.padStart(national[1]!.length === 8 ? 10 : 11, '0')}` })!;
  return composeIBAN({ countryCode: 'AT', bban: `19043${String(clientNo * 10 + n).padStart(11, '0')}` })!;
}

/** The parser and importer under test, as the upload route uses them, with the accounts a user would choose. */
async function importFile(file: CorpusFile, clientNo: number, harness: Awaited<ReturnType<typeof bankingHarness>>): Promise<Outcome> {
  const bytes = readFileSync(file.path);
  const mapping: CsvMapping | null = USER_MAPPINGS[file.name] ?? null;
  let read;
  try {
    read = parseStatementFile(bytes, { csvMapping: mapping });
  } catch (e) {
    if (e instanceof StatementParseError) return { kind: 'refused', message: e.message };
    throw e;
  }
  const texts = [...new Set(read.statements.filter((s) => s.iban === null).map((s) => s.accountText ?? ''))];
  const accounts: Record<string, string> = {};
  for (const [n, text] of texts.entries()) {
    const iban = ibanFor(text, clientNo, n);
    const id = bankAccountId(clientNo, iban);
    const currency = read.statements.find((s) => (s.accountText ?? '') === text)?.currency ?? 'EUR';
    await harness.commands.send(bankAccountDecider, bankAccountStreamId(id), { type: 'OpenBankAccount', clientNo, iban, bic: null, bankName: 'Corpus', accountType: 'checking', currency, label: 'Corpus', openingBalanceCents: 0, openingDate: '1990-01-01' }, { userId: 'corpus', clientNo, commandId: `open-${clientNo}-${n}` });
    accounts[text] = id;
  }
  const importer = new StatementImporter(harness.reads, harness.commands);
  try {
    const single = texts.length === 1 ? accounts[texts[0]!]! : null;
    const record = (await importer.run({ clientNo, fileName: file.name, file: read, accountId: single, accounts: single ? {} : accounts, replacePending: false, context: { userId: 'corpus', clientNo, commandId: `import-${clientNo}` } })) as unknown as BankImport;
    const transactions = (await harness.reads.find(BANK_TRANSACTIONS, { where: { client_no: clientNo }, sort: [], skip: 0, limit: 100_000 })).data as unknown as BankTransaction[];
    return { kind: 'imported', statements: read.statements, record, transactions };
  } catch (e) {
    return { kind: 'refused', message: `import: ${e instanceof Error ? e.message : String(e)}` };
  }
}

/** Entries as the bank lists them: the parts of one split batch entry count once. */
function bankEntries(s: BankStatement, status: string): { count: number; cents: number } {
  const entries = s.entries.filter((e) => e.status === status);
  const batches = new Set(entries.filter((e) => e.batchRef !== null).map((e) => e.batchRef));
  return { count: entries.filter((e) => e.batchRef === null).length + batches.size, cents: entries.reduce((sum, e) => sum + e.amountCents, 0) };
}

const reconciles = (s: ReadStatement) => s.opening === null || s.closing === null || s.opening + s.booked.cents === s.closing;

/** Why the import differs from the independent reading; null when it is right. */
function verdict(file: CorpusFile, outcome: Outcome): string | null {
  const reading = readingOf(file);
  if (reading.kind === 'not-a-statement') {
    if (outcome.kind === 'imported') return `imported, but the file is not a statement (${reading.why})`;
    return NAMES_WHERE.test(outcome.message) ? null : `refused without naming where: ${outcome.message}`;
  }
  if (outcome.kind === 'refused') return `refused: ${outcome.message}`;
  const { statements, record, transactions } = outcome;
  if (statements.length !== reading.statements.length) return `${statements.length} statements, the file has ${reading.statements.length}`;
  if (record.statements.length !== reading.statements.length) return `the import record lists ${record.statements.length} statements, the file has ${reading.statements.length}`;
  for (const [i, read] of reading.statements.entries()) {
    const parsed = statements[i]!;
    const recorded = record.statements[i]!;
    const where = `statement ${i + 1}`;
    if ((parsed.opening?.amountCents ?? null) !== read.opening || recorded.opening_cents !== read.opening) return `${where}: opening ${recorded.opening_cents}, the file says ${read.opening}`;
    if ((parsed.closing?.amountCents ?? null) !== read.closing || recorded.closing_cents !== read.closing) return `${where}: closing ${recorded.closing_cents}, the file says ${read.closing}`;
    for (const status of ['booked', 'pending'] as const) {
      const got = bankEntries(parsed, status);
      if (got.count !== read[status].count || got.cents !== read[status].cents) return `${where}: ${got.count} ${status} entries of ${got.cents}, the file has ${read[status].count} of ${read[status].cents}`;
    }
    const mismatch = record.warnings.find((w) => w.kind === 'balance-mismatch' && w.statement_index === i + 1);
    if (!reconciles(read) && !(mismatch && mismatch.expected_cents === read.opening! + read.booked.cents && mismatch.actual_cents === read.closing)) return `${where}: opening + entries ≠ closing, but the import does not warn with both figures`;
  }
  const booked = transactions.filter((t) => t.status === 'booked');
  const bookedCents = reading.statements.reduce((s, r) => s + r.booked.cents, 0);
  if (booked.reduce((s, t) => s + t.amount_cents, 0) !== bookedCents) return `the ledger holds ${booked.reduce((s, t) => s + t.amount_cents, 0)} booked, the file ${bookedCents}`;
  return null;
}

const describeCorpus = files.length > 0 ? describe : describe.skip;
if (files.length === 0) console.warn(`statement corpus skipped: ${CORPUS_DIR} is absent (set BANK_STATEMENTS_DIR to the folder of ../shared/fixtures/bank-statements).`);

describeCorpus('every statement file of the shared corpus', () => {
  const results: Array<{ file: CorpusFile; problem: string | null }> = [];
  let harness: Awaited<ReturnType<typeof bankingHarness>>;
  beforeAll(async () => {
    harness = await bankingHarness();
    for (const [i, file] of files.entries()) {
      const outcome = await importFile(file, 60_000 + i, harness);
      results.push({ file, problem: verdict(file, outcome) });
    }
    const rows = new Map<string, { right: number; total: number }>();
    for (const { file, problem } of results) {
      for (const key of [`${file.heldOut ? 'held-out' : 'tuning'} ${file.folder}`, `${file.heldOut ? 'held-out' : 'tuning'} all`]) {
        const row = rows.get(key) ?? { right: 0, total: 0 };
        row.total++;
        if (problem === null) row.right++;
        rows.set(key, row);
      }
    }
    const table = [...rows].sort(([a], [b]) => a.localeCompare(b)).map(([key, r]) => `${key.padEnd(18)} ${r.right}/${r.total}`);
    const wrong = results.filter((r) => r.problem !== null).map((r) => `${r.file.heldOut ? '[held-out] ' : ''}${r.file.folder}/${r.file.name}: ${r.problem}`);
    console.log(`statement corpus (${CORPUS_DIR}):\n${table.join('\n')}\n${wrong.join('\n')}`);
  });
  afterAll(() => harness?.close());

  const known = (f: CorpusFile) => KNOWN_HELD_OUT_FAILURES.has(f.name);
  it.each(files.filter((f) => !known(f)).map((f) => [`${f.folder}/${f.name}`, f] as const))('%s is imported as the file says, or refused naming where', (_name, file) => {
    expect(results.find((r) => r.file === file)?.problem).toBeNull();
  });

  // Held-out files the import reads otherwise than the independent reading: listed, not fixed (their failures were
  // seen, so changing a rule for them would tune the parser to the held-out half). A fix found otherwise shows here.
  it.failing.each(files.filter(known).map((f) => [`${f.folder}/${f.name}`, f] as const))('%s (held out) is imported as the file says, or refused naming where', (_name, file) => {
    expect(results.find((r) => r.file === file)?.problem).toBeNull();
  });
});

describe('the corpus layouts', () => {
  it('name a layout for every CSV of the corpus', () => {
    for (const file of files.filter((f) => f.folder === 'csv')) expect(CSV_FILES[file.name]).toBeDefined();
  });
});
