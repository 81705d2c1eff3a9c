import { join } from 'node:path';
import { SLOGANS } from '../../config/portal-config';
import type { Feature, FeatureDeps } from '../feature';
import { accountService } from './account.service';
import { EmailChangeLinks, loadOrCreateLinkKey } from './email-change-links';
import { emailConfirmationRouter } from './email-confirmation.routes';
import { EmbeddedAccount } from './embedded-account';
import { KeycloakAccount } from './keycloak-account';

/** The signed-in user's own account (profile, devices, security keys, e-mail change) and the page confirming a new e-mail address. */
export function accountFeature(deps: FeatureDeps): Feature {
  const { config, identity } = deps;
  const links = new EmailChangeLinks(loadOrCreateLinkKey(join(config.dataDir, 'email-links.key')), config.publicUrl);
  const devices = identity.embedded?.devices;
  const port = devices
    ? new EmbeddedAccount({
        brandShort: config.brand.short,
        reads: deps.reads,
        accounts: identity.accounts,
        devices,
        securityKeys: identity.securityKeys,
        links,
        mail: identity.mail,
      })
    : // The realm as this server reaches it: OIDC_JWKS_URI may name another host than the issuer browsers see.
      new KeycloakAccount({ realmUrl: identity.config.jwksUri.replace(/\/protocol\/openid-connect\/certs$/, '') });
  return {
    name: 'account',
    services: [
      accountService({
        reads: deps.reads,
        commands: deps.commands,
        port,
        signOutSessions: (sids) => deps.gateway.signOutSessions(sids),
        throttle: identity.loginThrottle,
      }),
    ],
    routers: [
      emailConfirmationRouter({
        links,
        accounts: identity.accounts,
        brandShort: config.brand.short,
        slogans: SLOGANS,
        brake: { refused: (reason) => deps.metrics.intakeRefused('email-link', reason), log: (m) => deps.log.warn(m) },
      }),
    ],
  };
}
