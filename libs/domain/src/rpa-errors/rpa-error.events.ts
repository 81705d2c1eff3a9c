import type { DomainEvent } from '../shared/decider';

/**
 * What people do about an automation failure (the failure itself is projected from the failing
 * feature's events): run the step again, or mark it resolved with a remark. One stream per failure.
 */
export type RpaErrorResolved = DomainEvent<'RpaErrorResolved', { errorId: string; remark: string }>;
export type RpaErrorRetryRequested = DomainEvent<'RpaErrorRetryRequested', { errorId: string }>;
export type RpaErrorEvent = RpaErrorResolved | RpaErrorRetryRequested;

export const RPA_ERROR_EVENT_TYPES: readonly RpaErrorEvent['type'][] = ['RpaErrorResolved', 'RpaErrorRetryRequested'];
export const rpaErrorStreamId = (errorId: string) => `rpa-error-${encodeURIComponent(errorId)}`;
