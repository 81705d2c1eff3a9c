import type { DomainEvent } from '../shared/decider';

export type SvInterestRateSet = DomainEvent<'SvInterestRateSet', { year: number; rate: number }>;
export type SvRatesEvent = SvInterestRateSet;
export const SV_RATE_EVENT_TYPES = ['SvInterestRateSet'] as const;

/** One firm-wide stream holds the yearly rate table. */
export const SV_RATES_STREAM = 'sv-interest-rates';
