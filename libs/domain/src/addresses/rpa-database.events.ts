import type { DomainEvent } from '../shared/decider';

/**
 * The RPA address database: the addresses the automation recognises billers by. One stream, so the
 * spec's rules hold across all addresses: an empty name is refused, a VAT ID is in it at most once.
 */
export type RpaEntry = { name: string; vatId: string | null };

export type RpaAddressRegistered = DomainEvent<'RpaAddressRegistered', { addressId: number; name: string; vatId: string | null }>;
export type RpaAddressUpdated = DomainEvent<'RpaAddressUpdated', { addressId: number; name: string; vatId: string | null }>;
export type RpaAddressWithdrawn = DomainEvent<'RpaAddressWithdrawn', { addressId: number; reason: string }>;
export type RpaEvent = RpaAddressRegistered | RpaAddressUpdated | RpaAddressWithdrawn;

export const RPA_DATABASE_STREAM_ID = 'rpa-address-database';
export const RPA_EVENT_TYPES: readonly RpaEvent['type'][] = ['RpaAddressRegistered', 'RpaAddressUpdated', 'RpaAddressWithdrawn'];
