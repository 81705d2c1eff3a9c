import type { Locale, Permission } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

export interface UserProfile {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  locale: Locale;
  permissions: Permission[];
  klienten: number[];
  all_clients: boolean;
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
/** Personal details the user (or an administrator) changed: names and phone number (spec: telNr). */
/** A second factor was set up or removed (its secret is in the credential store). */
export type SecondFactorChanged = DomainEvent<'SecondFactorChanged', { kind: 'totp'; enabled: boolean }>;
export type UserDetailsChanged = DomainEvent<'UserDetailsChanged', { firstName: string; lastName: string; telNr: string }>;

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
  | SecondFactorChanged;

export const USER_EVENT_TYPES: ReadonlyArray<UserEvent['type']> = [
  'UserRegistered', 'UserDisabled', 'UserEnabled', 'UserLocaleChanged', 'UserPasswordChanged', 'UserLoginFailed', 'UserLockedOut', 'UserLoggedIn', 'UserDetailsChanged', 'SecondFactorChanged',
];

export const userStreamId = (userId: string) => `user-${userId}`;
