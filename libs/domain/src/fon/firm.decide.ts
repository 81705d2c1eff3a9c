import type { Decider } from '../shared/decider';
import { changedValues } from '../shared/changed-values';
import { conflict, invalid, mustBeNumber, notFound, requiredField } from '../shared/domain-error';
import { isSealedSecret, type SealedSecret } from '../shared/sealed-secret';
import type { FirmEvent, FirmValues } from './firm.events';
import { evolveFirm, initialFirmState, type FirmState } from './firm.state';

export type RegisterFirm = { type: 'RegisterFirm'; firmId: string; values: FirmValues; webekuPassword: SealedSecret | null };
export type ChangeFirm = { type: 'ChangeFirm'; changes: Partial<FirmValues>; webekuPassword?: SealedSecret };
export type RemoveFirm = { type: 'RemoveFirm' };
export type FirmCommand = RegisterFirm | ChangeFirm | RemoveFirm;

/** "Required field" for a missing name, "must be a number" for an NTCS ID that is not one. */
export function checkFirmValues(values: Partial<FirmValues>): Partial<FirmValues> {
  const out: Partial<FirmValues> = {};
  if (values.name !== undefined) {
    const name = values.name.trim().replace(/\s+/g, ' ');
    if (name === '') throw requiredField('name');
    if (name.length > 200) throw invalid('name must be at most 200 characters.', { field: 'name' });
    out.name = name;
  }
  if (values.ntcsId !== undefined) {
    if (!Number.isSafeInteger(values.ntcsId) || values.ntcsId < 1) throw mustBeNumber('ntcs_id');
    out.ntcsId = values.ntcsId;
  }
  if (values.webekuUser !== undefined) {
    const user = values.webekuUser?.trim() || null;
    if (user && user.length > 100) throw invalid('webeku_user must be at most 100 characters.', { field: 'webeku_user' });
    out.webekuUser = user;
  }
  return out;
}

function registerFirm(command: RegisterFirm, state: FirmState): FirmEvent[] {
  if (state.status !== 'none') throw conflict('The firm already exists.');
  const values = checkFirmValues(command.values) as FirmValues;
  if (values.name === undefined) throw requiredField('name');
  if (values.ntcsId === undefined) throw requiredField('ntcs_id');
  if (command.webekuPassword !== null && !isSealedSecret(command.webekuPassword)) throw invalid('The WebEKU password must be sealed.');
  return [
    {
      type: 'FirmRegistered',
      data: { firmId: command.firmId, name: values.name, ntcsId: values.ntcsId, webekuUser: values.webekuUser ?? null, webekuPassword: command.webekuPassword },
    },
  ];
}

function changeFirm(command: ChangeFirm, state: FirmState): FirmEvent[] {
  if (state.status !== 'active') throw notFound('The firm does not exist.');
  const changes = changedValues(state.values, checkFirmValues(command.changes));
  if (command.webekuPassword !== undefined && !isSealedSecret(command.webekuPassword)) throw invalid('The WebEKU password must be sealed.');
  if (Object.keys(changes).length === 0 && !command.webekuPassword) return [];
  return [{ type: 'FirmChanged', data: { changes, ...(command.webekuPassword ? { webekuPassword: command.webekuPassword } : {}) } }];
}

function removeFirm(state: FirmState): FirmEvent[] {
  if (state.status === 'removed') return [];
  if (state.status === 'none') throw notFound('The firm does not exist.');
  return [{ type: 'FirmRemoved', data: {} }];
}

export function decideFirm(command: FirmCommand, state: FirmState): FirmEvent[] {
  switch (command.type) {
    case 'RegisterFirm':
      return registerFirm(command, state);
    case 'ChangeFirm':
      return changeFirm(command, state);
    case 'RemoveFirm':
      return removeFirm(state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** A firm (Kanzlei) of FON monitoring and the SV tool: registered, changed, removed. */
export const firmDecider: Decider<FirmState, FirmCommand, FirmEvent> = {
  initialState: initialFirmState,
  evolve: evolveFirm,
  decide: (command, state) => decideFirm(command, state),
};
