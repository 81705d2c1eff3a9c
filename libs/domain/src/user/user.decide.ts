import { isPermission, LOCALES, type Locale } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { LoginFailureReason, PasswordChangeReason, UserEvent, UserProfile } from './user.events';
import { evolveUser, initialUserState, type UserState } from './user.state';

export type RegisterUser = { type: 'RegisterUser'; userId: string; profile: UserProfile };
export type DisableUser = { type: 'DisableUser'; reason: string };
export type EnableUser = { type: 'EnableUser' };
export type ChangeUserLocale = { type: 'ChangeUserLocale'; locale: Locale };
export type RecordPasswordChange = { type: 'RecordPasswordChange'; reason: PasswordChangeReason; mustChange: boolean };
export type RecordLoginFailure = { type: 'RecordLoginFailure'; reason: LoginFailureReason; address: string; lockedUntil: string | null; failures: number };
export type RecordLogin = { type: 'RecordLogin'; address: string; method: string };
export type ChangeUserDetails = { type: 'ChangeUserDetails'; firstName: string; lastName: string; telNr: string };
export type RecordSecondFactor = { type: 'RecordSecondFactor'; kind: 'totp'; enabled: boolean };
export type UserCommand = RegisterUser | DisableUser | EnableUser | ChangeUserLocale | RecordPasswordChange | RecordLoginFailure | RecordLogin | ChangeUserDetails | RecordSecondFactor;

const PHONE = /^[+\d][\d\s/()-]{3,30}$/;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[\p{L}\p{N}._@-]{1,100}$/u;

/** The profile rules of spec 5 ("Username cannot be empty", invalid e-mail), shared by every way a user is created. */
export function checkUserProfile(p: UserProfile): void {
  if (p.username.trim() === '') throw invalid('Username cannot be empty');
  if (!USERNAME.test(p.username.trim())) throw invalid('A username may contain letters, digits and . _ @ - only (at most 100).');
  if (!EMAIL.test(p.email)) throw invalid('Invalid e-mail address');
  if (!p.permissions.every(isPermission)) throw invalid('Unknown permission code.');
  if (!LOCALES.includes(p.locale)) throw invalid('Unknown locale.');
  if (!p.klienten.every((c) => Number.isSafeInteger(c) && c > 0)) throw invalid('Client numbers must be positive whole numbers.');
}

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw conflict(`User ${command.profile.username} already exists.`);
  checkUserProfile(command.profile);
  const p = command.profile;
  return [{ type: 'UserRegistered', data: { ...p, permissions: [...new Set(p.permissions)], klienten: [...new Set(p.klienten)], username: p.username.trim(), userId: command.userId } }];
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
    case 'RecordPasswordChange':
      return [{ type: 'UserPasswordChanged', data: { reason: command.reason, mustChange: command.mustChange } }];
    case 'RecordLoginFailure': {
      const failed: UserEvent = { type: 'UserLoginFailed', data: { reason: command.reason, address: command.address } };
      if (command.lockedUntil === null) return [failed];
      return [failed, { type: 'UserLockedOut', data: { until: command.lockedUntil, failures: command.failures, address: command.address } }];
    }
    case 'RecordLogin':
      return [{ type: 'UserLoggedIn', data: { address: command.address, method: command.method } }];
    case 'RecordSecondFactor':
      return [{ type: 'SecondFactorChanged', data: { kind: command.kind, enabled: command.enabled } }];
    case 'ChangeUserDetails': {
      const firstName = command.firstName.trim();
      const lastName = command.lastName.trim();
      const telNr = command.telNr.trim();
      if (firstName.length > 100 || lastName.length > 100) throw invalid('Names may have at most 100 characters.');
      if (telNr !== '' && !PHONE.test(telNr)) throw invalid('Invalid phone number');
      return [{ type: 'UserDetailsChanged', data: { firstName, lastName, telNr } }];
    }
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
