import type { DomainEvent } from '../shared/decider';
import type { SealedSecret } from '../shared/sealed-secret';

/**
 * A firm (Kanzlei): name, NTCS ID, WebEKU user and password. The password only ever appears sealed
 * (encrypted); an edit without one keeps the current password. FON monitoring and the SV tool use it.
 */
export interface FirmValues {
  name: string;
  ntcsId: number;
  webekuUser: string | null;
}

export type FirmRegistered = DomainEvent<'FirmRegistered', FirmValues & { firmId: string; webekuPassword: SealedSecret | null }>;
export type FirmChanged = DomainEvent<'FirmChanged', { changes: Partial<FirmValues>; webekuPassword?: SealedSecret }>;
export type FirmRemoved = DomainEvent<'FirmRemoved', Record<string, never>>;
export type FirmEvent = FirmRegistered | FirmChanged | FirmRemoved;
export const FIRM_EVENT_TYPES: readonly FirmEvent['type'][] = ['FirmRegistered', 'FirmChanged', 'FirmRemoved'];

export const firmStreamId = (firmId: string) => `firm-${firmId}`;
