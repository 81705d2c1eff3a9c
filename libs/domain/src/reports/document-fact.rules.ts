import { ORIGIN, type BookingFieldName, type DocumentBookingFields, type EInvoiceValidity, type OriginCode } from '@portal/contracts';
import { domainEventOf } from '../stored-events';
import type { DocumentEvent, FilingCategory } from '../documents/document.events';
import { EMPTY_BOOKING_FIELDS, extractionOrigins, mergeExtracted } from '../documents/booking-fields.rules';
import type { LedgerEvent } from './ledger.rules';

/** What reports and open items need to know about one document, folded from its stream. */
export interface DocumentFact {
  id: number;
  client_no: number;
  category: FilingCategory;
  title: string;
  deleted: boolean;
  uploaded_at: string;
  uploaded_by: string;
  confirmed_at: string | null;
  confirmed_by: string | null;
  booked_at: string | null;
  booked_by: string | null;
  erp_status: 'imported' | 'error' | 'info' | null;
  erp_at: string | null;
  booking: DocumentBookingFields;
  origins: Partial<Record<BookingFieldName, OriginCode>>;
  /** A payroll document: its open item and report lines reach only users with dpv. */
  payroll?: boolean;
  /** The rules' verdict on the e-invoice of the document's current file; absent when there is none. */
  einvoice_validity?: EInvoiceValidity;
}

export const DOCUMENT_FACT_EVENTS: readonly DocumentEvent['type'][] = [
  'DocumentUploaded',
  'DocumentFieldsExtracted',
  'DocumentClassified',
  'DocumentRenamed',
  'DocumentConfirmed',
  'DocumentBooked',
  'DocumentFieldsEdited',
  'DocumentErpStatusRecorded',
  'DocumentMovedToTrash',
  'DocumentRestored',
  'DocumentPurged',
  'DocumentPayrollMarked',
  'DocumentEInvoiceValidated',
  'DocumentPagesRevised',
];

export const documentIdOfStream = (streamId: string) => Number(streamId.replace(/^document-/, ''));

/** One step of the fold: the fact after `recorded`; null when the document does not exist (or was purged). */
export function evolveDocumentFact(fact: DocumentFact | null, recorded: LedgerEvent): DocumentFact | null {
  const event = domainEventOf<DocumentEvent>(recorded);
  const at = recorded.metadata.time;
  if (event.type === 'DocumentUploaded') {
    const d = event.data;
    return {
      id: d.documentId,
      client_no: d.clientNo,
      category: d.category,
      title: d.title,
      deleted: false,
      uploaded_at: at,
      uploaded_by: recorded.metadata.userId,
      confirmed_at: null,
      confirmed_by: null,
      booked_at: null,
      booked_by: null,
      erp_status: null,
      erp_at: null,
      booking: EMPTY_BOOKING_FIELDS,
      origins: {},
      ...(d.payroll ? { payroll: true } : {}),
    };
  }
  if (!fact) return null;
  switch (event.type) {
    case 'DocumentFieldsExtracted': {
      const { fields, filled } = mergeExtracted(fact.booking, event.data.fields);
      return { ...fact, booking: fields, origins: { ...fact.origins, ...extractionOrigins(event.data.fieldOrigins, filled, event.data.origin) } };
    }
    case 'DocumentFieldsEdited': {
      const booking = { ...fact.booking };
      const origins = { ...fact.origins };
      for (const [name, change] of Object.entries(event.data.changes)) {
        Object.assign(booking, { [name]: change.new });
        origins[name as BookingFieldName] = recorded.metadata.originCode ?? ORIGIN.Human_Labeling;
      }
      return { ...fact, booking, origins };
    }
    case 'DocumentClassified':
      return { ...fact, category: event.data.category };
    case 'DocumentRenamed':
      return { ...fact, title: event.data.title };
    case 'DocumentConfirmed':
      return { ...fact, category: event.data.category, confirmed_at: at, confirmed_by: recorded.metadata.userId };
    case 'DocumentBooked':
      return { ...fact, booked_at: at, booked_by: recorded.metadata.userId };
    case 'DocumentErpStatusRecorded': {
      const imported = event.data.status === 'imported';
      return {
        ...fact,
        erp_status: event.data.status,
        erp_at: at,
        confirmed_at: fact.confirmed_at ?? (imported ? at : null),
        booked_at: fact.booked_at ?? (imported ? at : null),
      };
    }
    case 'DocumentMovedToTrash':
      return { ...fact, deleted: true };
    case 'DocumentRestored':
      return { ...fact, deleted: false };
    case 'DocumentPurged':
      return null;
    case 'DocumentPayrollMarked': {
      const { payroll: _was, ...rest } = fact;
      return event.data.payroll ? { ...rest, payroll: true } : rest;
    }
    case 'DocumentEInvoiceValidated':
      return { ...fact, einvoice_validity: event.data.validity };
    case 'DocumentPagesRevised': {
      // The verdict was given on the previous file.
      const { einvoice_validity: _was, ...rest } = fact;
      return rest;
    }
    default:
      return fact;
  }
}
