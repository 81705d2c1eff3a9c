import { USER_PREFERENCES_EVENT_TYPES, type UserPreferencesEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, USER_PREFERENCES, put } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

/** The language of people known only from their token (Keycloak), by subject: the portal applies it at login. */
export const userPreferencesProjection: Projection = {
  name: 'user-preferences',
  version: 1,
  collections: collectionSpecs(USER_PREFERENCES),
  handles: [...USER_PREFERENCES_EVENT_TYPES],
  async project(recorded) {
    const event = domainEventOf<UserPreferencesEvent>(recorded);
    return [put(USER_PREFERENCES, { id: event.data.subject, locale: event.data.locale })];
  },
};
