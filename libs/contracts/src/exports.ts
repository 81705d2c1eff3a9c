/**
 * ERP export: the booked documents of one client and accounting period as one booking batch, written
 * as a DATEV EXTF Buchungsstapel or a BMD NTCS booking import. Amounts are in the batch currency
 * (EUR), positive, with at most two decimals; dates are YYYY-MM-DD.
 */
export interface ExportBatch {
  clientNo: number;
  /** DATEV Beraternummer of the firm (header field 11). */
  consultantNumber: number;
  /** DATEV Mandantennummer of the client (header field 12). */
  clientNumber: number;
  /** Start of the financial year (Wirtschaftsjahresbeginn). */
  fiscalYearStart: string;
  /** Length of general-ledger account numbers (Sachkontenlänge), 4 to 8. */
  accountLength: number;
  /** The accounting period the bookings belong to (Datum vom / Datum bis). */
  periodStart: string;
  periodEnd: string;
  /** Batch name, e.g. "Belege 03/2026" (DATEV Bezeichnung, max 30). */
  description: string;
  /** ISO 8601; the DATEV header's creation stamp. */
  createdAt: string;
  currency: 'EUR';
  bookings: ExportBooking[];
}

/** One booked document: incoming invoices debit an expense account, outgoing ones credit a revenue account. */
export interface ExportBooking {
  documentId: number;
  /** ER: incoming invoice (supplier), AR: outgoing invoice (customer). */
  direction: 'ER' | 'AR';
  invoiceNumber: string;
  invoiceDate: string;
  /** The booking date inside the period; defaults to the invoice date. */
  bookingDate?: string;
  /** Supplier or customer account (Personenkonto). */
  personAccount: number;
  /** Expense (ER) or revenue (AR) account (Sachkonto). */
  ledgerAccount: number;
  gross: number;
  tax: number;
  /** Percent, e.g. 20 or 19; null without tax. */
  taxRate: number | null;
  /** DATEV BU-Schlüssel (tax key), e.g. "9"; empty on automatic accounts. */
  datevTaxKey?: string;
  /** BMD Steuercode, e.g. 9 (Vorsteuer) for ER, 1 (Umsatzsteuer) for AR. */
  bmdTaxCode?: number;
  costCentre?: string;
  /** Booking text, usually the business partner's name. */
  text: string;
}

/** `get payment-qr` with id = documentId: an EPC069-12 (GiroCode) credit transfer for an unpaid incoming invoice. */
export interface PaymentQr {
  documentId: number;
  /** The EPC payload, lines separated by LF. */
  payload: string;
  /** The QR code (error correction M) as an SVG document. */
  svg: string;
}

/** Formats of `erp-exports`: the company's account system (company-settings.account_system). */
export const EXPORT_FORMATS = ['DATEV', 'BMD'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Job states of spec §4 ("Import status: in progress, failed"), plus done. */
export const EXPORT_JOB_STATUSES = ['in progress', 'done', 'failed'] as const;
export type ExportJobStatus = (typeof EXPORT_JOB_STATUSES)[number];

/** What the export job recorded for one document (its ERPImported / ERPError / ERPInfo flag with the reason). */
export interface ExportDocumentResult {
  documentId: number;
  status: 'imported' | 'error' | 'info';
  reason: string;
}

/**
 * `erp-exports`: one export job per record (stream `export-<id>`). find by client (query client_no,
 * accounting, status), get by id: exp or acc. `create` (exp or acc) with CreateExportData answers the
 * record with status 'in progress'; `erp-exports patched` follows when it is done or failed. The file
 * (a ZIP: the booking CSV plus each exported document's original) is GET /api/exports/:id/file.
 */
export interface ExportJob {
  id: string;
  client_no: number;
  accounting: number;
  format: ExportFormat;
  status: ExportJobStatus;
  document_ids: number[];
  requested_by: string;
  requested_at: string;
  finished_at: string | null;
  /** Bookings written into the file (documents that failed the checks are left out). */
  count: number | null;
  file_name: string | null;
  file_sha256: string | null;
  document_results: ExportDocumentResult[];
  /** Why the job failed (status 'failed'). */
  reason: string | null;
  revision: number;
  updated_at: string;
}

/** The export_jobs read model: the job and those of its documents that are payroll documents (never sent). */
export interface StoredExportJob extends ExportJob {
  payroll_document_ids: number[];
  /** Every document of the job is a payroll document: the job exists only for users with dpv. */
  payroll: boolean;
  /** The documents the failure reason names: a reader who may not see one of them reads only that the export failed. */
  reason_document_ids: number[];
}

/** Data of `erp-exports create`; `format` defaults to the client's account system. */
export interface CreateExportData {
  client_no: number;
  accounting: number;
  format?: ExportFormat;
}

/** What a finished job means for the user: a job that wrote nothing while refusing invoices failed; one that refused some is partial. */
export type ExportOutcome = 'in progress' | 'done' | 'partial' | 'failed';

/** One rule for every place that shows an export's state (drawer, work screen, overview, reports). */
export function exportOutcome(job: Pick<ExportJob, 'status' | 'count' | 'document_results'>): ExportOutcome {
  if (job.status !== 'done') return job.status;
  const refused = job.document_results.filter((r) => r.status === 'error').length;
  if (refused === 0) return 'done';
  return (job.count ?? 0) === 0 ? 'failed' : 'partial';
}
