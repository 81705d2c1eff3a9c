import { readFileSync } from 'node:fs';
import type { BankImport, BankTransaction, CsvMapping } from '@portal/contracts';
import type { StatementImporter } from '@portal/api';
import { parseStatementFile, StatementParseError, type BankStatement } from '@portal/bank-statements';
import { bankAccountDecider, bankAccountId, bankAccountStreamId, composeIBAN } from '@portal/domain';
import { BANK_TRANSACTIONS } from '@portal/read-models';
import type { bankingHarness } from '../banking-harness';
import { USER_MAPPINGS, readingOf, type CorpusFile } from './corpus';
import type { ReadStatement } from './reading';

type Harness = Awaited<ReturnType<typeof bankingHarness>>;

/** A refusal names where the file went wrong: a line, an element or a field. */
const NAMES_WHERE = /\bline \d+|\belement\b|\b(Document|BkToCstmr\w+|Stmt|Rpt|Ntfctn|Ntry|Bal|Amt|CdtDbtInd|DOCTYPE)\b|:\d\d[A-Z]?:|\bcolumn\b|\brow \d+/i;

type Outcome = { kind: 'imported'; statements: BankStatement[]; record: BankImport; transactions: BankTransaction[] } | { kind: 'refused'; message: string };

export interface CorpusResult {
  file: CorpusFile;
  /** Why the import differs from the independent reading; null when it is right. */
  problem: string | null;
}

/**
 * The IBAN a user's account has for an account a statement names without one: German and Austrian bank code
 * and account number make it; anything else is some account of the client.
 */
function ibanFor(text: string, clientNo: number, n: number): string {
  const national = /^(\d{8}|\d{5})\/(\d{1,11})$/.exec(text.replace(/\s+/g, ''));
  if (national)
    return composeIBAN({
      countryCode: national[1]!.length === 8 ? 'DE' : 'AT',
      bban: `${national[1]}${national[2]!.padStart(national[1]!.length === 8 ? 10 : 11, '0')}`,
    })!;
  return composeIBAN({ countryCode: 'AT', bban: `19043${String(clientNo * 10 + n).padStart(11, '0')}` })!;
}

/** The parser and importer under test, as the upload route uses them, with the accounts a user would choose. */
async function importFile(file: CorpusFile, clientNo: number, harness: Harness, importer: StatementImporter): Promise<Outcome> {
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
    await harness.commands.send(
      bankAccountDecider,
      bankAccountStreamId(id),
      {
        type: 'OpenBankAccount',
        clientNo,
        iban,
        bic: null,
        bankName: 'Corpus',
        accountType: 'checking',
        currency,
        label: 'Corpus',
        openingBalanceCents: 0,
        openingDate: '1990-01-01',
      },
      { userId: 'corpus', clientNo, commandId: `open-${clientNo}-${n}` },
    );
    accounts[text] = id;
  }
  try {
    const single = texts.length === 1 ? accounts[texts[0]!]! : null;
    const record = (await importer.run({
      clientNo,
      fileName: file.name,
      file: read,
      accountId: single,
      accounts: single ? {} : accounts,
      replacePending: false,
      context: { userId: 'corpus', clientNo, commandId: `import-${clientNo}` },
    })) as unknown as BankImport;
    const transactions = (await harness.reads.find(BANK_TRANSACTIONS, { where: { client_no: clientNo }, sort: [], skip: 0, limit: 100_000 }))
      .data as unknown as BankTransaction[];
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

/** Why the import differs from the independent reading (same statements, entries, balances); null when it is right. */
function verdict(file: CorpusFile, outcome: Outcome): string | null {
  const reading = readingOf(file);
  if (reading.kind === 'not-a-statement') {
    if (outcome.kind === 'imported') return `imported, but the file is not a statement (${reading.why})`;
    return NAMES_WHERE.test(outcome.message) ? null : `refused without naming where: ${outcome.message}`;
  }
  if (outcome.kind === 'refused') return `refused: ${outcome.message}`;
  const { statements, record, transactions } = outcome;
  if (statements.length !== reading.statements.length) return `${statements.length} statements, the file has ${reading.statements.length}`;
  if (record.statements.length !== reading.statements.length)
    return `the import record lists ${record.statements.length} statements, the file has ${reading.statements.length}`;
  for (const [i, read] of reading.statements.entries()) {
    const parsed = statements[i]!;
    const recorded = record.statements[i]!;
    const where = `statement ${i + 1}`;
    if ((parsed.opening?.amountCents ?? null) !== read.opening || recorded.opening_cents !== read.opening)
      return `${where}: opening ${recorded.opening_cents}, the file says ${read.opening}`;
    if ((parsed.closing?.amountCents ?? null) !== read.closing || recorded.closing_cents !== read.closing)
      return `${where}: closing ${recorded.closing_cents}, the file says ${read.closing}`;
    for (const status of ['booked', 'pending'] as const) {
      const got = bankEntries(parsed, status);
      if (got.count !== read[status].count || got.cents !== read[status].cents)
        return `${where}: ${got.count} ${status} entries of ${got.cents}, the file has ${read[status].count} of ${read[status].cents}`;
    }
    const mismatch = record.warnings.find((w) => w.kind === 'balance-mismatch' && w.statement_index === i + 1);
    if (!reconciles(read) && !(mismatch && mismatch.expected_cents === read.opening! + read.booked.cents && mismatch.actual_cents === read.closing))
      return `${where}: opening + entries ≠ closing, but the import does not warn with both figures`;
  }
  const booked = transactions.filter((t) => t.status === 'booked');
  const bookedCents = reading.statements.reduce((s, r) => s + r.booked.cents, 0);
  if (booked.reduce((s, t) => s + t.amount_cents, 0) !== bookedCents)
    return `the ledger holds ${booked.reduce((s, t) => s + t.amount_cents, 0)} booked, the file ${bookedCents}`;
  return null;
}

/**
 * Each file parsed and imported (a client of its own) by the importer over the harness's stores, and compared
 * with the independent reading.
 */
export async function checkCorpus(files: CorpusFile[], harness: Harness, importer: StatementImporter): Promise<CorpusResult[]> {
  const results: CorpusResult[] = [];
  for (const [i, file] of files.entries()) results.push({ file, problem: verdict(file, await importFile(file, 60_000 + i, harness, importer)) });
  return results;
}

export interface CorpusTally {
  /** "tuning" or "held-out", and "all" or the corpus folder (format). */
  half: 'tuning' | 'held-out';
  folder: string;
  right: number;
  total: number;
}

/** Files read right per half (tuning, held out) and per folder, the halves' totals first. */
export function tallyCorpus(results: CorpusResult[]): CorpusTally[] {
  const rows = new Map<string, CorpusTally>();
  for (const { file, problem } of results) {
    const half = file.heldOut ? 'held-out' : 'tuning';
    for (const folder of ['all', file.folder]) {
      const row = rows.get(`${half} ${folder}`) ?? { half, folder, right: 0, total: 0 };
      row.total++;
      if (problem === null) row.right++;
      rows.set(`${half} ${folder}`, row);
    }
  }
  const order = (r: CorpusTally) => `${r.half === 'tuning' ? 0 : 1} ${r.folder === 'all' ? '' : r.folder}`;
  return [...rows.values()].sort((a, b) => order(a).localeCompare(order(b)));
}

/** The tally as a table, then every file read wrong with why. */
export function corpusReport(results: CorpusResult[]): string {
  const table = tallyCorpus(results).map((r) => `${`${r.half} ${r.folder}`.padEnd(18)} ${r.right}/${r.total}`);
  const wrong = results.filter((r) => r.problem !== null).map((r) => `${r.file.heldOut ? '[held-out] ' : ''}${r.file.folder}/${r.file.name}: ${r.problem}`);
  return [...table, ...wrong].join('\n');
}
