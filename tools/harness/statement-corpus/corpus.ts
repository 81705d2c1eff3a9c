import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { CsvMapping } from '@portal/contracts';
import { readCamt } from './camt-reading';
import { readCsv, type CsvLayout } from './csv-reading';
import { decoded, type Reading } from './reading';
import { readSwift } from './swift-reading';
import { ROOT } from '../proc';

/** The shared statement corpus (files of other open-source parsers, see its SOURCES.md); BANK_STATEMENTS_DIR overrides. */
export const CORPUS_DIR = process.env.BANK_STATEMENTS_DIR ?? resolve(ROOT, '../shared/fixtures/bank-statements');
export const CORPUS_FOLDERS = ['camt052', 'camt053', 'camt054', 'csv', 'mt940', 'zip'] as const;

/**
 * Held out by source: never looked at while the parser's rules were written, reported apart. Three source
 * repositories (Danish/Nordic, Polish and German MT940 and MT942; Swiss camt.053/.054; German camt.052 and
 * MT940 of hbci4java) and one CSV bank (N26).
 */
export const HELD_OUT = [
  /^svenstaro__mt940-rs__/,
  /^dvbern__iso20022__/,
  /^hbci4j__hbci4java__/,
  /^bank2ynab__bank2ynab__test__test-data__20171001-20171106\.csv$/,
];

export interface CorpusFile {
  folder: (typeof CORPUS_FOLDERS)[number];
  name: string;
  path: string;
  heldOut: boolean;
}

export function corpusFiles(): CorpusFile[] {
  if (!existsSync(CORPUS_DIR)) return [];
  return CORPUS_FOLDERS.flatMap((folder) => {
    const dir = join(CORPUS_DIR, folder);
    if (!existsSync(dir)) return [];
    return readdirSync(dir)
      .sort()
      .map((name) => ({ folder, name, path: join(dir, name), heldOut: HELD_OUT.some((p) => p.test(name)) }));
  });
}

/** Each CSV of the corpus, by hand from the bank's export layout: the bank (null: not a bank export the portal knows). */
export const CSV_FILES: Record<string, { bank: string | null; layout: CsvLayout }> = {
  'omarkohl__ofxstatement-sparkasse-freiburg__tests__data__simple1.csv': {
    bank: 'Sparkasse',
    layout: { delimiter: ';', skip: 1, date: 1, amount: 14, account: 0, decimal: ',', pending: { column: 16, values: ['Umsatz vorgemerkt'] } },
  },
  'omarkohl__ofxstatement-sparkasse-freiburg__tests__data__simple2.csv': {
    bank: 'Sparkasse',
    layout: { delimiter: ';', skip: 1, date: 1, amount: 14, account: 0, decimal: ',', pending: { column: 16, values: ['Umsatz vorgemerkt'] } },
  },
  'bank2ynab__bank2ynab__test__test-data__test_raiffeisen_01.csv': {
    bank: 'Raiffeisen',
    layout: { delimiter: ';', skip: 0, date: 0, amount: 3, decimal: ',' },
  },
  'bank2ynab__bank2ynab__test__test-data__20171001-20171106.csv': { bank: 'N26', layout: { delimiter: ',', skip: 1, date: 0, amount: 6, decimal: '.' } },
  'sebastienrousseau__bankstatementparser__tests__test_data__golden__csv_european_decimals.csv': {
    bank: null,
    layout: { delimiter: ';', skip: 1, date: 0, amount: 2, decimal: ',' },
  },
};

/** The column mapping a user saves for a CSV the portal does not recognise (as the import dialog asks for it). */
export const USER_MAPPINGS: Record<string, CsvMapping> = {
  'sebastienrousseau__bankstatementparser__tests__test_data__golden__csv_european_decimals.csv': {
    delimiter: ';',
    decimal: ',',
    dateFormat: 'YYYY-MM-DD',
    skipLines: 0,
    bookingDate: 'Buchungstag',
    valueDate: null,
    amount: 'Betrag',
    debit: null,
    credit: null,
    counterpartyName: null,
    counterpartyIban: 'IBAN',
    remittance: 'Verwendungszweck',
    reference: 'Ref',
    currency: 'CCY',
  },
};

/**
 * CSV layouts and user mappings of a corpus outside the repository (a held-out set): BANK_STATEMENTS_LAYOUTS names
 * a JSON file `{ "csv": { <file>: { bank, layout } }, "mappings": { <file>: CsvMapping } }`, written from the files'
 * column titles before the set is run.
 */
const outsideLayouts = process.env.BANK_STATEMENTS_LAYOUTS;
if (outsideLayouts) {
  const extra = JSON.parse(readFileSync(outsideLayouts, 'utf8')) as { csv?: typeof CSV_FILES; mappings?: typeof USER_MAPPINGS };
  Object.assign(CSV_FILES, extra.csv ?? {});
  Object.assign(USER_MAPPINGS, extra.mappings ?? {});
}

/** What the file says, read without the parser under test. */
export function readingOf(file: CorpusFile): Reading {
  const bytes = readFileSync(file.path);
  if (file.folder === 'csv') {
    const known = CSV_FILES[file.name];
    if (!known) throw new Error(`The corpus spec has no layout for ${file.name}: add it to CSV_FILES.`);
    return readCsv(decoded(bytes), known.layout);
  }
  const text = decoded(bytes);
  return /^\s*</.test(text.replace(/^\uFEFF/, '')) ? readCamt(text) : readSwift(text);
}
