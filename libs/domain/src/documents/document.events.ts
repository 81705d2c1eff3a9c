import type { EInvoiceFindingCounts, EInvoiceVerdict, EInvoiceValidity } from '@portal/contracts';
import type {
  BookingFieldName,
  DocumentLineage,
  DocumentBookingFields,
  EInvoiceInfo,
  EInvoiceTerms,
  ErpStatus,
  ExtractedFields,
  ExtractedFieldName,
  OriginCode,
} from '@portal/contracts';
import type { LabelBox, LabelField, LabelValue } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/** Document categories a document can be filed under (ER_U=1, AR_U=2, ER=3, AR=4, KA=5, Other=6). */
export const FILING_CATEGORIES = { ER_U: 1, AR_U: 2, ER: 3, AR: 4, KA: 5, Other: 6 } as const;
export type FilingCategory = keyof typeof FILING_CATEGORIES;

export type DocumentUploaded = DomainEvent<
  'DocumentUploaded',
  {
    documentId: number;
    clientNo: number;
    fileName: string;
    mediaType: string;
    size: number;
    sha256: string;
    category: FilingCategory;
    title: string;
    /** Set when the document editor assembled the file from pages of other files. */
    assembledFrom?: DocumentLineage;
    payroll?: boolean;
  }
>;
/** The document editor changed the pages: a new file (the previous one stays stored, unaltered) that is extracted again. */
export type DocumentPagesRevised = DomainEvent<
  'DocumentPagesRevised',
  { sha256: string; size: number; mediaType: string; pageCount: number; previousSha256: string; added: number; removed: number; lineage: DocumentLineage }
>;
export type DocumentTextExtracted = DomainEvent<
  'DocumentTextExtracted',
  {
    origin: OriginCode;
    pages: number;
    pageOrigins: OriginCode[];
    textSha256: string;
    textLength: number;
    language: 'de' | 'en' | null;
    ms: number;
    wordsSha256?: string;
  }
>;
export type DocumentFieldsExtracted = DomainEvent<
  'DocumentFieldsExtracted',
  {
    origin: OriginCode;
    fields: ExtractedFields;
    fieldOrigins: Partial<Record<ExtractedFieldName, OriginCode>>;
    einvoice: EInvoiceInfo | null;
    fieldConfidence?: Partial<Record<ExtractedFieldName, number>>;
    review?: ExtractedFieldName[];
    learned?: LearnedFields;
  }
>;
/** The fields a supplier's model filled (origin Machine_Learning 10 in fieldOrigins). */
export type LearnedFields = { supplierKey: string; supplierName: string | null; fields: LabelField[]; examples: number };
/** A label of the labeling tool (origin Human_Labeling 9): the value under a box on a page. */
export type DocumentFieldLabeled = DomainEvent<
  'DocumentFieldLabeled',
  { labelId: string; field: LabelField; box: LabelBox; text: string; value: LabelValue; previous: LabelValue | null }
>;
/** A label taken back; `restores` when the field goes back to the value it had before the label. */
export type DocumentLabelUndone = DomainEvent<'DocumentLabelUndone', { labelId: string; field: LabelField; restores: boolean; restored: LabelValue | null }>;
/** Marked as payroll (or not): payroll documents reach only users with dpv. `suggested` when the extraction marked it. */
export type DocumentPayrollMarked = DomainEvent<'DocumentPayrollMarked', { payroll: boolean; suggested: boolean }>;
/** The searchable PDF of a scanned document was written; the original stays as it was. */
export type DocumentSearchablePdfCreated = DomainEvent<
  'DocumentSearchablePdfCreated',
  { sha256: string; size: number; pages: number; pdfa: boolean; ms: number }
>;
export type DocumentFlagged = DomainEvent<'DocumentFlagged', { flag: 'Broken' | 'BadRendering'; reason: string }>;
/** A failed extraction is run again (the RPA error view's retry); `attempt` counts the retries. */
export type DocumentExtractionRetried = DomainEvent<'DocumentExtractionRetried', { attempt: number; previousProblem: string | null }>;
export type DocumentClassified = DomainEvent<'DocumentClassified', { category: FilingCategory; previous: FilingCategory }>;
export type DocumentRenamed = DomainEvent<'DocumentRenamed', { title: string; previous: string }>;
/** `invalidEInvoiceReason`: why a document whose e-invoice broke the rules was confirmed all the same. */
export type DocumentConfirmed = DomainEvent<'DocumentConfirmed', { category: FilingCategory; invalidEInvoiceReason?: string }>;
/** The EN 16931 / XRechnung rules' verdict on the e-invoice of the file `sha256`, with the rule set's version. */
export type DocumentEInvoiceValidated = DomainEvent<
  'DocumentEInvoiceValidated',
  EInvoiceVerdict & { sha256: string; validity: EInvoiceValidity; counts: EInvoiceFindingCounts }
>;
/**
 * The business terms of the e-invoice in the file `sha256`, read again from the stored file by a newer reading
 * (`version`, EINVOICE_TERMS_VERSION) than the one its extraction had: a document read before the readable view
 * showed payment terms, references or attachments gets them without being extracted again.
 */
export type DocumentEInvoiceTermsRead = DomainEvent<'DocumentEInvoiceTermsRead', { sha256: string; terms: EInvoiceTerms; version: number }>;
export type DocumentBooked = DomainEvent<'DocumentBooked', Record<string, never>>;
/** One field's change, old → new. */
export type FieldChange<K extends BookingFieldName = BookingFieldName> = { old: DocumentBookingFields[K]; new: DocumentBookingFields[K] };
export type FieldChanges = { [K in BookingFieldName]?: FieldChange<K> };
/** A reviewer's edit; `correction` when the document was already confirmed. */
export type DocumentFieldsEdited = DomainEvent<'DocumentFieldsEdited', { changes: FieldChanges; correction: boolean }>;
/** The result of an import into the accounting system (ERP), marked by exp or the export job. */
export type DocumentErpStatusRecorded = DomainEvent<'DocumentErpStatusRecorded', { status: ErpStatus; reason: string }>;
export type DocumentMovedToTrash = DomainEvent<'DocumentMovedToTrash', { purgeAfter: string }>;
export type DocumentRestored = DomainEvent<'DocumentRestored', Record<string, never>>;
export type DocumentPurged = DomainEvent<'DocumentPurged', { sha256: string; textSha256: string | null; reason: string }>;

export type DocumentEvent =
  | DocumentUploaded
  | DocumentTextExtracted
  | DocumentFieldsExtracted
  | DocumentFlagged
  | DocumentExtractionRetried
  | DocumentClassified
  | DocumentRenamed
  | DocumentConfirmed
  | DocumentBooked
  | DocumentFieldsEdited
  | DocumentErpStatusRecorded
  | DocumentMovedToTrash
  | DocumentRestored
  | DocumentPurged
  | DocumentPagesRevised
  | DocumentFieldLabeled
  | DocumentLabelUndone
  | DocumentPayrollMarked
  | DocumentSearchablePdfCreated
  | DocumentEInvoiceValidated
  | DocumentEInvoiceTermsRead;

export const documentStreamId = (documentId: number) => `document-${documentId}`;

/** Days a document stays restorable in the trash before it is purged. */
export const TRASH_RETENTION_DAYS = 30;
