import { LOCALES, type Locale } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { invalid } from '../shared/domain-error';

/**
 * Preferences of a signed-in person keyed by the token's subject, for people the portal knows only
 * from their token (Keycloak users who were never registered here): the language they chose. Users
 * of the portal's own directory keep their language on their user stream (`ChangeUserLocale`).
 */
export type LocalePreferenceChosen = DomainEvent<'LocalePreferenceChosen', { subject: string; locale: Locale }>;
export type UserPreferencesEvent = LocalePreferenceChosen;
export type ChooseLocale = { type: 'ChooseLocale'; subject: string; locale: Locale };
export type UserPreferencesState = { locale: Locale | null };

export const USER_PREFERENCES_EVENT_TYPES: ReadonlyArray<UserPreferencesEvent['type']> = ['LocalePreferenceChosen'];
export const userPreferencesStreamId = (subject: string) => `user-preferences-${subject}`;

export const userPreferencesDecider: Decider<UserPreferencesState, ChooseLocale, UserPreferencesEvent> = {
  initialState: { locale: null },
  evolve: (state, event) => ({ ...state, locale: event.data.locale }),
  decide(command, state) {
    if (!LOCALES.includes(command.locale)) throw invalid('Unknown locale.');
    if (command.subject.trim() === '' || command.subject.length > 200) throw invalid('A preference needs the subject of a signed-in user.');
    return state.locale === command.locale ? [] : [{ type: 'LocalePreferenceChosen', data: { subject: command.subject, locale: command.locale } }];
  },
};
