import type { User } from '@portal/contracts';
import { portalClaimsOf, userFromToken } from './token-claims';

const client1: User = {
  keycloakId: 'u-client1',
  username: 'client1',
  permissions_array: ['doc', 'rep'],
  firstName: 'Clara',
  lastName: 'Client',
  email: 'client1@example.com',
  locale: 'de',
  klienten_array: [1001],
  all_clients: false,
  favClient: 1001,
  enabled: true,
};

describe('portal token claims', () => {
  it('names the user fields as the access token claims keycloak-js and the gateway read', () => {
    expect(portalClaimsOf(client1)).toEqual({
      preferred_username: 'client1',
      email: 'client1@example.com',
      given_name: 'Clara',
      family_name: 'Client',
      locale: 'de',
      permissions_array: ['doc', 'rep'],
      klienten_array: [1001],
      all_clients: false,
    });
  });

  it('reads an embedded-provider token back into the same user', () => {
    const claims = portalClaimsOf(client1);
    const user = userFromToken({
      sub: 'u-client1',
      username: claims.preferred_username,
      email: claims.email,
      given_name: claims.given_name,
      family_name: claims.family_name,
      locale: claims.locale,
      permissions_array: claims.permissions_array,
      klienten_array: claims.klienten_array,
      all_clients: claims.all_clients,
      raw: {},
    });
    expect(user).toEqual(client1);
  });

  it('takes Keycloak realm roles named like permission codes as permissions and ignores other roles', () => {
    const user = userFromToken({
      sub: 'kc-1',
      username: 'admin',
      realm_access: { roles: ['adm', 'offline_access', 'uma_authorization', 'ove'] },
      all_clients: true,
      locale: 'en-GB',
      raw: {},
    });
    expect(user).toMatchObject({ keycloakId: 'kc-1', permissions_array: ['adm', 'ove'], all_clients: true, locale: 'en', klienten_array: [], favClient: null });
  });
});
