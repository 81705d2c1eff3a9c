import { USER_EVENT_TYPES, type UserEvent, domainEventOf } from '@portal/domain';
import { collectionSpecs, USERS, put, remove } from '@portal/read-models';
import type { Projection } from '../runtime/projection';

/**
 * Login accounts: the spec's User fields plus what the user manager shows about logins (last login,
 * failed logins in a row, lock, password changes). Never a password hash: those live in the
 * embedded provider's credential store (events of older versions carried one; it is not copied).
 */
export const usersProjection: Projection = {
  name: 'users',
  version: 5,
  collections: collectionSpecs(USERS),
  handles: [...USER_EVENT_TYPES],
  async project(recorded, view) {
    const event = domainEventOf<UserEvent>(recorded);
    const at = recorded.metadata.time;
    if (event.type === 'UserRegistered') {
      const d = event.data;
      return [
        put(USERS, {
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
          excluded_klienten: d.excluded ?? [],
          favClient: d.klienten[0] ?? null,
          enabled: true,
          telNr: d.telNr ?? '',
          mobileApp: d.mobileApp ?? false,
          totpEnabled: false,
          secondFactorRequired: false,
          securityKeys: 0,
          pendingEmail: null,
          createdAt: at,
          lastLogin: null,
          failedLogins: 0,
          lastFailedLogin: null,
          lockedUntil: null,
          passwordChangedAt: null,
          mustChangePassword: false,
          revision: recorded.revision,
        }),
      ];
    }
    const userId = recorded.streamId.replace(/^user-/, '');
    const current = await view.get(USERS, userId);
    if (!current) return [];
    const next: Record<string, unknown> & { id: string | number } = { ...current, revision: recorded.revision };
    switch (event.type) {
      case 'UserDisabled':
        next.enabled = false;
        break;
      case 'UserEnabled':
        next.enabled = true;
        break;
      case 'UserLocaleChanged':
        next.locale = event.data.locale;
        break;
      case 'UserPasswordChanged':
        next.passwordChangedAt = at;
        next.mustChangePassword = event.data.mustChange;
        next.failedLogins = 0;
        next.lockedUntil = null;
        break;
      case 'UserLoginFailed':
        next.failedLogins = Number(current.failedLogins ?? 0) + 1;
        next.lastFailedLogin = at;
        break;
      case 'UserLockedOut':
        next.lockedUntil = event.data.until;
        break;
      case 'SecondFactorChanged':
        next.totpEnabled = event.data.enabled;
        break;
      case 'UserDetailsChanged':
        next.firstName = event.data.firstName;
        next.lastName = event.data.lastName;
        next.telNr = event.data.telNr;
        break;
      case 'UserAccessChanged':
        next.permissions_array = event.data.permissions;
        next.klienten_array = event.data.klienten;
        next.all_clients = event.data.all_clients;
        next.excluded_klienten = event.data.excluded;
        next.favClient = event.data.klienten[0] ?? null;
        break;
      case 'EmailChangeRequested':
        next.pendingEmail = event.data.email;
        break;
      case 'UserEmailChanged':
        next.email = event.data.email;
        next.pendingEmail = null;
        break;
      case 'UserMobileAppChanged':
        next.mobileApp = event.data.mobileApp;
        break;
      case 'SecondFactorRequirementChanged':
        next.secondFactorRequired = event.data.required;
        break;
      case 'SecurityKeyRegistered':
        next.securityKeys = Number(current.securityKeys ?? 0) + 1;
        break;
      case 'SecurityKeyRemoved':
        next.securityKeys = Math.max(0, Number(current.securityKeys ?? 0) - 1);
        break;
      case 'SecurityKeyRenamed':
        break;
      case 'UserDeleted':
        return [remove(USERS, userId)];
      case 'UserLoggedIn':
        next.lastLogin = at;
        next.failedLogins = 0;
        next.lockedUntil = null;
        next.mustChangePassword = false;
        break;
    }
    return [put(USERS, next)];
  },
};
