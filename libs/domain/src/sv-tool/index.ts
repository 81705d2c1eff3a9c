export { svAccountDecider, checkBooking } from './sv-account.decide';
export type { SvAccountCommand, OpenSvAccount, ChangeSvAccount, ImportSvStatement, RecordSvBooking, CorrectSvBooking } from './sv-account.decide';
export { svAccountStreamId, accountIdOfSvStream, SV_ACCOUNT_EVENT_TYPES } from './sv-account.events';
export type {
  SvAccountDetails,
  SvBooking,
  SvAccountEvent,
  SvAccountOpened,
  SvAccountChanged,
  SvStatementImported,
  SvBookingRecorded,
  SvBookingCorrected,
} from './sv-account.events';
export { evolveSvAccount } from './sv-account.state';
export type { SvAccountState } from './sv-account.state';
export { PAYMENT_PERIOD_DAYS, GRACE_DAYS, INTEREST_FROM_DAY, dueDateOf, onTimeUntil, rateOf, interestBetween, svAccountFigures } from './sv-interest.rules';
export type { SvInterestTransaction, SvRateTable, SvFigureOptions, SvAccountFigures } from './sv-interest.rules';
export { svRatesDecider } from './sv-rates.decide';
export type { SetSvInterestRate, SvRatesCommand } from './sv-rates.decide';
export { SV_RATES_STREAM, SV_RATE_EVENT_TYPES } from './sv-rates.events';
export type { SvInterestRateSet, SvRatesEvent } from './sv-rates.events';
export type { SvRatesState } from './sv-rates.state';
