export { createEmbeddedIdentity, endSessionByPost, redirectMatcher, PORTAL_SCOPES } from './embedded-provider';
export type { EmbeddedIdentity, EmbeddedIdentityOptions } from './embedded-provider';
export { createTokenVerifier, toVerifiedToken, DEFAULT_ALGORITHMS } from './token-verifier';
export type { TokenVerifier, TokenVerifierOptions, VerifiedToken } from './token-verifier';
export { cachingTokenVerifier } from './verified-token-cache';
export type { VerifiedTokenCacheOptions } from './verified-token-cache';
export { resolveIdentityConfig, DEFAULT_AUDIENCE, DEFAULT_CLIENT_ID, EMBEDDED_MOUNT_PATH } from './keycloak-config';
export type { IdentityConfig, IdentityEnv, IdentityKind } from './keycloak-config';
export { portalClaimsOf, userFromToken, PORTAL_CLAIM_NAMES } from './token-claims';
export type { PortalAccessTokenClaims } from './token-claims';
export {
  createRefreshTokenEnvelope,
  unwrapRefreshTokenRequests,
  wrapTokenResponse,
  InvalidRefreshEnvelope,
  REFRESH_ENVELOPE_TYP,
} from './refresh-token-envelope';
export type { RefreshTokenEnvelope, IssuedRefreshToken } from './refresh-token-envelope';
export { loadOrCreateSigningKeys } from './signing-keys';
export type { SigningKeys } from './signing-keys';
export { pickLocale, renderLoginPage, LOGIN_TEXTS } from './login-page';
export type { LoginPageOptions, LoginError } from './login-page';
export { hashPassword, verifyPassword, needsRehash } from './password-hash';
export { InMemoryCredentialStore } from './credential-store';
export type { CredentialStore, PasswordCredential } from './credential-store';
export { LoginThrottle } from './login-throttle';
export type { LoginAccounts, LoginRecord } from './interaction-routes';
export { InMemoryUserDirectory } from './in-memory-user-directory';
export type { UserAccount, UserDirectory } from './user-directory';
