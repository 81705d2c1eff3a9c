/** The harness: starts the built portal and talks to it as browsers and scanners do, for integration specs, benchmarks and fault runs. */
export { bankingHarness } from './banking-harness';
export { connectFeathers, MemoryStorage, restCall } from './clients';
export type { FeathersPeer } from './clients';
export { authorizeAtPortal, finishPortalLogin, loginAtPortal, refreshAtPortal } from './oidc-login';
export type { PortalTokens } from './oidc-login';
export { describeWithFixtures } from './outside-fixtures';
export { startPortalProcess } from './portal-process';
export { bankCsvWith, camtWith, mt940With } from './statement-files';
export type { PortalProcess } from './portal-process';
export { eventually, PortalSession, invoicePdf } from './portal-session';
export { freePort } from './proc';
export { appendDocumentEvents, uploaded, fieldsExtracted, renamed, busyDocument } from './synthetic-document';
export type { DocumentEventSpec } from './synthetic-document';
export { nativeTesseractMissing } from './tesseract-installed';
export { CORPUS_DIR, CSV_FILES, corpusFiles } from './statement-corpus/corpus';
export type { CorpusFile } from './statement-corpus/corpus';
export { checkCorpus, corpusReport, tallyCorpus } from './statement-corpus/check';
export type { CorpusResult, CorpusTally } from './statement-corpus/check';
