import { resolveIdentityConfig } from './keycloak-config';

describe('identity configuration', () => {
  it('uses the embedded provider under /oidc of the portal when no issuer is configured', () => {
    expect(resolveIdentityConfig({}, 'http://localhost:3030/')).toEqual({
      kind: 'embedded',
      issuer: 'http://localhost:3030/oidc',
      clientId: 'tax-portal',
      audience: 'tax-portal-api',
      jwksUri: 'http://localhost:3030/oidc/jwks',
      mountPath: '/oidc',
    });
  });

  it('uses Keycloak when OIDC_ISSUER is set, with realm, server URL and the realm certs endpoint', () => {
    expect(resolveIdentityConfig({ OIDC_ISSUER: 'http://keycloak:8080/realms/tax-portal/' }, 'http://localhost:3030')).toEqual({
      kind: 'keycloak',
      issuer: 'http://keycloak:8080/realms/tax-portal',
      clientId: 'tax-portal',
      audience: 'tax-portal-api',
      jwksUri: 'http://keycloak:8080/realms/tax-portal/protocol/openid-connect/certs',
      realm: 'tax-portal',
      url: 'http://keycloak:8080',
    });
  });

  it('honours client id, audience and JWKS URI overrides', () => {
    const config = resolveIdentityConfig(
      {
        OIDC_ISSUER: 'https://sso.example.com/auth/realms/firm',
        OIDC_CLIENT_ID: 'portal',
        OIDC_AUDIENCE: 'portal-api',
        OIDC_JWKS_URI: 'http://keycloak:8080/auth/realms/firm/protocol/openid-connect/certs',
      },
      'https://portal.example.com',
    );
    expect(config).toMatchObject({
      clientId: 'portal',
      audience: 'portal-api',
      realm: 'firm',
      url: 'https://sso.example.com/auth',
      jwksUri: 'http://keycloak:8080/auth/realms/firm/protocol/openid-connect/certs',
    });
  });

  it('treats blank variables as unset', () => {
    expect(resolveIdentityConfig({ OIDC_ISSUER: ' ', OIDC_CLIENT_ID: '' }, 'http://localhost:3030')).toMatchObject({
      kind: 'embedded',
      clientId: 'tax-portal',
    });
  });

  it('refuses an issuer that is not an http(s) URL', () => {
    expect(() => resolveIdentityConfig({ OIDC_ISSUER: 'keycloak/realms/x' }, 'http://localhost:3030')).toThrow(/OIDC_ISSUER/);
    expect(() => resolveIdentityConfig({ OIDC_ISSUER: 'ftp://keycloak/realms/x' }, 'http://localhost:3030')).toThrow(/OIDC_ISSUER/);
  });
});
