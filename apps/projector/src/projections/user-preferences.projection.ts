import { USER_PREFERENCES_EVENT_TYPES, type UserPreferencesEvent } from '@portal/domain';
import type { Projection } from '../runtime/projection';

export const USER_PREFERENCES = 'user_preferences';

/** The language of people known only from their token (Keycloak), by subject: the portal applies it at login. */
export const userPreferencesProjection: Projection = {
  name: 'user-preferences',
  version: 1,
  collections: [{ name: USER_PREFERENCES, indexes: [] }],
  handles: [...USER_PREFERENCES_EVENT_TYPES],
  async project(recorded) {
    const event = recorded as unknown as UserPreferencesEvent;
    return [{ op: 'put', collection: USER_PREFERENCES, doc: { id: event.data.subject, locale: event.data.locale } }];
  },
};
