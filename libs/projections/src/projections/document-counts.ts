import type { DocumentEvent, FilingCategory } from '@portal/domain';

/** What the companies projection remembers per document to keep the badge counts right. */
export interface CountedDocument {
  id: number;
  client_no: number;
  category: FilingCategory;
  confirmed: boolean;
  deleted: boolean;
  /** Payroll documents are counted apart (only users with dpv see them). */
  payroll?: boolean;
}

export interface Notifications {
  invoices: number;
  documents: number;
}

/** Open incoming invoices (ER_U, not in the trash) and documents still to be processed (unconfirmed, not in the trash). */
export function contribution(doc: CountedDocument | null): Notifications {
  if (!doc || doc.deleted) return { invoices: 0, documents: 0 };
  return { invoices: doc.category === 'ER_U' ? 1 : 0, documents: doc.confirmed ? 0 : 1 };
}

/** The counted state after one document event; null once the document is gone. */
export function countedAfter(before: CountedDocument | null, event: DocumentEvent, documentId: number): CountedDocument | null {
  switch (event.type) {
    case 'DocumentUploaded':
      return {
        id: documentId,
        client_no: event.data.clientNo,
        category: event.data.category,
        confirmed: false,
        deleted: false,
        payroll: event.data.payroll === true,
      };
    case 'DocumentPayrollMarked':
      return before && { ...before, payroll: event.data.payroll };
    case 'DocumentPurged':
      return null;
    case 'DocumentClassified':
      return before && { ...before, category: event.data.category };
    case 'DocumentConfirmed':
      return before && { ...before, category: event.data.category, confirmed: true };
    case 'DocumentMovedToTrash':
      return before && { ...before, deleted: true };
    case 'DocumentRestored':
      return before && { ...before, deleted: false };
    default:
      return before;
  }
}

export const COUNTING_EVENTS = [
  'DocumentUploaded',
  'DocumentPurged',
  'DocumentClassified',
  'DocumentConfirmed',
  'DocumentMovedToTrash',
  'DocumentRestored',
  'DocumentPayrollMarked',
] as const;
