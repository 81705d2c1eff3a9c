export { accessValidity, validUntilOf } from './access-validity.rules';
export type { ValidityInput } from './access-validity.rules';
export { bankAccessDecider } from './bank-access.decide';
export type {
  BankAccessCommand,
  RequestBankAccess,
  GrantBankAccess,
  RequestRenewal,
  RenewBankAccess,
  UpdateBankAccessAccounts,
  RevokeBankAccess,
  RecordBankAccessSync,
} from './bank-access.decide';
export { bankAccessStreamId, BANK_ACCESS_EVENT_TYPES } from './bank-access.events';
export type { BankAccessEvent, Institution } from './bank-access.events';
export type { BankAccessState } from './bank-access.state';
export { bankAccountDecider } from './bank-account.decide';
export type { BankAccountCommand, OpenBankAccount, ChangeBankAccount, SaveCsvMapping, ArchiveBankAccount, RestoreBankAccount } from './bank-account.decide';
export { bankAccountId, bankAccountStreamId, BANK_ACCOUNT_EVENT_TYPES } from './bank-account.events';
export type { BankAccountEvent, BankAccountDetails } from './bank-account.events';
export type { BankAccountState } from './bank-account.state';
export { bankImportDecider } from './bank-import.decide';
export type { BankImportCommand, RecordImport, RecordImportFailure } from './bank-import.decide';
export { bankImportStreamId, BANK_IMPORT_EVENT_TYPES } from './bank-import.events';
export type { ImportSummary, BankStatementImported, BankStatementImportFailed, BankImportEvent } from './bank-import.events';
export { bankLedgerDecider } from './bank-ledger.decide';
export type { BankLedgerCommand, ConfirmMatch, UndoMatch, RecordTransactions } from './bank-ledger.decide';
export { bankLedgerStreamId, ledgerPeriodOf, BANK_LEDGER_EVENT_TYPES, ENTRIES_PER_EVENT } from './bank-ledger.events';
export type { StatementEntry, LedgerEntry, Allocation, BankLedgerEvent } from './bank-ledger.events';
export { bankPendingDecider } from './bank-pending.decide';
export type { BankPendingCommand, ReplacePendingTransactions } from './bank-pending.decide';
export { bankPendingStreamId } from './bank-pending.events';
export type { BankPendingEvent, PendingTransactionsReplaced } from './bank-pending.events';
export { toCents, centsText } from './money.rules';
export { leftToMatch, matchStatusOf, matchStatusSeenOf, overAllocation } from './match-status';
export { MIN_REFERENCE_KEY, referenceKey } from './payment-reference.rules';
