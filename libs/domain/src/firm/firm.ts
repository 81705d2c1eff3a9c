import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { isSealedSecret, type SealedSecret } from '../shared/sealed-secret';

/**
 * A firm (Kanzlei, spec 3): name, NTCS ID, WebEKU user and password. The password only ever appears sealed
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

export type RegisterFirm = { type: 'RegisterFirm'; firmId: string; values: FirmValues; webekuPassword: SealedSecret | null };
export type ChangeFirm = { type: 'ChangeFirm'; changes: Partial<FirmValues>; webekuPassword?: SealedSecret };
export type RemoveFirm = { type: 'RemoveFirm' };
export type FirmCommand = RegisterFirm | ChangeFirm | RemoveFirm;

export type FirmState = { status: 'none' | 'removed' } | { status: 'active'; values: FirmValues };

export const firmStreamId = (firmId: string) => `firm-${firmId}`;

/** Spec 5: "Required field", "must be a number". */
export function checkFirmValues(values: Partial<FirmValues>): Partial<FirmValues> {
  const out: Partial<FirmValues> = {};
  if (values.name !== undefined) {
    const name = values.name.trim().replace(/\s+/g, ' ');
    if (name === '') throw invalid('Required field', { key: 'required', field: 'name' });
    if (name.length > 200) throw invalid('name must be at most 200 characters.', { field: 'name' });
    out.name = name;
  }
  if (values.ntcsId !== undefined) {
    if (!Number.isSafeInteger(values.ntcsId) || values.ntcsId < 1) throw invalid('must be a number', { key: 'mustBeNumber', field: 'ntcs_id' });
    out.ntcsId = values.ntcsId;
  }
  if (values.webekuUser !== undefined) {
    const user = values.webekuUser?.trim() || null;
    if (user && user.length > 100) throw invalid('webeku_user must be at most 100 characters.', { field: 'webeku_user' });
    out.webekuUser = user;
  }
  return out;
}

function decide(command: FirmCommand, state: FirmState): FirmEvent[] {
  switch (command.type) {
    case 'RegisterFirm': {
      if (state.status !== 'none') throw conflict('The firm already exists.');
      const values = checkFirmValues(command.values) as FirmValues;
      if (values.name === undefined) throw invalid('Required field', { key: 'required', field: 'name' });
      if (values.ntcsId === undefined) throw invalid('Required field', { key: 'required', field: 'ntcs_id' });
      if (command.webekuPassword !== null && !isSealedSecret(command.webekuPassword)) throw invalid('The WebEKU password must be sealed.');
      return [{ type: 'FirmRegistered', data: { firmId: command.firmId, name: values.name, ntcsId: values.ntcsId, webekuUser: values.webekuUser ?? null, webekuPassword: command.webekuPassword } }];
    }
    case 'ChangeFirm': {
      if (state.status !== 'active') throw notFound('The firm does not exist.');
      const checked = checkFirmValues(command.changes);
      const changes = Object.fromEntries(Object.entries(checked).filter(([k, v]) => state.values[k as keyof FirmValues] !== v)) as Partial<FirmValues>;
      if (command.webekuPassword !== undefined && !isSealedSecret(command.webekuPassword)) throw invalid('The WebEKU password must be sealed.');
      if (Object.keys(changes).length === 0 && !command.webekuPassword) return [];
      return [{ type: 'FirmChanged', data: { changes, ...(command.webekuPassword ? { webekuPassword: command.webekuPassword } : {}) } }];
    }
    case 'RemoveFirm':
      if (state.status === 'removed') return [];
      if (state.status === 'none') throw notFound('The firm does not exist.');
      return [{ type: 'FirmRemoved', data: {} }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function evolve(state: FirmState, event: FirmEvent): FirmState {
  switch (event.type) {
    case 'FirmRegistered':
      return { status: 'active', values: { name: event.data.name, ntcsId: event.data.ntcsId, webekuUser: event.data.webekuUser } };
    case 'FirmChanged':
      return state.status === 'active' ? { status: 'active', values: { ...state.values, ...event.data.changes } } : state;
    case 'FirmRemoved':
      return { status: 'removed' };
  }
}

export const firmDecider: Decider<FirmState, FirmCommand, FirmEvent> = { initialState: { status: 'none' }, evolve, decide: (c, s) => decide(c, s) };
