export { DocumentWorker, WORKER_USER } from './document-worker';
export type { DocumentWorkerOptions } from './document-worker';
export { recordExtraction } from './record-extraction';
export type { RecordDeps } from './record-extraction';
export { suggestFromRpaDatabase, rpaSuggestionStep, rpaSuggestionHook } from './rpa-suggestion/rpa-suggestion';
export type { Suggestion, SuggestionInput } from './rpa-suggestion/rpa-suggestion';
export { withLearnedFields } from './learning/apply-model';
export { readEInvoiceTermsAgain } from './read-einvoice-terms-again';
export type { TermsAgainDeps } from './read-einvoice-terms-again';
