import { join } from 'node:path';
import { READ_MODEL_COLLECTIONS } from '@portal/read-models';
import { SqliteReadStore } from '@portal/read-store';
import { ReadStoreUserDirectory } from '../auth/read-store-user-directory';
import { loadPortalConfig } from '../config/portal-config';
import { createEmbeddedIdentity, resolveIdentityConfig } from '../identity';
import { InMemoryCredentialStore } from '../identity/credential-store';

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
  const identity = await createEmbeddedIdentity({
    issuer: identityConfig.issuer,
    mountPath: identityConfig.mountPath ?? '/oidc',
    clientId: identityConfig.clientId,
    audience: identityConfig.audience,
    portalOrigin: config.publicUrl,
    users: new ReadStoreUserDirectory(reads),
    credentials: new InMemoryCredentialStore(),
    keysFile: join(config.dataDir, 'oidc-keys.json'),
    brandShort: config.brand.short,
    slogans: { en: '', de: '' },
  });
  try {
    process.stdout.write(`${await identity.issueAccessToken(username)}\n`);
  } finally {
    await identity.close();
    await reads.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
