import type { BankImport } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';

export type ImportSummary = Omit<BankImport, 'id' | 'imported_at' | 'imported_by'>;

export type BankStatementImported = DomainEvent<'BankStatementImported', { importId: string } & ImportSummary>;
export const BANK_IMPORT_EVENT_TYPES = ['BankStatementImported'] as const;
export const bankImportStreamId = (importId: string) => `bank-import-${importId}`;

export type RecordImport = { type: 'RecordImport'; importId: string; summary: ImportSummary };

/** The import history: one record per statement file or aggregator read, with counts and warnings. */
export const bankImportDecider: Decider<{ recorded: boolean }, RecordImport, BankStatementImported> = {
  initialState: { recorded: false },
  evolve: () => ({ recorded: true }),
  decide: (command, state) => {
    if (state.recorded) throw conflict('The import is already recorded.');
    if (command.summary.file_name.trim() === '') throw invalid('An import needs a file or source name.');
    return [{ type: 'BankStatementImported', data: { importId: command.importId, ...command.summary } }];
  },
};
