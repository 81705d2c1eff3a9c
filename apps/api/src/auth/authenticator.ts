import { NotAuthenticated, type AuthenticationResult, type Locale, type User } from '@portal/contracts';
import { userFromToken } from '../identity/token-claims';
import type { TokenVerifier, VerifiedToken } from '../identity/token-verifier';
import type { UserDirectory } from '../identity/user-directory';

export interface Authenticated {
  result: AuthenticationResult;
  /** Epoch ms when the access token expires; the gateway drops the login then. */
  expiresAt: number;
}

/**
 * The gateway's `authentication` service, strategy jwt: verifies the access token against the
 * issuer's keys and builds the spec's User. Known users come from the user read model (so a
 * disabled user is refused); with Keycloak, unknown users are built from the token's claims, with
 * the language they chose in the portal (a preference by subject) over the token's `locale`.
 */
export class Authenticator {
  constructor(
    private readonly verify: TokenVerifier,
    private readonly users: UserDirectory,
    private readonly allCompanyNumbers: () => Promise<readonly number[]>,
    private readonly trustClaimsOfUnknownUsers: boolean,
    /** The embedded provider's sessions: a token naming a signed-out session (`sid`) is refused before it expires. */
    private readonly sessions: { isSessionLive(sid: string): boolean } | null = null,
    private readonly chosenLocale: (subject: string) => Promise<Locale | null> = async () => null,
  ) {}

  async authenticate(data: unknown): Promise<Authenticated> {
    if (typeof data !== 'object' || data === null) throw NotAuthenticated('Invalid authentication information');
    const { strategy, accessToken } = data as Record<string, unknown>;
    if (strategy !== 'jwt') throw NotAuthenticated(`Invalid authentication information (no \`${String(strategy)}\` strategy)`);
    if (typeof accessToken !== 'string' || accessToken.length === 0) throw NotAuthenticated('No access token');
    if (accessToken.length > 16_384) throw NotAuthenticated('Invalid access token');
    const token = await this.verify(accessToken);
    const sid = token.raw.sid;
    if (this.sessions && typeof sid === 'string' && !this.sessions.isSessionLive(sid)) throw NotAuthenticated('The session has ended; sign in again.');
    const { user, excluded } = await this.userOf(token);
    if (!user.enabled) throw NotAuthenticated('User is disabled');
    if (user.all_clients && excluded.length > 0) {
      // All clients but some (the user manager's exclusions): an explicit list, so every client check holds.
      user.klienten_array = (await this.allCompanyNumbers()).filter((c) => !excluded.includes(c));
      user.all_clients = false;
    } else if (user.all_clients) {
      // Shared, read-only: every connection of an all-clients user points at the same array.
      user.klienten_array = (await this.allCompanyNumbers()) as number[];
    }
    user.favClient = user.favClient ?? user.klienten_array[0] ?? null;
    const exp = typeof token.raw.exp === 'number' ? token.raw.exp * 1000 : Date.now() + 300_000;
    return {
      result: { accessToken, authentication: { strategy: 'jwt', payload: token.raw as Record<string, unknown> }, user },
      expiresAt: exp,
    };
  }

  /** The spec's User, and the companies an all-clients user is excluded from. */
  private async userOf(token: VerifiedToken): Promise<{ user: User; excluded: number[] }> {
    const account = await this.users.findById(token.sub);
    if (account) {
      const excluded = (account as { excluded_klienten?: unknown }).excluded_klienten;
      // Only the spec's User fields: the read model also holds login statistics for the user manager.
      const user: User = {
        keycloakId: account.keycloakId,
        username: account.username,
        permissions_array: [...account.permissions_array],
        firstName: account.firstName,
        lastName: account.lastName,
        email: account.email,
        locale: account.locale,
        klienten_array: [...account.klienten_array],
        all_clients: account.all_clients,
        favClient: account.favClient,
        enabled: account.enabled,
      };
      return { user, excluded: Array.isArray(excluded) ? excluded.filter((c): c is number => typeof c === 'number') : [] };
    }
    if (!this.trustClaimsOfUnknownUsers) throw NotAuthenticated('Unknown user');
    const user = userFromToken(token);
    return { user: { ...user, locale: (await this.chosenLocale(token.sub)) ?? user.locale }, excluded: token.excluded_klienten ?? [] };
  }
}
