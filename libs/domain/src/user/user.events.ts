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

export type UserRegistered = DomainEvent<'UserRegistered', UserProfile & { userId: string; passwordHash: string }>;
export type UserDisabled = DomainEvent<'UserDisabled', { reason: string }>;
export type UserEnabled = DomainEvent<'UserEnabled', Record<string, never>>;
export type UserLocaleChanged = DomainEvent<'UserLocaleChanged', { locale: Locale }>;

export type UserEvent = UserRegistered | UserDisabled | UserEnabled | UserLocaleChanged;

export const userStreamId = (userId: string) => `user-${userId}`;
