import type { UserEvent } from '@portal/domain';
import type { Projection } from '../runtime/projection';

export const USERS = 'users';

/**
 * Login accounts: the spec's User fields plus the password hash (read by the embedded identity
 * provider; never served by the gateway as is).
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 1,
  collections: [{ name: USERS, indexes: [['username'], ['keycloakId']] }],
  handles: ['UserRegistered', 'UserDisabled', 'UserEnabled', 'UserLocaleChanged'],
  async project(recorded, view) {
    const event = recorded as unknown as UserEvent;
    if (event.type === 'UserRegistered') {
      const d = event.data;
      return [
        {
          op: 'put',
          collection: USERS,
          doc: {
            id: d.userId,
            keycloakId: d.userId,
            username: d.username,
            firstName: d.firstName,
            lastName: d.lastName,
            email: d.email,
            locale: d.locale,
            permissions_array: d.permissions,
            klienten_array: d.klienten,
            all_clients: d.all_clients,
            favClient: d.klienten[0] ?? null,
            enabled: true,
            passwordHash: d.passwordHash,
            revision: recorded.revision,
          },
        },
      ];
    }
    const userId = recorded.streamId.replace(/^user-/, '');
    const current = await view.get(USERS, userId);
    if (!current) return [];
    const next: Record<string, unknown> & { id: string | number } = { ...current, revision: recorded.revision };
    if (event.type === 'UserDisabled') next.enabled = false;
    if (event.type === 'UserEnabled') next.enabled = true;
    if (event.type === 'UserLocaleChanged') next.locale = event.data.locale;
    return [{ op: 'put', collection: USERS, doc: next }];
  },
};
