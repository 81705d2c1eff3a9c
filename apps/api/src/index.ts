/**
 * What tools (benchmarks, fault runs, the test harness) drive in-process. The portal itself starts from main.ts;
 * nothing here is loaded when it runs.
 */
export { addressesService } from './features/addresses/addresses.service';
export { generatedAddressFields } from './features/addresses/demo-addresses';
export type { ViesPort } from './features/addresses/vies/vies.port';
export { documentAsOf } from './features/audit/document-audit';
export { bankTransactionsService } from './features/banking/bank-transactions.service';
export { BANKING, BANKING_ADMIN } from './features/banking/banking-permissions';
export { OpenItemIndex } from './features/banking/matching';
export type { MatchableItem, MatchableTransaction } from './features/banking/matching';
export { SANDBOX_INSTITUTION } from './features/banking/sources/sandbox-bank';
export { StatementImporter } from './features/banking/statement-import';
export { ANY_PATCH_PERMISSION } from './features/documents/document-patch';
export { DOCUMENT_READERS, OUTGOING_READERS } from './features/documents/document-read-rule';
export { storeExportArchive } from './features/exports/export-archive';
export type { ArchivedOriginal } from './features/exports/export-archive';
export { DEMO_FIRM_ID } from './features/fon/demo-fon';
export { seeded } from './features/fon/demo-fon-data';
export { fonQuotaCsv, ntcsCsv } from './features/fon/imports/fon-file-writer';
export { FonImporter } from './features/fon/imports/fon-importer';
export { fonQuotaItemsService } from './features/fon/services/fon-quota-items.service';
export { openItemsService } from './features/open-items/open-items.service';
export { hashPassword, hashPasswordScrypt, verifyPassword } from './identity/password-hash';
export type { CommandSender } from './platform/domain-command';
