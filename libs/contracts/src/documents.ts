import type { DocumentEInvoiceValidation, EInvoiceValidity } from './einvoice-validation';
import type { EInvoiceTerms } from './einvoice-terms';
import type { DerivedDocument, DocumentLineage } from './editor';
import type { DocumentWorkState } from './document-fields';
import type { DocumentLabel, LearnedInfo, PageWords, SearchablePdfInfo } from './labels';

/**
 * Extraction-origin codes of spec §3, plus two extensions of the spec's list: EInvoice_XML, values read from a
 * structured e-invoice, and RPA_Address_Database, a biller's name and account suggested from the RPA address database.
 */
export const ORIGIN = {
  PDF_Parse: 2,
  OCR: 7,
  Human_Labeling: 9,
  Machine_Learning: 10,
  Aggregator: 11,
  Human_Confirmation: 12,
  Human_Booking: 13,
  EInvoice_XML: 50,
  RPA_Address_Database: 51,
} as const;
export type OriginCode = number;

/** Document flag bits of spec §3. */
export const DOCUMENT_FLAGS = {
  Confirmed: 1,
  Booked: 2,
  ERPImported: 4,
  ERPError: 8,
  ERPInfo: 16,
  BadRendering: 128,
  Broken: 32768,
} as const;
export type DocumentFlag = keyof typeof DOCUMENT_FLAGS;

export interface Party {
  name?: string;
  street?: string;
  postcode?: string;
  city?: string;
  country?: string;
  vat_id?: string;
}

export interface TaxBreakdownLine {
  /** Percent, e.g. 19 or 20. */
  rate: number;
  net: number;
  tax: number;
  category?: string;
  /** BT-120: why the category is exempt. */
  exemption_reason?: string;
}

export interface LineItem {
  position?: string;
  description: string;
  quantity?: number;
  unit?: string;
  unit_price?: number;
  net_amount?: number;
  tax_rate?: number;
  /** BT-155 seller's item id, BT-154 item description (when the name is shown as the description), BT-127 line note. */
  item_id?: string;
  item_description?: string;
  note?: string;
}

export type DocumentKind = 'invoice' | 'credit_note' | 'correction';

/** Invoice fields found in a document; amounts in the invoice currency, dates as YYYY-MM-DD. */
export interface ExtractedFields {
  /** Credit notes and corrections carry negative totals (a correction may also raise an invoice: then positive). */
  document_kind?: DocumentKind;
  invoice_number?: string;
  invoice_date?: string;
  due_date?: string;
  biller?: Party;
  recipient?: Party;
  currency?: string;
  net_amount?: number;
  tax_amount?: number;
  gross_amount?: number;
  tax_rates?: number[];
  tax_breakdown?: TaxBreakdownLine[];
  line_items?: LineItem[];
  /** Checksum-validated, electronic format without spaces. */
  iban?: string;
  bic?: string;
  payment_reference?: string;
}

export type ExtractedFieldName = keyof ExtractedFields;

export interface EInvoiceInfo {
  syntax: 'UBL' | 'CII';
  /** Specification identifier (BT-24), e.g. urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0 */
  profile?: string;
  source: 'xml-file' | 'pdf-attachment';
  /** Name of the embedded file for PDFs, e.g. factur-x.xml / zugferd-invoice.xml / xrechnung.xml */
  attachment?: string;
  /** The invoice's business terms beyond the booking fields (read since the readable view shows them all). */
  terms?: EInvoiceTerms;
  /**
   * Which reading of the terms they come from (EINVOICE_TERMS_VERSION): terms without it are the first reading,
   * no terms at all a document read before them. An older reading is read again from the stored file.
   */
  terms_version?: number;
}

/** The reading of an e-invoice's terms the extraction gives now: 2 adds the attachments' sizes. */
export const EINVOICE_TERMS_VERSION = 2;

/** The reading of the terms a document's e-invoice info holds (0: read before the terms were). */
export const termsVersionOf = (einvoice: Pick<EInvoiceInfo, 'terms' | 'terms_version'>): number => einvoice.terms_version ?? (einvoice.terms ? 1 : 0);

/** What the extraction worker reports for one file. */
export interface ExtractionResult {
  /** Overall origin: EInvoice_XML when a structured invoice was read, else OCR if any page needed it, else PDF_Parse. */
  origin: OriginCode;
  text: string;
  pages: number;
  /** Origin per page (PDF_Parse or OCR). */
  pageOrigins: OriginCode[];
  fields: ExtractedFields;
  /** Origin per top-level field name. */
  fieldOrigins: Partial<Record<ExtractedFieldName, OriginCode>>;
  /** How sure the reading of each shown field is, 0–1 (1 for a structured e-invoice's value). */
  fieldConfidence?: Partial<Record<ExtractedFieldName, number>>;
  /** Fields the page seemed to hold but that were left empty because they did not check out: to be looked at. */
  review?: ExtractedFieldName[];
  einvoice?: EInvoiceInfo;
  language?: 'de' | 'en';
  /** Set when the file could not be read (Broken) or not rendered (BadRendering), with a clear reason. */
  problem?: { flag: 'Broken' | 'BadRendering'; reason: string };
  /** Milliseconds spent, for the worker's progress and the benchmarks. */
  ms: number;
  /** The words of each page with their boxes (text layer or OCR), for labels, learning and the searchable PDF. */
  pageWords?: PageWords[];
  /** The image OCR read, per page (null for a page read from its text layer): the searchable PDF's pages. */
  ocrImages?: Array<{ bytes: Uint8Array; type: 'png' | 'jpeg' } | null>;
}

export const FILING_CATEGORY_CODES = ['ER_U', 'AR_U', 'ER', 'AR', 'KA', 'Other'] as const;
export type FilingCategoryCode = (typeof FILING_CATEGORY_CODES)[number];

/** Document tabs of spec §4: the filing categories plus the views across them. */
export const DOCUMENT_TABS = ['ER_U', 'AR_U', 'ER', 'AR', 'KA', 'Other', 'Latest', 'FullText', 'Deleted'] as const;
export type DocumentTab = (typeof DOCUMENT_TABS)[number];

export type ExtractionStatus = 'pending' | 'done' | 'failed';

/** documents: one record per uploaded document (list rows and the detail view). */
export interface DocumentRecord extends DocumentWorkState {
  id: number;
  client_no: number;
  category: FilingCategoryCode;
  title: string;
  file_name: string;
  media_type: string;
  size: number;
  sha256: string;
  uploaded_at: string;
  uploaded_by: string;
  updated_at: string;
  revision: number;
  /** Flag bits of spec §3 (DOCUMENT_FLAGS). */
  flags: number;
  confirmed: boolean;
  booked: boolean;
  /** Booked or imported: no longer editable. */
  locked: boolean;
  /** Broken or BadRendering. */
  invalid: boolean;
  deleted: boolean;
  trashed_at: string | null;
  purge_after: string | null;
  problem: string | null;
  extraction: ExtractionStatus;
  origin: OriginCode | null;
  pages: number | null;
  page_origins: OriginCode[];
  language: 'de' | 'en' | null;
  invoice_number: string | null;
  invoice_date: string | null;
  due_date: string | null;
  biller_name: string | null;
  recipient_name: string | null;
  gross_amount: number | null;
  currency: string | null;
  fields: ExtractedFields;
  field_origins: Partial<Record<ExtractedFieldName, OriginCode>>;
  /** How sure the page reader is of each field it filled, 0–1. */
  field_confidence?: Partial<Record<ExtractedFieldName, number>>;
  /** Fields the page seemed to hold but left empty because they did not check out: to be looked at. */
  review_fields?: ExtractedFieldName[];
  einvoice: EInvoiceInfo | null;
  /** The rules' verdict on the e-invoice (null: no e-invoice, or not yet checked). */
  einvoice_validity?: EInvoiceValidity | null;
  einvoice_validation?: DocumentEInvoiceValidation | null;
  /** Why the document was confirmed although its e-invoice broke the rules. */
  einvoice_confirm_reason?: string | null;
  text_sha256: string | null;
  /** Extracted text; only returned by `get` and used by search. */
  text?: string;
  /** Where the pages came from when the document editor assembled the file (null for uploads). */
  lineage?: DocumentLineage | null;
  /** Documents the editor made with pages of this one (the reverse of their lineage), oldest first. */
  derived?: DerivedDocument[];
  /** Payroll document (payslip, payroll account, contribution statement, wage tax card): only users with dpv see it. */
  payroll?: boolean;
  /** Marked by the extraction rather than by a person. */
  payroll_suggested?: boolean;
  /** The words of each page with their boxes (a file in the store): what the labeling tool reads under a box. */
  words_sha256?: string | null;
  /** Labels of the labeling tool (lab), oldest first; undone labels are removed. */
  labels?: DocumentLabel[];
  /** Fields a supplier model filled (origin Machine_Learning 10). */
  learned?: LearnedInfo | null;
  /** The searchable PDF of a scanned document (pdf). */
  searchable_pdf?: SearchablePdfInfo | null;
}

/** One search hit of the documents service (`find` with query `search`). */
export interface DocumentSearchHit {
  snippet: { field: string; text: string; highlights: Array<[start: number, end: number]> } | null;
  rank: number;
}

/** Pushed as `documents progress` while a document is uploaded and extracted. */
export interface DocumentProgress {
  documentId: number;
  client_no: number;
  stage: 'uploaded' | 'extracting' | 'ocr' | 'fields' | 'done' | 'failed';
  /** 0 to 100. */
  percent: number;
  message?: string;
  /** While waiting for the reader (stage 'uploaded'): its place in the line (1 = next) and the expected wait in seconds. */
  queue_position?: number;
  estimate_seconds?: number;
}
