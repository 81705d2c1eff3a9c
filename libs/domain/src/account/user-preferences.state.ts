import type { Locale } from '@portal/contracts';
import type { UserPreferencesEvent } from './user-preferences.events';

export type UserPreferencesState = { locale: Locale | null };

export const initialUserPreferencesState: UserPreferencesState = { locale: null };

export const evolveUserPreferences = (state: UserPreferencesState, event: UserPreferencesEvent): UserPreferencesState => ({
  ...state,
  locale: event.data.locale,
});
