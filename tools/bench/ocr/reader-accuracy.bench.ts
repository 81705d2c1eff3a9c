import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ORIGIN, type ExtractedFields, type ExtractionResult } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/demo-data';
import { extractDocument, findEInvoiceAttachment, OcrEngine, parseEInvoice, detectPageLanguage, readEmbeddedFiles } from '@portal/extraction';
import { outsideFixtures } from '../../harness/outside-fixtures';
import { generateVariedInvoices } from '../../demo-data/varied-invoices';

/**
 * How well the page reader reads invoices: each PDF is read with its embedded XML ignored and compared field by
 * field with the truth (the XML, or the generator's model). A value shown but wrong is counted apart from a value
 * left empty: a wrong one costs an accountant more.
 */

/**
 * Held-out discipline: the invoices are split by producer (never at random), so that a layout is either tuned on or
 * only measured. Rules are changed while looking at the tuning half's mistakes; the held-out half is run only to
 * measure, and a change that helps the tuning half but hurts the held-out half is not kept.
 */
export type ReaderHalf = 'tuning' | 'held-out';
/** A report covers one half, or both together. */
export type ReaderGroup = ReaderHalf | 'all';

export interface ReaderProducer {
  producer: string;
  half: ReaderHalf;
  /** Sample names (folder/file) of this producer. */
  names: RegExp;
}

/** Every sample's producer and half; a sample no producer claims is an error, so a new file is placed on purpose. */
export const READER_SPLIT: readonly ReaderProducer[] = [
  { producer: 'intarsys (ZUGFeRD 1.0 and 2.0 examples)', half: 'held-out', names: /^intarsys-zugferd-[12]\.0\// },
  { producer: 'FNFE (Factur-X examples)', half: 'held-out', names: /^fnfe-factur-x\// },
  { producer: 'GnuAccounting (Mustang)', half: 'tuning', names: /^zugferd\/MustangGnuaccounting[^/]*blanko\.pdf$/ },
  { producer: 'DWC e-invoice visualisation (Mustang)', half: 'tuning', names: /^zugferd\/(?:EN16931_Einfach|EXTENDED_Fremdwaehrung_wdis_fx-pdfa4)\.pdf$/ },
  { producer: 'PDFlib (Mustang)', half: 'tuning', names: /^zugferd\/zugferd_invoice\.pdf$/ },
  { producer: "the project's demo-invoice generator", half: 'tuning', names: /^own\// },
  { producer: 'varied layouts made by the tests', half: 'tuning', names: /^varied\// },
];

export function producerOf(name: string): ReaderProducer {
  const found = READER_SPLIT.find((p) => p.names.test(name));
  if (!found) throw new Error(`No producer in READER_SPLIT claims ${name}: place it in the tuning or the held-out half`);
  return found;
}

export interface ReaderSample {
  name: string;
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

/** The goal differs by language: German and English pages apart from Dutch, French and Italian ones. */
export type LanguageGroup = 'de/en' | 'nl/fr/it';

export interface FieldTallies {
  invoices: number;
  total: FieldTally;
  byField: Record<string, FieldTally>;
}

export interface ReaderReport extends FieldTallies {
  group: ReaderGroup;
  fullyRight: number;
  /** The same counts per producer. */
  byProducer: Record<string, FieldTallies>;
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

/** The fields, each read the same way from the truth and from the result. */
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
  [
    'tax_per_rate',
    (f) =>
      f.tax_breakdown?.length
        ? [...f.tax_breakdown]
            .sort((a, b) => a.rate - b.rate)
            .map((b) => `${b.rate}:${money(b.net)}:${money(b.tax)}`)
            .join(' ')
        : undefined,
  ],
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

const tallies = (): FieldTallies => ({ invoices: 0, total: tally(), byField: {} });

/** What the reader showed for one sample, read once and tallied into every report it belongs to. */
export interface ReaderReading {
  sample: ReaderSample;
  result: ExtractionResult;
}

/** Reads each sample from its page, with its embedded XML ignored. */
export async function readSamples(samples: readonly ReaderSample[], ocr: OcrEngine): Promise<ReaderReading[]> {
  const readings: ReaderReading[] = [];
  for (const sample of samples)
    readings.push({ sample, result: await extractDocument({ bytes: sample.bytes, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false }) });
  return readings;
}

/** Counts right, wrong and empty per field, language and producer over the readings of the group's half. */
export function tallyReadings(readings: readonly ReaderReading[], group: ReaderGroup): ReaderReport {
  const report: ReaderReport = {
    group,
    invoices: 0,
    fullyRight: 0,
    total: tally(),
    byField: {},
    byLanguage: {},
    byProducer: {},
    wrong: [],
    secondsPerInvoice: 0,
  };
  let ms = 0;
  const perPage = { text: { ms: 0, pages: 0 }, scanned: { ms: 0, pages: 0 } };
  for (const { sample, result } of readings.filter((r) => group === 'all' || producerOf(r.sample.name).half === group)) {
    ms += result.ms;
    const pages = perPage[result.pageOrigins.includes(ORIGIN.OCR) ? 'scanned' : 'text'];
    pages.ms += result.ms;
    pages.pages += Math.max(1, result.pages);
    report.invoices++;
    const language = (report.byLanguage[languageGroup(result.text)] ??= tallies());
    language.invoices++;
    const producer = (report.byProducer[producerOf(sample.name).producer] ??= tallies());
    producer.invoices++;
    let allRight = true;
    for (const [name, read] of READER_FIELDS) {
      const expected = read(sample.truth);
      if (expected === undefined) continue;
      const shown = read(result.fields);
      const outcome: keyof FieldTally = shown === undefined ? 'empty' : shown === expected ? 'right' : 'wrong';
      for (const tallied of [report, language, producer]) count(tallied, name, outcome);
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

/** Reads the samples of the group's half and counts them (see `tallyReadings`). */
export async function measureReader(samples: readonly ReaderSample[], group: ReaderGroup, ocr: OcrEngine): Promise<ReaderReport> {
  const mine = samples.filter((s) => group === 'all' || producerOf(s.name).half === group);
  return tallyReadings(await readSamples(mine, ocr), group);
}

export const precision = (t: FieldTally): number => (t.right + t.wrong === 0 ? 1 : t.right / (t.right + t.wrong));
export const recall = (t: FieldTally): number => (t.right + t.wrong + t.empty === 0 ? 1 : t.right / (t.right + t.wrong + t.empty));

/** The truth of a PDF with an embedded e-invoice: what the XML says (read in-process when its /AF names it). */
async function xmlTruth(bytes: Buffer, ocr: OcrEngine): Promise<ExtractedFields | undefined> {
  const found = findEInvoiceAttachment(await readEmbeddedFiles(bytes).catch(() => []));
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
    for (const file of readdirSync(path.join(dir, folder))
      .filter((f) => f.toLowerCase().endsWith('.pdf'))
      .sort()) {
      const bytes = readFileSync(path.join(dir, folder, file));
      const truth = await xmlTruth(bytes, ocr);
      if (truth) samples.push({ name: `${folder}/${file}`, bytes, truth });
    }
  }
  return samples;
}

/**
 * The Mustang project's PDFs (`zugferd/`): a `*blanko.pdf` (no XML) with the truth from its twin that has one (the
 * twin, the same page, is not read again), and the other PDFs with their own XML. A broken file has no truth.
 */
export async function mustangSamples(ocr: OcrEngine): Promise<ReaderSample[]> {
  const dir = outsideFixtures('zugferd');
  if (!dir) return [];
  const files = readdirSync(dir)
    .filter((f) => f.toLowerCase().endsWith('.pdf'))
    .sort();
  const samples: ReaderSample[] = [];
  for (const file of files) {
    const blanko = /blanko\.pdf$/i.test(file);
    if (!blanko && files.includes(file.replace(/\.pdf$/i, 'blanko.pdf'))) continue;
    const truth = await xmlTruth(readFileSync(path.join(dir, blanko ? file.replace(/blanko\.pdf$/i, '.pdf') : file)), ocr).catch(() => undefined);
    if (truth) samples.push({ name: `zugferd/${file}`, bytes: readFileSync(path.join(dir, file)), truth });
  }
  return samples;
}

/** The generator's own invoices (text, ZUGFeRD and scanned PDFs), reported apart. */
export async function ownSamples(count: number): Promise<ReaderSample[]> {
  const invoices = await generateDemoInvoices({
    companyNo: 1003,
    companyName: 'Donau Logistik GmbH',
    companyPlace: 'Linz',
    count,
    seed: 23,
    today: new Date('2026-11-01T00:00:00Z'),
  });
  return invoices.map((i) => ({ name: `own/${i.kind}/${i.fileName}`, bytes: i.bytes, truth: { ...i.expected, document_kind: 'invoice' as const } }));
}

/**
 * How many varied invoices the bench reads, and how many of them are scans: the same before and after a change. The
 * second round adds layouts made after the first round was read.
 */
export const VARIED_SAMPLE_COUNT = 100;
export const VARIED_SCAN_COUNT = 6;
export const VARIED_SECOND_ROUND = { count: 40, scans: 2 };

/** Invoices of varied layouts, languages and kinds the tests make (tuning half): both rounds. */
export async function variedSamples(count = VARIED_SAMPLE_COUNT, scans = VARIED_SCAN_COUNT, second = VARIED_SECOND_ROUND): Promise<ReaderSample[]> {
  const rounds = [...(await generateVariedInvoices({ count, seed: 31, scans })), ...(await generateVariedInvoices({ ...second, seed: 31, round: 2 }))];
  return rounds.map((v) => ({ name: v.name, bytes: v.bytes, truth: v.truth }));
}

export interface ReaderMeasurement {
  /** The tuning half, the held-out half and both together. */
  reports: ReaderReport[];
  /** Folders of outside fixtures that are absent (their producers were not measured). */
  skipped: string[];
}

/** How many of the generator's invoices are read: the same count before and after a change. */
export const OWN_SAMPLE_COUNT = 20;

/** Both halves and their sum: the corpus, Mustang's PDFs, the demo generator's and the varied invoices. */
export async function measureReaderOnAll(options: { ownCount?: number; variedCount?: number } = {}): Promise<ReaderMeasurement> {
  const ocr = new OcrEngine();
  try {
    const samples = [
      ...(await corpusSamples(ocr)),
      ...(await mustangSamples(ocr)),
      ...(await ownSamples(options.ownCount ?? OWN_SAMPLE_COUNT)),
      ...(await variedSamples(options.variedCount ?? VARIED_SAMPLE_COUNT)),
    ];
    const readings = await readSamples(samples, ocr);
    const reports = (['tuning', 'held-out', 'all'] as const).map((group) => tallyReadings(readings, group));
    return { reports, skipped: ['corpus', 'zugferd'].filter((folder) => !outsideFixtures(folder)) };
  } finally {
    await ocr.terminate();
  }
}
