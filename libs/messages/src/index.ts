export { READ_MODEL_TOPIC } from './read-model-changes';
export type { ReadModelChangeMessage } from './read-model-changes';
export { DOCUMENT_UPLOADED_TOPIC, DOCUMENT_PROGRESS_TOPIC } from './document-work';
export type { DocumentWorkItem, DocumentProgress } from './document-work';
