import type { FonUserType } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';
import type { SealedSecret } from '../shared/sealed-secret';

/** A FinanzOnline access of a firm for one quota year (name, quota year, type); its PIN only sealed. */
export interface FonUserValues {
  firmId: string;
  name: string;
  quotaYear: number;
  type: FonUserType;
  /** Teilnehmer-ID (a number, required for the web service). */
  tid: number | null;
  /** Benutzer-ID (required for the web service). */
  benid: string | null;
}

export type FonUserRegistered = DomainEvent<'FonUserRegistered', FonUserValues & { userId: string; pin: SealedSecret | null }>;
export type FonUserChanged = DomainEvent<'FonUserChanged', { changes: Partial<FonUserValues>; pin?: SealedSecret }>;
export type FonUserRemoved = DomainEvent<'FonUserRemoved', Record<string, never>>;
export type FonUserEvent = FonUserRegistered | FonUserChanged | FonUserRemoved;
export const FON_USER_EVENT_TYPES: readonly FonUserEvent['type'][] = ['FonUserRegistered', 'FonUserChanged', 'FonUserRemoved'];

export const fonUserStreamId = (userId: string) => `fon-user-${userId}`;
