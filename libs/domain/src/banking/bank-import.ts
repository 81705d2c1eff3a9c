import type { BankImport, StatementFormat } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';

export type ImportSummary = Omit<BankImport, 'id' | 'imported_at' | 'imported_by'>;

export type BankStatementImported = DomainEvent<'BankStatementImported', { importId: string } & ImportSummary>;
/** An import that stopped before anything was recorded (wrong account, archived account, ...): for the automation error view. */
export type BankStatementImportFailed = DomainEvent<'BankStatementImportFailed', { importId: string; client_no: number; file_name: string; format: StatementFormat; reason: string }>;
export type BankImportEvent = BankStatementImported | BankStatementImportFailed;
/** The events the import history (bank_imports) is built from; failures are read by the error view only. */
export const BANK_IMPORT_EVENT_TYPES = ['BankStatementImported'] as const;
export const bankImportStreamId = (importId: string) => `bank-import-${importId}`;

export type RecordImport = { type: 'RecordImport'; importId: string; summary: ImportSummary };
export type RecordImportFailure = { type: 'RecordImportFailure'; importId: string; clientNo: number; fileName: string; format: StatementFormat; reason: string };

/** The import history: one record per statement file or aggregator read, with counts and warnings; or why it failed. */
export const bankImportDecider: Decider<{ recorded: boolean }, RecordImport | RecordImportFailure, BankImportEvent> = {
  initialState: { recorded: false },
  evolve: (state, event) => (event.type === 'BankStatementImported' ? { recorded: true } : state),
  decide: (command, state) => {
    if (command.type === 'RecordImportFailure') {
      if (state.recorded) return [];
      const reason = command.reason.trim().slice(0, 1000) || 'The import failed.';
      return [{ type: 'BankStatementImportFailed', data: { importId: command.importId, client_no: command.clientNo, file_name: command.fileName.slice(0, 300), format: command.format, reason } }];
    }
    if (state.recorded) throw conflict('The import is already recorded.');
    if (command.summary.file_name.trim() === '') throw invalid('An import needs a file or source name.');
    return [{ type: 'BankStatementImported', data: { importId: command.importId, ...command.summary } }];
  },
};
