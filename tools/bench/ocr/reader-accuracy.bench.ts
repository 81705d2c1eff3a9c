import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ORIGIN, type ExtractedFields } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/demo-data';
import { extractDocument, findEInvoiceAttachment, OcrEngine, parseEInvoice, detectPageLanguage, readAssociatedFiles } from '@portal/extraction';
import { outsideFixtures } from '../../harness/outside-fixtures';

/**
 * How well the page reader reads invoices: each PDF is read with its embedded XML ignored and compared field by
 * field with the truth (the XML, or the generator's model). A value shown but wrong is counted apart from a value
 * left empty: a wrong one costs an accountant more.
 */

export type ReaderGroup = 'corpus' | 'blanko' | 'own';

export interface ReaderSample {
  name: string;
  group: ReaderGroup;
  bytes: Buffer;
  truth: ExtractedFields;
}

export interface FieldTally {
  right: number;
  wrong: number;
  empty: number;
}

export interface ReaderMistake {
  file: string;
  field: string;
  expected: string;
  shown: string;
}

/** The goal of issue 23 differs by language: German and English pages apart from Dutch, French and Italian ones. */
export type LanguageGroup = 'de/en' | 'nl/fr/it';

export interface FieldTallies {
  invoices: number;
  total: FieldTally;
  byField: Record<string, FieldTally>;
}

export interface ReaderReport extends FieldTallies {
  group: ReaderGroup;
  fullyRight: number;
  /** The same counts per language of the page (detected from its text). */
  byLanguage: Partial<Record<LanguageGroup, FieldTallies>>;
  wrong: ReaderMistake[];
  /** Seconds per invoice, mean (text pages; scans of the generator's set include OCR). */
  secondsPerInvoice: number;
  /** Whole extraction (PDF reading included) per page, for documents read from their text layer and for scans. */
  secondsPerTextPage?: number;
  secondsPerScannedPage?: number;
}

// Names are compared as an accountant would: case, punctuation, the legal form and a salutation do not make a
// name wrong ("Au bon moulin" = "AU BON MOULIN SARL", "Herrn Max Mustermann" = "Max Mustermann"), and a truth that
// prefixes identifiers ("GLN 4333741000005 Lief-Nr: 549910 MUSTERLIEFERANT GMBH") names the company at its end.
const LEGAL_FORMS = /\b(?:gmbh(?: & co(?: kg)?)?|ag|kg|og|ug|e ?k|e ?u|sarl|sas|sa|s ?r ?l|spa|bv|nv|ltd|llc|inc|plc|a ?g)\b/g;
const normName = (s: string | undefined): string | undefined =>
  s
    ?.toLowerCase()
    .replace(/[^\p{L}\p{N}&]+/gu, ' ')
    .replace(/^(?:(?:gln|\p{L}+ nr|nr)\s+\d+\s+)+/u, '')
    .replace(/^(?:herrn?|frau|firma|mr|mrs|ms|m|mme)\s+/, '')
    .replace(LEGAL_FORMS, ' ')
    .replace(/\s+/g, ' ')
    .trim() || undefined;
const money = (n: number | undefined): string | undefined => (n === undefined ? undefined : n.toFixed(2));

/** The fields of issue 23, each read the same way from the truth and from the result. */
export const READER_FIELDS: Array<[name: string, read: (f: ExtractedFields) => string | undefined]> = [
  ['invoice_number', (f) => f.invoice_number?.trim()],
  ['invoice_date', (f) => f.invoice_date],
  ['due_date', (f) => f.due_date],
  ['currency', (f) => f.currency],
  ['document_kind', (f) => f.document_kind],
  ['seller_name', (f) => normName(f.biller?.name)],
  ['seller_vat_id', (f) => f.biller?.vat_id],
  ['buyer_name', (f) => normName(f.recipient?.name)],
  ['net', (f) => money(f.net_amount)],
  ['tax', (f) => money(f.tax_amount)],
  ['gross', (f) => money(f.gross_amount)],
  ['tax_per_rate', (f) => (f.tax_breakdown?.length ? [...f.tax_breakdown].sort((a, b) => a.rate - b.rate).map((b) => `${b.rate}:${money(b.net)}:${money(b.tax)}`).join(' ') : undefined)],
  ['iban', (f) => f.iban],
  ['payment_reference', (f) => f.payment_reference?.trim()],
];

function tally(): FieldTally {
  return { right: 0, wrong: 0, empty: 0 };
}

export function languageGroup(text: string): LanguageGroup {
  const language = detectPageLanguage(text);
  return language === 'nl' || language === 'fr' || language === 'it' ? 'nl/fr/it' : 'de/en';
}

function count(tallies: FieldTallies, field: string, outcome: keyof FieldTally): void {
  (tallies.byField[field] ??= tally())[outcome]++;
  tallies.total[outcome]++;
}

/** Reads every sample with the XML ignored and counts right, wrong and empty per field and per language. */
export async function measureReader(samples: readonly ReaderSample[], group: ReaderGroup, ocr: OcrEngine): Promise<ReaderReport> {
  const report: ReaderReport = { group, invoices: 0, fullyRight: 0, total: tally(), byField: {}, byLanguage: {}, wrong: [], secondsPerInvoice: 0 };
  let ms = 0;
  const perPage = { text: { ms: 0, pages: 0 }, scanned: { ms: 0, pages: 0 } };
  for (const sample of samples.filter((s) => s.group === group)) {
    const result = await extractDocument({ bytes: sample.bytes, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false });
    ms += result.ms;
    const pages = perPage[result.pageOrigins.includes(ORIGIN.OCR) ? 'scanned' : 'text'];
    pages.ms += result.ms;
    pages.pages += Math.max(1, result.pages);
    report.invoices++;
    const language = (report.byLanguage[languageGroup(result.text)] ??= { invoices: 0, total: tally(), byField: {} });
    language.invoices++;
    let allRight = true;
    for (const [name, read] of READER_FIELDS) {
      const expected = read(sample.truth);
      if (expected === undefined) continue;
      const shown = read(result.fields);
      const outcome: keyof FieldTally = shown === undefined ? 'empty' : shown === expected ? 'right' : 'wrong';
      count(report, name, outcome);
      count(language, name, outcome);
      if (outcome !== 'right') allRight = false;
      if (outcome === 'wrong') report.wrong.push({ file: sample.name, field: name, expected, shown: shown! });
    }
    if (allRight) report.fullyRight++;
  }
  report.secondsPerInvoice = report.invoices > 0 ? ms / 1000 / report.invoices : 0;
  if (perPage.text.pages > 0) report.secondsPerTextPage = perPage.text.ms / 1000 / perPage.text.pages;
  if (perPage.scanned.pages > 0) report.secondsPerScannedPage = perPage.scanned.ms / 1000 / perPage.scanned.pages;
  return report;
}

export const precision = (t: FieldTally): number => (t.right + t.wrong === 0 ? 1 : t.right / (t.right + t.wrong));
export const recall = (t: FieldTally): number => (t.right + t.wrong + t.empty === 0 ? 1 : t.right / (t.right + t.wrong + t.empty));

/** The truth of a PDF with an embedded e-invoice: what the XML says (read in-process when its /AF names it). */
async function xmlTruth(bytes: Buffer, ocr: OcrEngine): Promise<ExtractedFields | undefined> {
  const found = findEInvoiceAttachment(await readAssociatedFiles(bytes).catch(() => []));
  if (found) return parseEInvoice(found.xml).fields;
  const result = await extractDocument({ bytes, mediaType: 'application/pdf' }, { ocr });
  return result.einvoice ? result.fields : undefined;
}

/** The 48 corpus invoices of other producers (`corpus/`), or none when the outside fixtures are absent. */
export async function corpusSamples(ocr: OcrEngine): Promise<ReaderSample[]> {
  const dir = outsideFixtures('corpus');
  if (!dir) return [];
  const samples: ReaderSample[] = [];
  for (const folder of readdirSync(dir).sort()) {
    for (const file of readdirSync(path.join(dir, folder)).filter((f) => f.toLowerCase().endsWith('.pdf')).sort()) {
      const bytes = readFileSync(path.join(dir, folder, file));
      const truth = await xmlTruth(bytes, ocr);
      if (truth) samples.push({ name: `${folder}/${file}`, group: 'corpus', bytes, truth });
    }
  }
  return samples;
}

/** `zugferd/*blanko.pdf`: the same layout without XML, with the truth from its twin that has one. */
export async function blankoSamples(ocr: OcrEngine): Promise<ReaderSample[]> {
  const dir = outsideFixtures('zugferd');
  if (!dir) return [];
  const samples: ReaderSample[] = [];
  for (const file of readdirSync(dir).filter((f) => /blanko\.pdf$/i.test(f))) {
    const truth = await xmlTruth(readFileSync(path.join(dir, file.replace(/blanko\.pdf$/i, '.pdf'))), ocr).catch(() => undefined);
    if (truth) samples.push({ name: `zugferd/${file}`, group: 'blanko', bytes: readFileSync(path.join(dir, file)), truth });
  }
  return samples;
}

/** The generator's own invoices (text, ZUGFeRD and scanned PDFs), reported apart. */
export async function ownSamples(count: number): Promise<ReaderSample[]> {
  const invoices = await generateDemoInvoices({ companyNo: 1003, companyName: 'Donau Logistik GmbH', companyPlace: 'Linz', count, seed: 23, today: new Date('2026-11-01T00:00:00Z') });
  return invoices.map((i) => ({ name: `${i.kind}/${i.fileName}`, group: 'own' as const, bytes: i.bytes, truth: { ...i.expected, document_kind: 'invoice' as const } }));
}

export interface ReaderMeasurement {
  reports: ReaderReport[];
  /** Why a group was not measured (the outside fixtures are absent). */
  skipped: string[];
}

/** How many of the generator's invoices are read: the same count before and after a change. */
export const OWN_SAMPLE_COUNT = 20;

/** The three groups: the corpus, the blanko PDFs and `ownCount` of the generator's invoices. */
export async function measureReaderOnAll(options: { ownCount?: number } = {}): Promise<ReaderMeasurement> {
  const ocr = new OcrEngine();
  try {
    const samples = [...(await corpusSamples(ocr)), ...(await blankoSamples(ocr)), ...(await ownSamples(options.ownCount ?? OWN_SAMPLE_COUNT))];
    const reports: ReaderReport[] = [];
    const skipped: string[] = [];
    for (const group of ['corpus', 'blanko', 'own'] as const) {
      if (samples.some((s) => s.group === group)) reports.push(await measureReader(samples, group, ocr));
      else skipped.push(group);
    }
    return { reports, skipped };
  } finally {
    await ocr.terminate();
  }
}
