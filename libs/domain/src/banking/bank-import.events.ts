import type { BankImport, StatementFormat } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export type ImportSummary = Omit<BankImport, 'id' | 'imported_at' | 'imported_by'>;

export type BankStatementImported = DomainEvent<'BankStatementImported', { importId: string } & ImportSummary>;
/** An import that stopped before anything was recorded (wrong account, archived account, ...): for the automation error view. */
export type BankStatementImportFailed = DomainEvent<
  'BankStatementImportFailed',
  { importId: string; client_no: number; file_name: string; format: StatementFormat; reason: string }
>;
export type BankImportEvent = BankStatementImported | BankStatementImportFailed;
/** The events the import history (bank_imports) is built from; failures are read by the error view only. */
export const BANK_IMPORT_EVENT_TYPES = ['BankStatementImported'] as const;
export const bankImportStreamId = (importId: string) => `bank-import-${importId}`;
