import { join } from 'node:path';
import { READ_MODEL_COLLECTIONS } from '@portal/read-models';
import { SqliteReadStore } from '@portal/read-store';
import { ReadStoreUserDirectory } from '../auth/read-store-user-directory';
import { loadPortalConfig } from '../config/portal-config';
import { accessTokenIssuer, DEFAULT_ACCESS_TOKEN_TTL_SECONDS } from '../identity/access-token-issuer';
import { resolveIdentityConfig } from '../identity/keycloak-config';
import { loadOrCreateSigningKeys } from '../identity/signing-keys';

/**
 * npm run token -- <username>
 * Prints an access token of the embedded provider for a demo user, for scripts and API clients.
 * Uses the same data dir, keys and issuer (PORT / PUBLIC_URL) as the running portal.
 */
async function main(): Promise<void> {
  const username = process.argv[2];
  if (!username) throw new Error('usage: npm run token -- <username>');
  const config = loadPortalConfig();
  const identityConfig = resolveIdentityConfig(process.env, config.publicUrl);
  if (identityConfig.kind !== 'embedded')
    throw new Error('npm run token works with the embedded provider only; with OIDC_ISSUER set, ask Keycloak for tokens.');
  const reads = new SqliteReadStore(join(config.dataDir, 'read-models.sqlite'));
  await reads.ensureCollections([...READ_MODEL_COLLECTIONS]);
  try {
    // The token is signed as the provider signs it, without starting the provider (a third of the command's time).
    const issue = await accessTokenIssuer({
      issuer: identityConfig.issuer,
      audience: identityConfig.audience,
      clientId: identityConfig.clientId,
      ttlSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      keys: await loadOrCreateSigningKeys(join(config.dataDir, 'oidc-keys.json')),
      users: new ReadStoreUserDirectory(reads),
    });
    process.stdout.write(`${await issue(username)}\n`);
  } finally {
    await reads.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
