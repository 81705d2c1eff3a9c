export type { LedgerEvent } from './ledger-event';
export { evolveDocumentFact, DOCUMENT_FACT_EVENTS, documentIdOfStream } from './document-fact';
export type { DocumentFact } from './document-fact';
