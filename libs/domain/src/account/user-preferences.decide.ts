import { LOCALES, type Locale } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { invalid } from '../shared/domain-error';
import type { UserPreferencesEvent } from './user-preferences.events';
import { evolveUserPreferences, initialUserPreferencesState, type UserPreferencesState } from './user-preferences.state';

export type ChooseLocale = { type: 'ChooseLocale'; subject: string; locale: Locale };
export type UserPreferencesCommand = ChooseLocale;

/** The same language again changes nothing. */
function chooseLocale(command: ChooseLocale, state: UserPreferencesState): UserPreferencesEvent[] {
  if (!LOCALES.includes(command.locale)) throw invalid('Unknown locale.');
  if (command.subject.trim() === '' || command.subject.length > 200) throw invalid('A preference needs the subject of a signed-in user.');
  return state.locale === command.locale ? [] : [{ type: 'LocalePreferenceChosen', data: { subject: command.subject, locale: command.locale } }];
}

export function decideUserPreferences(command: UserPreferencesCommand, state: UserPreferencesState): UserPreferencesEvent[] {
  switch (command.type) {
    case 'ChooseLocale':
      return chooseLocale(command, state);
    default: {
      const _exhaustive: never = command.type;
      return _exhaustive;
    }
  }
}

export const userPreferencesDecider: Decider<UserPreferencesState, UserPreferencesCommand, UserPreferencesEvent> = {
  initialState: initialUserPreferencesState,
  evolve: evolveUserPreferences,
  decide: (command, state) => decideUserPreferences(command, state),
};
