import type { VerifiedToken } from '../identity/token-verifier';
import { Authenticator } from './authenticator';

const COMPANIES = [1001, 1002, 1003, 1005];
const keycloakToken = (claims: Partial<VerifiedToken>): VerifiedToken => ({
  sub: 'kc-user',
  username: 'partner',
  realm_access: { roles: ['doc'] },
  raw: { sub: 'kc-user', exp: 2_000_000_000 },
  ...claims,
});

function authenticatorFor(token: VerifiedToken) {
  const noKnownUsers = { findById: async () => null, findByUsername: async () => null };
  return new Authenticator(
    async () => token,
    noKnownUsers,
    async () => COMPANIES,
    true,
  );
}

describe('the authenticator with Keycloak tokens of users the portal does not store', () => {
  it("gives an all-clients user every client but the token's excluded ones", async () => {
    const { result } = await authenticatorFor(keycloakToken({ all_clients: true, excluded_klienten: [1005] })).authenticate({
      strategy: 'jwt',
      accessToken: 'x',
    });
    expect(result.user).toMatchObject({ all_clients: false, klienten_array: [1001, 1002, 1003], permissions_array: ['doc'] });
  });

  it('gives an all-clients user without exclusions every client', async () => {
    const { result } = await authenticatorFor(keycloakToken({ all_clients: true })).authenticate({ strategy: 'jwt', accessToken: 'x' });
    expect(result.user).toMatchObject({ all_clients: true, klienten_array: COMPANIES });
  });
});
