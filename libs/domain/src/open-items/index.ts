export { openItemDecider } from './open-item.decide';
export type { OpenItemCommand, RecordPayment, CancelPayment, RecordDunning, SetPaymentBlock } from './open-item.decide';
export { openItemStreamId, documentIdOfOpenItemStream, OPEN_ITEM_EVENT_TYPES } from './open-item.events';
export type { OpenItemEvent, PaymentRecorded, PaymentCancelled, DunningRecorded, PaymentBlockChanged, PaymentSource } from './open-item.events';
export { evolveOpenItem, initialOpenItemState, settledBy } from './open-item.state';
export type { OpenItemState, PaymentEntry } from './open-item.state';
export {
  round2,
  isSettled,
  outstandingOf,
  daysBetween,
  daysOverdue,
  AGEING_BUCKETS,
  ageingBucket,
  dueDateRangeOf,
  discountFor,
  DEFAULT_DUNNING_DAYS,
} from './open-item.rules';
export type { OpenItemTerms, AgeingBucket } from './open-item.rules';
export { lateInterest, baseRateOn, BASE_RATES, INTEREST_MARGIN, LATE_PAYMENT_FLAT_FEE, LATE_INTEREST_LAW } from './late-interest.rules';
export type { InterestCountry, LateInterest } from './late-interest.rules';
