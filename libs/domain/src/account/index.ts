export { userPreferencesDecider } from './user-preferences.decide';
export type { ChooseLocale, UserPreferencesCommand } from './user-preferences.decide';
export { userPreferencesStreamId, USER_PREFERENCES_EVENT_TYPES } from './user-preferences.events';
export type { LocalePreferenceChosen, UserPreferencesEvent } from './user-preferences.events';
export type { UserPreferencesState } from './user-preferences.state';
