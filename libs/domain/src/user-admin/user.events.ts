import type { Locale, Permission } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/** Which client companies a user reaches (assigned to or excluded from clients, or given all clients). */
export interface ClientAccess {
  klienten: number[];
  all_clients: boolean;
  /** With `all_clients`: the companies this user is excluded from (empty otherwise). */
  excluded: number[];
}

export interface UserProfile {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  permissions: Permission[];
  klienten: number[];
  all_clients: boolean;
  /** Spec: telNr; events of older versions have none. */
  telNr?: string;
  /** Spec: mobileApp — the user may sign in from the mobile app. */
  mobileApp?: boolean;
  excluded?: number[];
}

/**
 * `passwordHash` only appears in events written before the credential store existed; new events never
 * carry credentials (an event log is kept forever): the hash lives in the credential store.
 */
export type UserRegistered = DomainEvent<'UserRegistered', UserProfile & { userId: string; passwordHash?: string }>;
export type UserDisabled = DomainEvent<'UserDisabled', { reason: string }>;
export type UserEnabled = DomainEvent<'UserEnabled', Record<string, never>>;
export type UserLocaleChanged = DomainEvent<'UserLocaleChanged', { locale: Locale }>;
/** Why a password was set: the first one, an administrator's reset, or the user's own change. */
export type PasswordChangeReason = 'initial' | 'reset' | 'changed';
/** The password changed (the hash is in the credential store); `mustChange`: a one-time password to replace at the next login. */
export type UserPasswordChanged = DomainEvent<'UserPasswordChanged', { reason: PasswordChangeReason; mustChange: boolean }>;
export type LoginFailureReason = 'password' | 'disabled' | 'demo-password' | 'second-factor';
export type UserLoginFailed = DomainEvent<'UserLoginFailed', { reason: LoginFailureReason; address: string }>;
/** Too many failed logins in a row: logins are refused until `until`. */
export type UserLockedOut = DomainEvent<'UserLockedOut', { until: string; failures: number; address: string }>;
export type UserLoggedIn = DomainEvent<'UserLoggedIn', { address: string; method: string }>;
/** A second factor was set up or removed (its secret is in the credential store). */
export type SecondFactorChanged = DomainEvent<'SecondFactorChanged', { kind: 'totp'; enabled: boolean }>;
/** Personal details the user (or an administrator) changed: names and phone number (spec: telNr). */
export type UserDetailsChanged = DomainEvent<'UserDetailsChanged', { firstName: string; lastName: string; telNr: string }>;
/** Permissions and client companies, as the user manager (one user or a bulk edit) set them. */
export type UserAccessChanged = DomainEvent<'UserAccessChanged', ClientAccess & { permissions: Permission[] }>;
/** The user asked to change their e-mail address; it changes once the link sent to the new address is opened. */
export type EmailChangeRequested = DomainEvent<'EmailChangeRequested', { email: string }>;
/** `confirmed`: by the link sent to the new address; otherwise set by an administrator. */
export type UserEmailChanged = DomainEvent<'UserEmailChanged', { email: string; confirmed: boolean }>;
export type UserMobileAppChanged = DomainEvent<'UserMobileAppChanged', { mobileApp: boolean }>;
/** An administrator requires (or no longer requires) a second factor at this user's login. */
export type SecondFactorRequirementChanged = DomainEvent<'SecondFactorRequirementChanged', { required: boolean }>;
/** A security key (WebAuthn credential) was registered; its public key is in the credential store. */
export type SecurityKeyRegistered = DomainEvent<'SecurityKeyRegistered', { keyId: string; label: string }>;
export type SecurityKeyRenamed = DomainEvent<'SecurityKeyRenamed', { keyId: string; label: string }>;
export type SecurityKeyRemoved = DomainEvent<'SecurityKeyRemoved', { keyId: string }>;
/** The account is gone: it cannot log in, its username can be taken again; its history stays in the log. */
export type UserDeleted = DomainEvent<'UserDeleted', { reason: string }>;

export type UserEvent =
  | UserRegistered
  | UserDisabled
  | UserEnabled
  | UserLocaleChanged
  | UserPasswordChanged
  | UserLoginFailed
  | UserLockedOut
  | UserLoggedIn
  | UserDetailsChanged
  | SecondFactorChanged
  | UserAccessChanged
  | EmailChangeRequested
  | UserEmailChanged
  | UserMobileAppChanged
  | SecondFactorRequirementChanged
  | SecurityKeyRegistered
  | SecurityKeyRenamed
  | SecurityKeyRemoved
  | UserDeleted;

export const USER_EVENT_TYPES: ReadonlyArray<UserEvent['type']> = [
  'UserRegistered',
  'UserDisabled',
  'UserEnabled',
  'UserLocaleChanged',
  'UserPasswordChanged',
  'UserLoginFailed',
  'UserLockedOut',
  'UserLoggedIn',
  'UserDetailsChanged',
  'SecondFactorChanged',
  'UserAccessChanged',
  'EmailChangeRequested',
  'UserEmailChanged',
  'UserMobileAppChanged',
  'SecondFactorRequirementChanged',
  'SecurityKeyRegistered',
  'SecurityKeyRenamed',
  'SecurityKeyRemoved',
  'UserDeleted',
];

export const userStreamId = (userId: string) => `user-${userId}`;
