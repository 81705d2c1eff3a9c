import { isPermission, LOCALES, type Locale } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { UserEvent, UserProfile } from './user.events';
import { evolveUser, initialUserState, type UserState } from './user.state';

export type RegisterUser = { type: 'RegisterUser'; userId: string; passwordHash: string; profile: UserProfile };
export type DisableUser = { type: 'DisableUser'; reason: string };
export type EnableUser = { type: 'EnableUser' };
export type ChangeUserLocale = { type: 'ChangeUserLocale'; locale: Locale };
export type UserCommand = RegisterUser | DisableUser | EnableUser | ChangeUserLocale;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw conflict(`User ${command.profile.username} already exists.`);
  const p = command.profile;
  if (p.username.trim() === '') throw invalid('Username cannot be empty');
  if (!EMAIL.test(p.email)) throw invalid('Invalid e-mail address');
  if (!p.permissions.every(isPermission)) throw invalid('Unknown permission code.');
  if (!LOCALES.includes(p.locale)) throw invalid('Unknown locale.');
  return [{ type: 'UserRegistered', data: { ...p, username: p.username.trim(), userId: command.userId, passwordHash: command.passwordHash } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') return registerUser(command, state);
  if (state.status === 'none') throw notFound('The user does not exist.');
  switch (command.type) {
    case 'DisableUser':
      return state.status === 'disabled' ? [] : [{ type: 'UserDisabled', data: { reason: command.reason } }];
    case 'EnableUser':
      return state.status === 'active' ? [] : [{ type: 'UserEnabled', data: {} }];
    case 'ChangeUserLocale':
      if (!LOCALES.includes(command.locale)) throw invalid('Unknown locale.');
      return state.locale === command.locale ? [] : [{ type: 'UserLocaleChanged', data: { locale: command.locale } }];
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const userDecider: Decider<UserState, UserCommand, UserEvent> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide: decideUser,
};
