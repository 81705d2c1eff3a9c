import type { DocumentBookingFields } from '@portal/contracts';
import { EMPTY_BOOKING_FIELDS } from '../src/documents/booking-fields.rules';
import type { DocumentFact } from '../src/reports/document-fact.rules';
import { emptyLedger, type ClientLedger, type LedgerEvent } from '../src/reports/ledger.rules';

/** The first quarter of 2026. */
export const Q1 = { from: '2026-01-01', to: '2026-03-31' };
let nextId = 1;

/** A document fact of client 1001 with the given booking fields, confirmed unless unconfirmed (ER_U). */
export function doc(category: 'ER' | 'AR' | 'ER_U', booking: Partial<DocumentBookingFields>, over: Partial<DocumentFact> = {}): DocumentFact {
  return {
    id: nextId++,
    client_no: 1001,
    category,
    title: 't',
    deleted: false,
    uploaded_at: '2026-02-01T08:00:00.000Z',
    uploaded_by: 'u',
    confirmed_at: category === 'ER_U' ? null : '2026-02-02T08:00:00.000Z',
    confirmed_by: 'anna',
    booked_at: null,
    booked_by: null,
    erp_status: null,
    erp_at: null,
    booking: { ...EMPTY_BOOKING_FIELDS, invoice_date: '2026-02-01', ...booking },
    origins: {},
    ...over,
  };
}
/** A ledger of client 1001 holding the given documents. */
export const ledgerOf = (...docs: DocumentFact[]): ClientLedger => {
  const ledger = emptyLedger(1001);
  for (const d of docs) ledger.documents.set(d.id, d);
  return ledger;
};

let nextPosition = 0;
/** A recorded event of client 1001 by anna, one position and one minute after the one before. */
export function recorded(streamId: string, type: string, data: Record<string, unknown>, metadata: Partial<LedgerEvent['metadata']> = {}): LedgerEvent {
  const position = ++nextPosition;
  const time = new Date(Date.UTC(2026, 1, 1, 8, position)).toISOString();
  return { type, data, streamId, position, metadata: { time, userId: 'anna', clientNo: 1001, ...metadata } };
}
