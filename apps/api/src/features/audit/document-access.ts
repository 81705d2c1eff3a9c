/* The documents' visibility rule lives in one place: features/documents/document-read-rule.ts. */
export { DOCUMENT_READERS, documentNotFound, mayReadDocument } from '../documents/document-read-rule';
