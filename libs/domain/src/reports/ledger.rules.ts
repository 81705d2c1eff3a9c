import { EMPTY_BOOKING_FIELDS } from '../documents/booking-fields.rules';
import { DOCUMENT_FACT_EVENTS, documentIdOfStream, evolveDocumentFact, type DocumentFact } from './document-fact.rules';
import { EXPORT_FACT_EVENTS, evolveExportFact, type ExportFact } from './export-fact.rules';

/** The part of a recorded event a report fold reads (the event store's RecordedEvent fits it). */
export interface LedgerEvent {
  type: string;
  data: Record<string, unknown>;
  streamId: string;
  position: number;
  metadata: { time: string; userId: string; clientNo: number | null; originCode?: number };
}

/**
 * Everything the reports of one client read: its documents and export jobs, folded from the log.
 * One fold serves the live read model (projection), the as-of replay (snapshot + tail) and the tests.
 */
export interface ClientLedger {
  clientNo: number;
  /** Position of the last event folded in; 0 before any. */
  position: number;
  documents: Map<number, DocumentFact>;
  exports: Map<string, ExportFact>;
}

export const LEDGER_EVENT_TYPES: readonly string[] = [...DOCUMENT_FACT_EVENTS, ...EXPORT_FACT_EVENTS];
const HANDLED = new Set(LEDGER_EVENT_TYPES);

export const emptyLedger = (clientNo: number): ClientLedger => ({ clientNo, position: 0, documents: new Map(), exports: new Map() });

export const isLedgerEvent = (event: Pick<LedgerEvent, 'type' | 'streamId'>) =>
  HANDLED.has(event.type) && (event.streamId.startsWith('document-') || event.streamId.startsWith('export-'));

/** The client an event belongs to (its metadata names it; uploads and export requests also carry it in the data). */
export function ledgerClientOf(event: LedgerEvent): number | null {
  if (typeof event.metadata.clientNo === 'number') return event.metadata.clientNo;
  const d = event.data;
  if (typeof d.clientNo === 'number') return d.clientNo;
  if (typeof d.client_no === 'number') return d.client_no;
  return null;
}

/** Folds one event into the ledger (mutating it: replays fold hundreds of thousands of events). */
export function foldLedger(ledger: ClientLedger, event: LedgerEvent): ClientLedger {
  ledger.position = Math.max(ledger.position, event.position);
  if (!isLedgerEvent(event)) return ledger;
  if (event.streamId.startsWith('document-')) {
    const id = documentIdOfStream(event.streamId);
    const next = evolveDocumentFact(ledger.documents.get(id) ?? null, event);
    if (next) ledger.documents.set(id, next);
    else ledger.documents.delete(id);
  } else {
    const id = event.streamId.replace(/^export-/, '');
    const next = evolveExportFact(ledger.exports.get(id) ?? null, event);
    if (next) ledger.exports.set(id, next);
    else ledger.exports.delete(id);
  }
  return ledger;
}

/** A fact without its null booking fields: snapshots of thousands of documents stay small. */
export function compactFact(fact: DocumentFact): Record<string, unknown> {
  const booking = Object.fromEntries(Object.entries(fact.booking).filter(([, v]) => v !== null));
  return { ...fact, booking };
}

export function inflateFact(stored: Record<string, unknown>): DocumentFact {
  const fact = stored as unknown as DocumentFact;
  return { ...fact, booking: { ...EMPTY_BOOKING_FIELDS, ...fact.booking } };
}

export interface StoredLedger {
  position: number;
  documents: Record<string, unknown>[];
  exports: ExportFact[];
}

export const storeLedger = (ledger: ClientLedger): StoredLedger => ({
  position: ledger.position,
  documents: [...ledger.documents.values()].map(compactFact),
  exports: [...ledger.exports.values()],
});

export function loadLedger(clientNo: number, stored: StoredLedger): ClientLedger {
  const documents = new Map<number, DocumentFact>();
  for (const d of stored.documents) {
    const fact = inflateFact(d);
    documents.set(fact.id, fact);
  }
  return { clientNo, position: stored.position, documents, exports: new Map(stored.exports.map((e) => [e.id, e])) };
}
