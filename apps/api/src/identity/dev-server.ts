/**
 * A standalone embedded identity provider with demo users, for trying the login page and for the
 * flow test (embedded-provider.int.spec.ts), which compiles this folder alone and spawns it.
 *
 *   PORT=3030 KEYS_FILE=/tmp/identity-keys.json node dist/identity/dev-server.js
 *
 * Prints one line `listening <origin>` on stdout when ready. Demo users: admin/admin,
 * client1/client1, disabled/disabled (disabled), newcomer/one-time-pass-1 (one-time password). `GET /dev/token?username=…` answers a token from
 * `issueAccessToken` (this harness only; the api exposes it through `npm run token`).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { ALL_PERMISSIONS, type User } from '@portal/contracts';
import { InMemoryCredentialStore } from './credential-store';
import { createEmbeddedIdentity } from './embedded-provider';
import { InMemoryUserDirectory } from './in-memory-user-directory';

export const DEMO_USERS: Array<{ user: User; password: string; mustChange?: boolean }> = [
  {
    password: 'admin',
    user: {
      keycloakId: '6f1c2b9e-0a4d-4c47-9a57-7d3f6c2e0a01',
      username: 'admin',
      permissions_array: [...ALL_PERMISSIONS],
      firstName: 'Ada',
      lastName: 'Admin',
      email: 'admin@example.com',
      locale: 'en',
      klienten_array: [1001, 1002],
      all_clients: true,
      favClient: 1001,
      enabled: true,
    },
  },
  {
    password: 'client1',
    user: {
      keycloakId: '0b7e4d52-3f8a-4d3e-b1c9-2e6a9f1d1001',
      username: 'client1',
      permissions_array: ['doc', 'rep', 'pay', 'ban', 'ded', 'lar'],
      firstName: 'Clara',
      lastName: 'Client',
      email: 'client1@example.com',
      locale: 'de',
      klienten_array: [1001],
      all_clients: false,
      favClient: 1001,
      enabled: true,
    },
  },
  {
    password: 'disabled',
    user: {
      keycloakId: 'a3d5e7f9-1b2c-4d6e-8f0a-disabled0001',
      username: 'disabled',
      permissions_array: ['doc'],
      firstName: 'Dora',
      lastName: 'Disabled',
      email: 'disabled@example.com',
      locale: 'en',
      klienten_array: [1001],
      all_clients: false,
      favClient: 1001,
      enabled: false,
    },
  },
  {
    password: 'one-time-pass-1',
    mustChange: true,
    user: {
      keycloakId: 'c4e6f8a0-2b3c-4d5e-9f01-onetime00001',
      username: 'newcomer',
      permissions_array: ['doc'],
      firstName: 'Nora',
      lastName: 'Newcomer',
      email: 'newcomer@example.com',
      locale: 'en',
      klienten_array: [1001],
      all_clients: false,
      favClient: 1001,
      enabled: true,
    },
  },
];

async function main(): Promise<void> {
  const port = Number(process.env.PORT ?? 3030);
  const host = process.env.HOST ?? 'localhost';
  const app = express();
  const server = app.listen(port, host);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', reject);
  });
  const origin = `http://${host}:${(server.address() as AddressInfo).port}`;

  const credentials = new InMemoryCredentialStore();
  const identity = await createEmbeddedIdentity({
    issuer: `${origin}/oidc`,
    mountPath: '/oidc',
    clientId: 'tax-portal',
    audience: 'tax-portal-api',
    portalOrigin: origin,
    users: await InMemoryUserDirectory.withPasswords(DEMO_USERS, credentials),
    credentials,
    keysFile: process.env.KEYS_FILE ?? join(tmpdir(), 'tax-portal-identity-keys.json'),
    ...(process.env.STATE_FILE ? { stateFile: process.env.STATE_FILE } : {}),
    accessTokenTtlSeconds: Number(process.env.ACCESS_TOKEN_TTL ?? 300),
    brandShort: 'TaxPortal',
    slogans: { en: 'independent, competent, reliable.', de: 'unabhängig, kompetent, zuverlässig.' },
  });

  app.use('/oidc', identity.router);
  app.get('/dev/token', async (req, res) => {
    try {
      res.json({ access_token: await identity.issueAccessToken(String(req.query.username ?? '')) });
    } catch (error) {
      res.status(404).json({ error: error instanceof Error ? error.message : String(error) });
    }
  });
  app.get('/', (_req, res) => {
    res.type('text').send('portal placeholder');
  });

  const stop = (): void => {
    void identity.close().finally(() => server.close(() => process.exit(0)));
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
  process.stdout.write(`listening ${origin}\n`);
}

if (require.main === module) {
  main().catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
}
