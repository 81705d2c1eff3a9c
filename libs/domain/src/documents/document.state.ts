import {
  DOCUMENT_FLAGS,
  termsVersionOf,
  type DocumentBookingFields,
  type EInvoiceValidity,
  type ErpStatus,
  type LabelField,
  type LabelValue,
} from '@portal/contracts';
import type { DocumentEvent, FilingCategory } from './document.events';
import { EMPTY_BOOKING_FIELDS, LABEL_BOOKING_FIELD, mergeExtracted } from './booking-fields.rules';

export interface LabelState {
  id: string;
  field: LabelField;
  value: LabelValue;
  previous: LabelValue | null;
}

export type DocumentState =
  | { status: 'none' }
  | {
      status: 'active' | 'trashed' | 'purged';
      documentId: number;
      clientNo: number;
      category: FilingCategory;
      title: string;
      sha256: string;
      textSha256: string | null;
      flags: number;
      extracted: boolean;
      purgeAfter: string | null;
      fields: DocumentBookingFields;
      /** Retries of a failed extraction so far. */
      retries: number;
      problem: string | null;
      pages: number | null;
      payroll: boolean;
      vatIds: { biller: string | null; recipient: string | null };
      /** Active labels, oldest first. */
      labels: LabelState[];
      searchablePdf: string | null;
      /** The verdict on the current file's e-invoice: its validity and the rule set that gave it. */
      einvoice: { sha256: string; validity: EInvoiceValidity; rulesVersion: string } | null;
      /** The e-invoice the extraction read from the current file, and which reading of its terms the document holds (0: none). */
      einvoiceTerms: { sha256: string; version: number } | null;
    };

export type ExistingDocument = Exclude<DocumentState, { status: 'none' }>;

export const initialDocumentState: DocumentState = { status: 'none' };

/** The flags after an ERP result: an import books the document and clears an earlier error. */
export function flagsAfterErp(flags: number, status: ErpStatus): number {
  if (status === 'imported') return (flags | DOCUMENT_FLAGS.ERPImported | DOCUMENT_FLAGS.Booked) & ~DOCUMENT_FLAGS.ERPError;
  return flags | (status === 'error' ? DOCUMENT_FLAGS.ERPError : DOCUMENT_FLAGS.ERPInfo);
}

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  if (event.type === 'DocumentUploaded') {
    const d = event.data;
    return {
      status: 'active',
      documentId: d.documentId,
      clientNo: d.clientNo,
      category: d.category,
      title: d.title,
      sha256: d.sha256,
      textSha256: null,
      flags: 0,
      extracted: false,
      purgeAfter: null,
      fields: EMPTY_BOOKING_FIELDS,
      retries: 0,
      problem: null,
      pages: null,
      payroll: d.payroll === true,
      vatIds: { biller: null, recipient: null },
      labels: [],
      searchablePdf: null,
      einvoice: null,
      einvoiceTerms: null,
    };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'DocumentTextExtracted':
      return { ...state, textSha256: event.data.textSha256, extracted: true, pages: event.data.pages };
    case 'DocumentFieldsExtracted':
      return {
        ...state,
        extracted: true,
        fields: mergeExtracted(state.fields, event.data.fields).fields,
        vatIds: {
          biller: state.vatIds.biller ?? event.data.fields.biller?.vat_id ?? null,
          recipient: state.vatIds.recipient ?? event.data.fields.recipient?.vat_id ?? null,
        },
        einvoiceTerms: event.data.einvoice ? { sha256: state.sha256, version: termsVersionOf(event.data.einvoice) } : null,
      };
    case 'DocumentFlagged':
      return { ...state, flags: state.flags | DOCUMENT_FLAGS[event.data.flag], extracted: true, problem: event.data.reason };
    case 'DocumentExtractionRetried':
      return {
        ...state,
        flags: state.flags & ~(DOCUMENT_FLAGS.Broken | DOCUMENT_FLAGS.BadRendering),
        extracted: false,
        retries: event.data.attempt,
        problem: null,
      };
    case 'DocumentClassified':
      return { ...state, category: event.data.category };
    case 'DocumentRenamed':
      return { ...state, title: event.data.title };
    case 'DocumentConfirmed':
      return { ...state, category: event.data.category, flags: state.flags | DOCUMENT_FLAGS.Confirmed };
    case 'DocumentBooked':
      return { ...state, flags: state.flags | DOCUMENT_FLAGS.Booked };
    case 'DocumentFieldsEdited': {
      const fields = { ...state.fields };
      for (const [name, change] of Object.entries(event.data.changes)) Object.assign(fields, { [name]: change.new });
      return { ...state, fields };
    }
    case 'DocumentErpStatusRecorded':
      return { ...state, flags: flagsAfterErp(state.flags, event.data.status) };
    case 'DocumentMovedToTrash':
      return { ...state, status: 'trashed', purgeAfter: event.data.purgeAfter };
    case 'DocumentRestored':
      return { ...state, status: 'active', purgeAfter: null };
    case 'DocumentPurged':
      return { ...state, status: 'purged' };
    case 'DocumentPagesRevised':
      return {
        ...state,
        sha256: event.data.sha256,
        extracted: false,
        flags: state.flags & ~(DOCUMENT_FLAGS.Broken | DOCUMENT_FLAGS.BadRendering),
        einvoiceTerms: null,
      };
    case 'DocumentFieldLabeled':
    case 'DocumentLabelUndone':
      return evolveLabels(state, event);
    case 'DocumentPayrollMarked':
      return { ...state, payroll: event.data.payroll };
    case 'DocumentSearchablePdfCreated':
      return { ...state, searchablePdf: event.data.sha256 };
    case 'DocumentEInvoiceValidated':
      return { ...state, einvoice: { sha256: event.data.sha256, validity: event.data.validity, rulesVersion: event.data.rulesVersion } };
    case 'DocumentEInvoiceTermsRead':
      return state.einvoiceTerms?.sha256 === event.data.sha256
        ? { ...state, einvoiceTerms: { sha256: event.data.sha256, version: event.data.version } }
        : state;
  }
}

export const isBooked = (state: DocumentState) => state.status !== 'none' && (state.flags & DOCUMENT_FLAGS.Booked) !== 0;
export const isConfirmed = (state: DocumentState) => state.status !== 'none' && (state.flags & DOCUMENT_FLAGS.Confirmed) !== 0;
/** Booked or imported: no field may change any more. */
export const isLocked = (state: DocumentState) => state.status !== 'none' && (state.flags & (DOCUMENT_FLAGS.Booked | DOCUMENT_FLAGS.ERPImported)) !== 0;

/** The state after a label or its undo. */
function evolveLabels(doc: ExistingDocument, event: Extract<DocumentEvent, { type: 'DocumentFieldLabeled' | 'DocumentLabelUndone' }>): ExistingDocument {
  if (event.type === 'DocumentFieldLabeled') {
    const { labelId, field, value, previous } = event.data;
    return withValue({ ...doc, labels: [...doc.labels, { id: labelId, field, value, previous }] }, field, value);
  }
  const { labelId, field, restores, restored } = event.data;
  const next = { ...doc, labels: doc.labels.filter((l) => l.id !== labelId) };
  return restores ? withValue(next, field, restored) : next;
}

function withValue(doc: ExistingDocument, field: LabelField, value: LabelValue | null): ExistingDocument {
  if (field === 'biller_vat_id') return { ...doc, vatIds: { ...doc.vatIds, biller: value as string | null } };
  if (field === 'recipient_vat_id') return { ...doc, vatIds: { ...doc.vatIds, recipient: value as string | null } };
  return { ...doc, fields: { ...doc.fields, [LABEL_BOOKING_FIELD[field]!]: value } };
}
