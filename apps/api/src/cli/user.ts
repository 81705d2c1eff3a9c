import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { isPermission, LOCALES, type Locale, type Permission } from '@portal/contracts';
import { CommandRuntime } from '@portal/commands';
import { openPorts } from '@portal/ports';
import { LegacyCredentialImport } from '../auth/legacy-credentials';
import { loadPortalConfig } from '../config/portal-config';
import { UserAccounts } from '../features/users/user-accounts';
import { resolveIdentityConfig } from '../identity';
import { SqliteCredentialStore } from '../identity/sqlite-credential-store';

const USAGE = `usage:
  npm run user -- add <username> --email <e-mail> [--first-name <name>] [--last-name <name>]
                  [--permissions adm,kca,...] [--clients all | 1001,1002] [--locale en|de]
  npm run user -- passwd <username>      a new one-time password (to be changed at the next login)
  npm run user -- disable <username>
  npm run user -- enable <username>
Uses the same PORTAL_DATA_DIR as the portal; works while the portal runs or is stopped.`;

class UsageError extends Error {}

function permissionsOf(value: string | undefined): Permission[] {
  const codes = (value ?? '')
    .split(',')
    .map((c) => c.trim())
    .filter(Boolean);
  const unknown = codes.filter((c) => !isPermission(c));
  if (unknown.length > 0) throw new UsageError(`unknown permission code(s): ${unknown.join(', ')}`);
  return codes as Permission[];
}

function clientsOf(value: string | undefined): { klienten: number[]; all_clients: boolean } {
  if (!value) return { klienten: [], all_clients: false };
  if (value === 'all') return { klienten: [], all_clients: true };
  const klienten = value.split(',').map((c) => Number(c.trim()));
  if (!klienten.every((c) => Number.isSafeInteger(c) && c > 0)) throw new UsageError('--clients takes "all" or company numbers like 1001,1002');
  return { klienten, all_clients: false };
}

/**
 * npm run user -- <add|passwd|disable|enable> <username> …: the embedded provider's user commands
 * for operators, above all to create the first administrator of a production start (which has no
 * user). Issues the same commands as the user manager (UserAccounts).
 */
async function main(): Promise<void> {
  const { positionals, values } = parseArgs({
    allowPositionals: true,
    options: {
      email: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      permissions: { type: 'string' },
      clients: { type: 'string' },
      locale: { type: 'string' },
    },
  });
  const [verb, username] = positionals;
  if (!verb || !username || positionals.length > 2) throw new UsageError('a command and a username are needed');
  const config = loadPortalConfig();
  if (resolveIdentityConfig(process.env, config.publicUrl).kind !== 'embedded') {
    throw new Error("OIDC_ISSUER is set: users are managed in Keycloak (its admin console or the portal's user manager), not with this command.");
  }
  const ports = await openPorts(config);
  const credentialStore = new SqliteCredentialStore(join(config.dataDir, 'credentials.sqlite'));
  const credentials = new LegacyCredentialImport(credentialStore, ports.events);
  const runtime = new CommandRuntime(ports.events);
  const accounts = new UserAccounts((d, s, c, ctx) => runtime.execute(d, s, c, ctx), credentials, ports.events, credentialStore);
  const actor = 'cli';
  try {
    if (verb === 'add') {
      if (!values.email) throw new UsageError('--email is required');
      const locale = (values.locale ?? 'en') as Locale;
      if (!LOCALES.includes(locale)) throw new UsageError(`--locale must be one of ${LOCALES.join(', ')}`);
      const created = await accounts.create(
        {
          username,
          email: values.email,
          firstName: values['first-name'] ?? '',
          lastName: values['last-name'] ?? '',
          locale,
          permissions: permissionsOf(values.permissions),
          ...clientsOf(values.clients),
        },
        actor,
      );
      process.stdout.write(`Created user ${username} (${created.userId}).\nOne-time password: ${created.password}\nIt must be changed at the first login.\n`);
      return;
    }
    const userId = await accounts.userIdOf(username);
    if (!userId) throw new Error(`No user named "${username}".`);
    if (verb === 'passwd') {
      const password = await accounts.resetPassword(userId, actor);
      process.stdout.write(`New one-time password for ${username}: ${password}\nIt must be changed at the next login.\n`);
    } else if (verb === 'disable' || verb === 'enable') {
      await accounts.setEnabled(userId, verb === 'enable', actor, 'by the user command');
      process.stdout.write(`${username} is ${verb}d.\n`);
    } else {
      throw new UsageError(`unknown command "${verb}"`);
    }
  } finally {
    await credentials.close();
    await ports.close();
  }
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) process.stderr.write(`${error.message}\n${USAGE}\n`);
  else process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
