/**
 * reports: every report is a pure fold over the event log, shown live or "as of" any past
 * moment. `find` with query { client_no, report, from, to, asOf? | asOfPosition?, compareAsOf? | compareAsOfPosition?, country? } answers a
 * ReportResult (and `compare` the same report at a second moment with its differences).
 */
export const REPORT_KINDS = ['vat', 'parties', 'processing', 'exports'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export type VatCountry = 'AT' | 'DE';

/** Sections of a report's summary lines: ids the web and the PDF translate. */
export const REPORT_SECTIONS = [
  'codes',
  'output',
  'input',
  'documents',
  'totals',
  'suppliers',
  'customers',
  'backlog',
  'origins',
  'toConfirm',
  'toBook',
  'einvoices',
  'reasons',
] as const;
export type ReportSection = (typeof REPORT_SECTIONS)[number];

/**
 * What a summary line counts, language-neutral: `term` names it (the web and the PDF translate it), `arg`
 * is its data (a return code, a tax rate, a party, a month, an origin group, an ERP reason as recorded).
 */
export const REPORT_TERMS = [
  'vatCode',
  'rateNet',
  'rateTax',
  'rateGross',
  'documentsCounted',
  'documentsWithProblems',
  'supplierTotal',
  'customerTotal',
  'party',
  'uploaded',
  'unconfirmedAtEnd',
  'unbookedAtEnd',
  'notExportedAtEnd',
  'origin',
  'medianHours',
  'invalidEInvoices',
  'jobs',
  'failed',
  'documents',
  'imported',
  'errors',
  'infos',
  'reason',
] as const;
export type ReportTerm = (typeof REPORT_TERMS)[number];

/** One line of a report's summary: what CSV, PDF and the as-of difference compare by `key`. */
export interface ReportLine {
  key: string;
  section: ReportSection;
  term: ReportTerm;
  arg?: string | number;
  value: number;
  /** 'amount' (currency), 'count', 'hours', 'percent'. */
  unit: 'amount' | 'count' | 'hours' | 'percent';
}

export interface VatRateRow {
  direction: 'output' | 'input';
  rate: number;
  count: number;
  net: number;
  tax: number;
  gross: number;
}

/** One code of the return with its amount; what the code means the web and the PDF say in the user's language. */
export interface VatCodeAmount {
  code: string;
  amount: number;
}

export interface VatProblem {
  documentId: number;
  invoiceNumber: string | null;
  party: string | null;
  direction: 'output' | 'input';
  reason: 'missing_amounts' | 'missing_rate' | 'sum_mismatch' | 'tax_mismatch' | 'missing_date';
}

export interface VatReport {
  kind: 'vat';
  country: VatCountry;
  rows: VatRateRow[];
  codes: VatCodeAmount[];
  outputTax: number;
  inputTax: number;
  payable: number;
  documents: number;
  problems: VatProblem[];
}

export interface PartyVolume {
  party: string;
  direction: 'supplier' | 'customer';
  gross: number;
  count: number;
  previous: number;
  /** Change against the previous period in percent; null without a previous volume. */
  change: number | null;
  /** Gross per month of the period (YYYY-MM → amount). */
  months: Record<string, number>;
}

export interface PartiesReport {
  kind: 'parties';
  months: string[];
  suppliers: PartyVolume[];
  customers: PartyVolume[];
  supplierTotal: number;
  customerTotal: number;
  previousFrom: string;
  previousTo: string;
}

export interface DurationStats {
  count: number;
  /** Hours. */
  median: number | null;
  p90: number | null;
}

export interface ProcessingReport {
  kind: 'processing';
  /** Backlog at the end of each day/week/month of the period. */
  backlog: Array<{ at: string; unconfirmed: number; unbooked: number; notExported: number }>;
  toConfirm: Array<{ month: string } & DurationStats>;
  toBook: Array<{ month: string } & DurationStats>;
  byUser: Array<{ userId: string; name: string; confirmed: DurationStats; booked: DurationStats }>;
  /** Where the booking fields of the period's documents came from. */
  origins: { xml: number; text: number; ocr: number; human: number };
  uploaded: number;
  /** Documents whose e-invoice breaks the EN 16931 / XRechnung rules, per month of their upload in the period. */
  invalidEInvoices: Array<{ month: string; count: number }>;
}

export interface ExportJobLine {
  id: string;
  requestedAt: string;
  requestedBy: string;
  format: string;
  accounting: number;
  status: string;
  documents: number;
  imported: number;
  errors: number;
  infos: number;
  reason: string | null;
}

export interface ExportsReport {
  kind: 'exports';
  jobs: ExportJobLine[];
  totals: { jobs: number; failed: number; documents: number; imported: number; errors: number; infos: number };
  reasons: Array<{ reason: string; count: number }>;
}

export type ReportBody = VatReport | PartiesReport | ProcessingReport | ExportsReport;

export interface ReportResult {
  client_no: number;
  report: ReportKind;
  from: string;
  to: string;
  /** The moment asked for (ISO date-time); null: live (now) or as of a log position. */
  asOf: string | null;
  /** The global log position asked for (`asOfPosition`); null otherwise. */
  asOfPosition: number | null;
  /** As of a log position: when the log reached it (its event's recorded time), which is what people are shown. */
  asOfPositionTime?: string | null;
  /** The log position the report stands at. */
  position: number;
  body: ReportBody;
  lines: ReportLine[];
  /** With `compareAsOf` / `compareAsOfPosition`: the same report at the second moment and the lines that differ. */
  compare?: {
    asOf: string | null;
    asOfPosition: number | null;
    asOfPositionTime?: string | null;
    position: number;
    body: ReportBody;
    lines: ReportLine[];
    changes: ReportLineChange[];
  };
}

export interface ReportLineChange {
  key: string;
  section: ReportSection;
  term: ReportTerm;
  arg?: string | number;
  unit: ReportLine['unit'];
  before: number | null;
  after: number | null;
}
