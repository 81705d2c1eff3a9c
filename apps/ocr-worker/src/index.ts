export { DocumentWorker, WORKER_USER } from './document-worker';
export type { DocumentWorkerOptions } from './document-worker';
export { DOCUMENT_UPLOADED_TOPIC, DOCUMENT_PROGRESS_TOPIC } from './work-items';
export type { DocumentWorkItem, DocumentProgress } from './work-items';
export { generateDemoInvoices } from './demo-invoices';
export type { DemoInvoice } from './demo-invoices';
export { measureExtractionSpeed } from './extraction';
export type { ExtractionSpeed } from './extraction';
