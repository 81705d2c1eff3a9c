import type { Feature, FeatureDeps } from '../feature';
import { EmbeddedIdentityUsers } from './embedded-identity-users';
import type { IdentityUsers } from './identity-users.port';
import { resolveKeycloakAdminConfig } from './keycloak-admin-config';
import { connectKeycloakIdentityUsers } from './keycloak-identity-users';
import { idpUserBulkService, idpUsersService } from './idp-users.service';

/**
 * The user manager: the identity provider's users. With the embedded provider always; with Keycloak it works
 * through Keycloak's admin API and is offered only when KEYCLOAK_ADMIN_URL is set. Named as its screen
 * (`/user-admin`); its services keep their wire paths `idp-users` and `idp-user-bulk`, which clients call.
 */
export async function userAdminFeature(deps: FeatureDeps): Promise<Feature> {
  const { identity, gateway } = deps;
  const endPortalSessions = (userId: string): void => {
    gateway.signOutSessions(identity.embedded?.devices?.endOtherSessions(userId, null) ?? []);
    gateway.signOutUser(userId);
  };
  const keycloakAdmin = resolveKeycloakAdminConfig(process.env, identity.config);
  const users: IdentityUsers | null =
    identity.config.kind === 'embedded'
      ? new EmbeddedIdentityUsers(
          deps.reads,
          identity.accounts,
          (decider, stream, command, context) => deps.commands.send(decider, stream, command, context),
          endPortalSessions,
        )
      : keycloakAdmin
        ? await connectKeycloakIdentityUsers(keycloakAdmin, endPortalSessions)
        : null;
  if (!users) deps.log.warn('No user manager: set KEYCLOAK_ADMIN_URL and KEYCLOAK_ADMIN_CLIENT_SECRET to manage Keycloak users from the portal');
  return {
    name: 'user-admin',
    services: users ? [idpUsersService({ users, reads: deps.reads }), idpUserBulkService({ users, reads: deps.reads })] : [],
  };
}
