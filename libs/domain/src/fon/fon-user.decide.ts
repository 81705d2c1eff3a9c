import { FON_USER_TYPES } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { changedValues } from '../shared/changed-values';
import { conflict, invalid, mustBeNumber, notFound, requiredField } from '../shared/domain-error';
import { isSealedSecret, type SealedSecret } from '../shared/sealed-secret';
import type { FonUserEvent, FonUserValues } from './fon-user.events';
import { evolveFonUser, initialFonUserState, type FonUserState } from './fon-user.state';

export type RegisterFonUser = { type: 'RegisterFonUser'; userId: string; values: FonUserValues; pin: SealedSecret | null };
export type ChangeFonUser = { type: 'ChangeFonUser'; changes: Partial<FonUserValues>; pin?: SealedSecret };
/** The api refuses it while an import runs; the decider only knows the user. */
export type RemoveFonUser = { type: 'RemoveFonUser' };
export type FonUserCommand = RegisterFonUser | ChangeFonUser | RemoveFonUser;

/** "Required field"; "must be a number" (quota year, TID); a web-service user needs TID, Benutzer-ID and PIN. */
export function checkFonUser(values: FonUserValues, hasPin: boolean): FonUserValues {
  const name = values.name.trim();
  if (name === '') throw requiredField('name');
  if (name.length > 100) throw invalid('name must be at most 100 characters.', { field: 'name' });
  if (!Number.isInteger(values.quotaYear)) throw mustBeNumber('quota_year');
  if (values.quotaYear < 2020 || values.quotaYear > 2100) throw invalid('quota_year must be between 2020 and 2100.', { field: 'quota_year' });
  if (!FON_USER_TYPES.includes(values.type)) throw invalid(`type must be one of ${FON_USER_TYPES.join(', ')}.`, { field: 'type' });
  if (values.tid !== null && (!Number.isSafeInteger(values.tid) || values.tid < 1)) throw mustBeNumber('tid');
  const benid = values.benid?.trim() || null;
  if (values.type === 'webservice') {
    if (values.tid === null) throw requiredField('tid');
    if (!benid) throw requiredField('benid');
    if (!hasPin) throw requiredField('pin');
  }
  return { ...values, name, benid };
}

function registerFonUser(command: RegisterFonUser, state: FonUserState): FonUserEvent[] {
  if (state.status !== 'none') throw conflict('The FON user already exists.');
  if (command.pin !== null && !isSealedSecret(command.pin)) throw invalid('The PIN must be sealed.');
  const values = checkFonUser(command.values, command.pin !== null);
  return [{ type: 'FonUserRegistered', data: { userId: command.userId, ...values, pin: command.pin } }];
}

function changeFonUser(command: ChangeFonUser, state: FonUserState): FonUserEvent[] {
  if (state.status !== 'active') throw notFound('The FON user does not exist.');
  if (command.pin !== undefined && !isSealedSecret(command.pin)) throw invalid('The PIN must be sealed.');
  const next = checkFonUser({ ...state.values, ...command.changes }, state.hasPin || command.pin !== undefined);
  const changes = changedValues(state.values, next);
  if (Object.keys(changes).length === 0 && !command.pin) return [];
  return [{ type: 'FonUserChanged', data: { changes, ...(command.pin ? { pin: command.pin } : {}) } }];
}

function removeFonUser(state: FonUserState): FonUserEvent[] {
  if (state.status === 'removed') return [];
  if (state.status === 'none') throw notFound('The FON user does not exist.');
  return [{ type: 'FonUserRemoved', data: {} }];
}

export function decideFonUser(command: FonUserCommand, state: FonUserState): FonUserEvent[] {
  switch (command.type) {
    case 'RegisterFonUser':
      return registerFonUser(command, state);
    case 'ChangeFonUser':
      return changeFonUser(command, state);
    case 'RemoveFonUser':
      return removeFonUser(state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const fonUserDecider: Decider<FonUserState, FonUserCommand, FonUserEvent> = {
  initialState: initialFonUserState,
  evolve: evolveFonUser,
  decide: (command, state) => decideFonUser(command, state),
};
