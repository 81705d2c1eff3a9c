import { FON_USER_TYPES, type FonUserType } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { isSealedSecret, type SealedSecret } from '../shared/sealed-secret';

/** A FinanzOnline access of a firm for one quota year (spec 3 "FON user": name, quota year, type); its PIN only sealed. */
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

export type RegisterFonUser = { type: 'RegisterFonUser'; userId: string; values: FonUserValues; pin: SealedSecret | null };
export type ChangeFonUser = { type: 'ChangeFonUser'; changes: Partial<FonUserValues>; pin?: SealedSecret };
/** The api refuses it while an import runs (spec 5); the decider only knows the user. */
export type RemoveFonUser = { type: 'RemoveFonUser' };
export type FonUserCommand = RegisterFonUser | ChangeFonUser | RemoveFonUser;

export type FonUserState = { status: 'none' | 'removed' } | { status: 'active'; values: FonUserValues; hasPin: boolean };
export const fonUserStreamId = (userId: string) => `fon-user-${userId}`;

const required = (field: string) => invalid('Required field', { key: 'required', field });
const number = (field: string) => invalid('must be a number', { key: 'mustBeNumber', field });

/** Spec 5: "Required field"; "must be a number" (quota year, TID); a web-service user needs TID, Benutzer-ID and PIN. */
export function checkFonUser(values: FonUserValues, hasPin: boolean): FonUserValues {
  const name = values.name.trim();
  if (name === '') throw required('name');
  if (name.length > 100) throw invalid('name must be at most 100 characters.', { field: 'name' });
  if (!Number.isInteger(values.quotaYear)) throw number('quota_year');
  if (values.quotaYear < 2020 || values.quotaYear > 2100) throw invalid('quota_year must be between 2020 and 2100.', { field: 'quota_year' });
  if (!FON_USER_TYPES.includes(values.type)) throw invalid(`type must be one of ${FON_USER_TYPES.join(', ')}.`, { field: 'type' });
  if (values.tid !== null && (!Number.isSafeInteger(values.tid) || values.tid < 1)) throw number('tid');
  const benid = values.benid?.trim() || null;
  if (values.type === 'webservice') {
    if (values.tid === null) throw required('tid');
    if (!benid) throw required('benid');
    if (!hasPin) throw required('pin');
  }
  return { ...values, name, benid };
}

function decide(command: FonUserCommand, state: FonUserState): FonUserEvent[] {
  switch (command.type) {
    case 'RegisterFonUser': {
      if (state.status !== 'none') throw conflict('The FON user already exists.');
      if (command.pin !== null && !isSealedSecret(command.pin)) throw invalid('The PIN must be sealed.');
      const values = checkFonUser(command.values, command.pin !== null);
      return [{ type: 'FonUserRegistered', data: { userId: command.userId, ...values, pin: command.pin } }];
    }
    case 'ChangeFonUser': {
      if (state.status !== 'active') throw notFound('The FON user does not exist.');
      if (command.pin !== undefined && !isSealedSecret(command.pin)) throw invalid('The PIN must be sealed.');
      const next = checkFonUser({ ...state.values, ...command.changes }, state.hasPin || command.pin !== undefined);
      const changes = Object.fromEntries(Object.entries(next).filter(([k, v]) => state.values[k as keyof FonUserValues] !== v)) as Partial<FonUserValues>;
      if (Object.keys(changes).length === 0 && !command.pin) return [];
      return [{ type: 'FonUserChanged', data: { changes, ...(command.pin ? { pin: command.pin } : {}) } }];
    }
    case 'RemoveFonUser':
      if (state.status === 'removed') return [];
      if (state.status === 'none') throw notFound('The FON user does not exist.');
      return [{ type: 'FonUserRemoved', data: {} }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

function evolve(state: FonUserState, event: FonUserEvent): FonUserState {
  switch (event.type) {
    case 'FonUserRegistered': {
      const { userId: _id, pin, ...values } = event.data;
      return { status: 'active', values, hasPin: pin !== null };
    }
    case 'FonUserChanged':
      return state.status === 'active' ? { status: 'active', values: { ...state.values, ...event.data.changes }, hasPin: state.hasPin || !!event.data.pin } : state;
    case 'FonUserRemoved':
      return { status: 'removed' };
  }
}

export const fonUserDecider: Decider<FonUserState, FonUserCommand, FonUserEvent> = { initialState: { status: 'none' }, evolve, decide: (c, s) => decide(c, s) };
