export { isValidIban, isSixDigits, normalizeIban, personAccountTypeOf } from './account.rules';
export { accountingDecider } from './accounting.decide';
export type { AccountingCommand, CreatePersonAccount, DefineBook, DefineCostCentre, DefineExpenseAccount } from './accounting.decide';
export { accountingStreamId, ACCOUNTING_EVENT_TYPES } from './accounting.events';
export type { AccountingEvent } from './accounting.events';
export type { AccountingState } from './accounting.state';
