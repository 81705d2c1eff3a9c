export { EMPTY_BOOKING_FIELDS, LABEL_BOOKING_FIELD, mergeExtracted, extractionOrigins } from './booking-fields.rules';
export { validateBookingFields, blockingIssues } from './booking-validation.rules';
export { documentDecider, titleOf } from './document.decide';
export type { DocumentCommand, UploadDocument, RecordExtraction, ReviseDocumentPages, RetryExtraction, MarkPayroll } from './document.decide';
export { documentStreamId, FILING_CATEGORIES, TRASH_RETENTION_DAYS } from './document.events';
export type {
  DocumentEvent,
  DocumentEInvoiceValidated,
  DocumentEInvoiceTermsRead,
  FilingCategory,
  FieldChange,
  FieldChanges,
  LearnedFields,
} from './document.events';
export { normalizeLabelValue } from './document.labels.decide';
export type { LabelDocumentField, UndoLabel } from './document.labels.decide';
export type { EditDocumentFields, RecordErpStatus } from './document.review.decide';
export { flagsAfterErp, evolveDocument, initialDocumentState } from './document.state';
export type { DocumentState, ExistingDocument } from './document.state';
export { requireBookable } from './document.review.decide';
export { MIN_CONFIRM_REASON, MAX_CONFIRM_REASON } from './document.einvoice.decide';
export type { RecordEInvoiceValidation, RecordEInvoiceTerms } from './document.einvoice.decide';
