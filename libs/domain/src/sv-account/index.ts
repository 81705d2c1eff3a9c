export * from './sv-interest';
export * from './sv-account.events';
export { svAccountDecider, svRatesDecider, evolveSvAccount, checkBooking } from './sv-account.decide';
export type { SvAccountState, SvAccountCommand, OpenSvAccount, ChangeSvAccount, ImportSvStatement, RecordSvBooking, CorrectSvBooking, SetSvInterestRate } from './sv-account.decide';
