import type { Locale } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';

/**
 * Preferences of a signed-in person keyed by the token's subject, for people the portal knows only
 * from their token (Keycloak users who were never registered here): the language they chose. Users
 * of the portal's own directory keep their language on their user stream (`ChangeUserLocale`).
 */
export type LocalePreferenceChosen = DomainEvent<'LocalePreferenceChosen', { subject: string; locale: Locale }>;
export type UserPreferencesEvent = LocalePreferenceChosen;

export const USER_PREFERENCES_EVENT_TYPES: ReadonlyArray<UserPreferencesEvent['type']> = ['LocalePreferenceChosen'];
export const userPreferencesStreamId = (subject: string) => `user-preferences-${subject}`;
