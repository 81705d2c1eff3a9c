import type { StatementFormat } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid } from '../shared/domain-error';
import type { BankImportEvent, ImportSummary } from './bank-import.events';
import { evolveBankImport, initialBankImportState, type BankImportState } from './bank-import.state';

export type RecordImport = { type: 'RecordImport'; importId: string; summary: ImportSummary };
export type RecordImportFailure = {
  type: 'RecordImportFailure';
  importId: string;
  clientNo: number;
  fileName: string;
  format: StatementFormat;
  reason: string;
};
export type BankImportCommand = RecordImport | RecordImportFailure;

function recordImport(command: RecordImport, state: BankImportState): BankImportEvent[] {
  if (state.recorded) throw conflict('The import is already recorded.');
  if (command.summary.file_name.trim() === '') throw invalid('An import needs a file or source name.');
  return [{ type: 'BankStatementImported', data: { importId: command.importId, ...command.summary } }];
}

/** Nothing once the import was recorded after all. */
function recordFailure(command: RecordImportFailure, state: BankImportState): BankImportEvent[] {
  if (state.recorded) return [];
  const reason = command.reason.trim().slice(0, 1000) || 'The import failed.';
  return [
    {
      type: 'BankStatementImportFailed',
      data: { importId: command.importId, client_no: command.clientNo, file_name: command.fileName.slice(0, 300), format: command.format, reason },
    },
  ];
}

export function decideBankImport(command: BankImportCommand, state: BankImportState): BankImportEvent[] {
  switch (command.type) {
    case 'RecordImport':
      return recordImport(command, state);
    case 'RecordImportFailure':
      return recordFailure(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The import history: one record per statement file or aggregator read, with counts and warnings; or why it failed. */
export const bankImportDecider: Decider<BankImportState, BankImportCommand, BankImportEvent> = {
  initialState: initialBankImportState,
  evolve: evolveBankImport,
  decide: (command, state) => decideBankImport(command, state),
};
