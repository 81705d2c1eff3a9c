import { isPermission, LOCALES, type Locale, type Permission } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { ClientAccess, LoginFailureReason, PasswordChangeReason, UserEvent, UserProfile } from './user.events';
import { evolveUser, initialUserState, type UserAccountState, type UserState } from './user.state';

export type RegisterUser = { type: 'RegisterUser'; userId: string; profile: UserProfile };
export type DisableUser = { type: 'DisableUser'; reason: string };
export type EnableUser = { type: 'EnableUser' };
export type ChangeUserLocale = { type: 'ChangeUserLocale'; locale: Locale };
export type RecordPasswordChange = { type: 'RecordPasswordChange'; reason: PasswordChangeReason; mustChange: boolean };
export type RecordLoginFailure = { type: 'RecordLoginFailure'; reason: LoginFailureReason; address: string; lockedUntil: string | null; failures: number };
export type RecordLogin = { type: 'RecordLogin'; address: string; method: string };
export type ChangeUserDetails = { type: 'ChangeUserDetails'; firstName: string; lastName: string; telNr: string };
export type RecordSecondFactor = { type: 'RecordSecondFactor'; kind: 'totp'; enabled: boolean };
export type ChangeUserAccess = { type: 'ChangeUserAccess'; permissions: Permission[] } & ClientAccess;
/** An administrator sets the address directly. */
export type ChangeUserEmail = { type: 'ChangeUserEmail'; email: string };
/** The user asks for a new address; `ConfirmEmailChange` (the link sent to it) completes it. */
export type RequestEmailChange = { type: 'RequestEmailChange'; email: string };
export type ConfirmEmailChange = { type: 'ConfirmEmailChange'; email: string };
export type SetMobileApp = { type: 'SetMobileApp'; mobileApp: boolean };
export type RequireSecondFactor = { type: 'RequireSecondFactor'; required: boolean };
export type RegisterSecurityKey = { type: 'RegisterSecurityKey'; keyId: string; label: string };
export type RenameSecurityKey = { type: 'RenameSecurityKey'; keyId: string; label: string };
export type RemoveSecurityKey = { type: 'RemoveSecurityKey'; keyId: string };
export type DeleteUser = { type: 'DeleteUser'; reason: string };
export type UserCommand =
  | RegisterUser
  | DisableUser
  | EnableUser
  | ChangeUserLocale
  | RecordPasswordChange
  | RecordLoginFailure
  | RecordLogin
  | ChangeUserDetails
  | RecordSecondFactor
  | ChangeUserAccess
  | ChangeUserEmail
  | RequestEmailChange
  | ConfirmEmailChange
  | SetMobileApp
  | RequireSecondFactor
  | RegisterSecurityKey
  | RenameSecurityKey
  | RemoveSecurityKey
  | DeleteUser;

const PHONE = /^[+\d][\d\s/()-]{3,30}$/;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const USERNAME = /^[\p{L}\p{N}._@-]{1,100}$/u;
const MAX_KEY_LABEL = 60;

export function checkEmail(email: string): void {
  if (email.length > 254 || !EMAIL.test(email)) throw invalid('Invalid e-mail address');
}

export function checkPhone(telNr: string): void {
  if (telNr !== '' && !PHONE.test(telNr)) throw invalid('Invalid phone number');
}

/** Client numbers are positive whole numbers; exclusions only make sense with "all clients". */
export function checkClientAccess(access: ClientAccess): void {
  const numbers = [...access.klienten, ...access.excluded];
  if (!numbers.every((c) => Number.isSafeInteger(c) && c > 0)) throw invalid('Client numbers must be positive whole numbers.');
  if (!access.all_clients && access.excluded.length > 0) throw invalid('Clients can only be excluded from a user who is given all clients.');
  if (numbers.length > 10_000) throw invalid('Too many client numbers.');
}

/** The profile rules ("Username cannot be empty", invalid e-mail), shared by every way a user is created. */
export function checkUserProfile(p: UserProfile): void {
  if (p.username.trim() === '') throw invalid('Username cannot be empty');
  if (!USERNAME.test(p.username.trim())) throw invalid('A username may contain letters, digits and . _ @ - only (at most 100).');
  checkEmail(p.email);
  if (!p.permissions.every(isPermission)) throw invalid('Unknown permission code.');
  if (!LOCALES.includes(p.locale)) throw invalid('Unknown locale.');
  if (p.firstName.length > 100 || p.lastName.length > 100) throw invalid('Names may have at most 100 characters.');
  checkPhone((p.telNr ?? '').trim());
  checkClientAccess({ klienten: p.klienten, all_clients: p.all_clients, excluded: p.excluded ?? [] });
}

const unique = <T>(values: readonly T[]): T[] => [...new Set(values)];
const sortedNumbers = (values: readonly number[]) => unique(values).sort((a, b) => a - b);

/** One canonical form: codes once and sorted, no assigned list beside "all clients", no exclusions without it. */
export function normalizeAccess(permissions: readonly Permission[], access: ClientAccess): ClientAccess & { permissions: Permission[] } {
  return {
    permissions: unique(permissions).sort(),
    klienten: access.all_clients ? [] : sortedNumbers(access.klienten),
    all_clients: access.all_clients,
    excluded: access.all_clients ? sortedNumbers(access.excluded) : [],
  };
}

const sameList = <T>(a: readonly T[], b: readonly T[]) => a.length === b.length && a.every((v, i) => v === b[i]);

function registerUser(command: RegisterUser, state: UserState): UserEvent[] {
  if (state.status !== 'none') throw conflict(`User ${command.profile.username} already exists.`);
  checkUserProfile(command.profile);
  const p = command.profile;
  const access = normalizeAccess(p.permissions, { klienten: p.klienten, all_clients: p.all_clients, excluded: p.excluded ?? [] });
  return [
    {
      type: 'UserRegistered',
      data: {
        ...p,
        permissions: access.permissions,
        klienten: access.klienten,
        excluded: access.excluded,
        username: p.username.trim(),
        firstName: p.firstName.trim(),
        lastName: p.lastName.trim(),
        telNr: (p.telNr ?? '').trim(),
        mobileApp: p.mobileApp ?? false,
        userId: command.userId,
      },
    },
  ];
}

function changeAccess(command: ChangeUserAccess, state: UserAccountState): UserEvent[] {
  if (!command.permissions.every(isPermission)) throw invalid('Unknown permission code.');
  checkClientAccess(command);
  const next = normalizeAccess(command.permissions, command);
  const unchanged =
    sameList(next.permissions, [...state.permissions].sort()) &&
    next.all_clients === state.all_clients &&
    sameList(next.klienten, sortedNumbers(state.klienten)) &&
    sameList(next.excluded, sortedNumbers(state.excluded));
  return unchanged ? [] : [{ type: 'UserAccessChanged', data: next }];
}

function decideKey(command: RegisterSecurityKey | RenameSecurityKey | RemoveSecurityKey, state: UserAccountState): UserEvent[] {
  const known = Object.prototype.hasOwnProperty.call(state.keys, command.keyId);
  if (command.type === 'RemoveSecurityKey') {
    if (!known) throw notFound('This security key is not registered.');
    return [{ type: 'SecurityKeyRemoved', data: { keyId: command.keyId } }];
  }
  const label = command.label.trim();
  if (label === '' || label.length > MAX_KEY_LABEL) throw invalid(`A security key needs a name of 1 to ${MAX_KEY_LABEL} characters.`);
  if (Object.entries(state.keys).some(([id, l]) => id !== command.keyId && l.toLowerCase() === label.toLowerCase()))
    throw conflict('Another security key already has this name.');
  if (command.type === 'RegisterSecurityKey') {
    if (known) throw conflict('This security key is already registered.');
    if (Object.keys(state.keys).length >= 20) throw conflict('At most 20 security keys can be registered.');
    return [{ type: 'SecurityKeyRegistered', data: { keyId: command.keyId, label } }];
  }
  if (!known) throw notFound('This security key is not registered.');
  return state.keys[command.keyId] === label ? [] : [{ type: 'SecurityKeyRenamed', data: { keyId: command.keyId, label } }];
}

function recordLoginFailure(command: RecordLoginFailure): UserEvent[] {
  const failed: UserEvent = { type: 'UserLoginFailed', data: { reason: command.reason, address: command.address } };
  if (command.lockedUntil === null) return [failed];
  return [failed, { type: 'UserLockedOut', data: { until: command.lockedUntil, failures: command.failures, address: command.address } }];
}

function changeUserDetails(command: ChangeUserDetails): UserEvent[] {
  const firstName = command.firstName.trim();
  const lastName = command.lastName.trim();
  const telNr = command.telNr.trim();
  if (firstName.length > 100 || lastName.length > 100) throw invalid('Names may have at most 100 characters.');
  checkPhone(telNr);
  return [{ type: 'UserDetailsChanged', data: { firstName, lastName, telNr } }];
}

function changeUserEmail(command: ChangeUserEmail, state: UserAccountState): UserEvent[] {
  const email = command.email.trim();
  checkEmail(email);
  return email === state.email ? [] : [{ type: 'UserEmailChanged', data: { email, confirmed: false } }];
}

function requestEmailChange(command: RequestEmailChange, state: UserAccountState): UserEvent[] {
  const email = command.email.trim();
  checkEmail(email);
  if (email.toLowerCase() === state.email.toLowerCase()) throw invalid('This is already your e-mail address.');
  return [{ type: 'EmailChangeRequested', data: { email } }];
}

function changeUserLocale(command: ChangeUserLocale, state: UserAccountState): UserEvent[] {
  if (!LOCALES.includes(command.locale)) throw invalid('Unknown locale.');
  return state.locale === command.locale ? [] : [{ type: 'UserLocaleChanged', data: { locale: command.locale } }];
}

/** Only the link of the latest request confirms, once. */
function confirmEmailChange(command: ConfirmEmailChange, state: UserAccountState): UserEvent[] {
  if (state.pendingEmail === null || state.pendingEmail !== command.email)
    throw conflict('This confirmation link is no longer valid: a newer change was requested or it was already used.');
  return [{ type: 'UserEmailChanged', data: { email: command.email, confirmed: true } }];
}

export function decideUser(command: UserCommand, state: UserState): UserEvent[] {
  if (command.type === 'RegisterUser') return registerUser(command, state);
  if (state.status === 'none' || state.status === 'deleted') throw notFound('The user does not exist.');
  switch (command.type) {
    case 'DisableUser':
      return state.status === 'disabled' ? [] : [{ type: 'UserDisabled', data: { reason: command.reason } }];
    case 'EnableUser':
      return state.status === 'active' ? [] : [{ type: 'UserEnabled', data: {} }];
    case 'ChangeUserLocale':
      return changeUserLocale(command, state);
    case 'RecordPasswordChange':
      return [{ type: 'UserPasswordChanged', data: { reason: command.reason, mustChange: command.mustChange } }];
    case 'RecordLoginFailure':
      return recordLoginFailure(command);
    case 'RecordLogin':
      return [{ type: 'UserLoggedIn', data: { address: command.address, method: command.method } }];
    case 'RecordSecondFactor':
      return [{ type: 'SecondFactorChanged', data: { kind: command.kind, enabled: command.enabled } }];
    case 'ChangeUserDetails':
      return changeUserDetails(command);
    case 'ChangeUserAccess':
      return changeAccess(command, state);
    case 'ChangeUserEmail':
      return changeUserEmail(command, state);
    case 'RequestEmailChange':
      return requestEmailChange(command, state);
    case 'ConfirmEmailChange':
      return confirmEmailChange(command, state);
    case 'SetMobileApp':
      return state.mobileApp === command.mobileApp ? [] : [{ type: 'UserMobileAppChanged', data: { mobileApp: command.mobileApp } }];
    case 'RequireSecondFactor':
      return state.secondFactorRequired === command.required ? [] : [{ type: 'SecondFactorRequirementChanged', data: { required: command.required } }];
    case 'RegisterSecurityKey':
    case 'RenameSecurityKey':
    case 'RemoveSecurityKey':
      return decideKey(command, state);
    case 'DeleteUser':
      return [{ type: 'UserDeleted', data: { reason: command.reason } }];
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
