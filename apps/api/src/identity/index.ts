export { createEmbeddedIdentity } from './embedded-provider';
export type { EmbeddedIdentity, EmbeddedIdentityOptions } from './embedded-provider';
export { createTokenVerifier } from './token-verifier';
export type { TokenVerifier, VerifiedToken } from './token-verifier';
export { resolveIdentityConfig } from './keycloak-config';
export type { IdentityConfig } from './keycloak-config';
export { hashPassword, verifyPassword } from './password-hash';
export type { UserAccount, UserDirectory } from './user-directory';
