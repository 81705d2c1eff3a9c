import type { BankImportEvent } from './bank-import.events';

/** Whether the import is recorded; a failure recorded before does not count (the import may still succeed). */
export type BankImportState = { recorded: boolean };

export const initialBankImportState: BankImportState = { recorded: false };

export const evolveBankImport = (state: BankImportState, event: BankImportEvent): BankImportState =>
  event.type === 'BankStatementImported' ? { recorded: true } : state;
