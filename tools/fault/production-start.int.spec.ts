/**
 * Production start against started portals: a production start (NODE_ENV=production) has no user and no
 * known password; the first administrator comes from `npm run user`, with a one-time password that
 * must be replaced at the first login. A data dir seeded in demo mode refuses the demo passwords
 * once it is started in production.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from '../harness/proc';
import { authorizeAtPortal, finishPortalLogin, loginAtPortal } from '../harness/oidc-login';
import { startPortalProcess, type PortalProcess } from '../harness/portal-process';
import { eventually } from '../harness/portal-session';

const USER_CLI = join(ROOT, 'apps/api/dist/cli/user.js');
const PRODUCTION = { NODE_ENV: 'production', PORTAL_SEED_DOCUMENTS: '0' };
let dataDir: string;
let portal: PortalProcess | null = null;

beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'portal-production-'));
});
afterAll(async () => {
  await portal?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

async function userCommand(env: NodeJS.ProcessEnv, ...args: string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [USER_CLI, ...args], { env });
  return stdout;
}

describe('a production start', () => {
  it('has no user, says how to create the first administrator, and shows no demo marker', async () => {
    portal = await startPortalProcess({ dataDir: join(dataDir, 'fresh'), env: PRODUCTION });
    expect(portal.output()).toContain(
      'No user exists yet. Create the first administrator with: npm run user -- add <username> --email <e-mail> --permissions adm,kca --clients all',
    );
    const bootstrap = (await (await fetch(`${portal.url}/api/bootstrap`)).json()) as { demo: boolean };
    expect(bootstrap.demo).toBe(false);
    const auth = await authorizeAtPortal(portal.url);
    expect((await auth.browser.post(auth.loginAction, { username: 'admin', password: 'admin' })).status).toBe(401);
    // Operational figures are not for strangers: without PORTAL_METRICS_TOKEN there is no /metrics in production.
    expect((await fetch(`${portal.url}/metrics`)).status).toBe(404);
  }, 120_000);

  it('creates the first administrator by command; the one-time password must be replaced at the first login', async () => {
    const running = portal!;
    const out = await userCommand(
      running.env,
      'add',
      'boss',
      '--email',
      'boss@kanzlei.example',
      '--first-name',
      'Berta',
      '--last-name',
      'Boss',
      '--permissions',
      'adm,kca',
      '--clients',
      'all',
    );
    const oneTime = /One-time password: (\S+)/.exec(out)?.[1] ?? '';
    expect(oneTime).toHaveLength(16);
    await expect(userCommand(running.env, 'add', 'BOSS', '--email', 'x@kanzlei.example')).rejects.toThrow(/already taken/);

    const auth = await authorizeAtPortal(running.url);
    const first = await auth.browser.post(auth.loginAction, { username: 'boss', password: oneTime });
    expect(first.status).toBe(200);
    const form = await first.text();
    expect(form).toContain('Choose a new password');
    const action = /<form method="post" action="([^"]+)"/.exec(form)?.[1] ?? '';
    const saved = await auth.browser.post(action, { newPassword: 'Steuer-Kanzlei 2026', repeatPassword: 'Steuer-Kanzlei 2026' });
    const tokens = await finishPortalLogin(running.url, auth, saved);
    expect(tokens.access_token).toEqual(expect.any(String));
    await expect(loginAtPortal(running.url, 'boss', oneTime)).rejects.toThrow(/401/);
    await expect(loginAtPortal(running.url, 'boss', 'Steuer-Kanzlei 2026')).resolves.toMatchObject({ access_token: expect.any(String) });

    const reset = await userCommand(running.env, 'passwd', 'boss');
    expect(reset).toMatch(/New one-time password for boss: \S{16}/);
    await userCommand(running.env, 'disable', 'boss');
    const newOneTime = /: (\S{16})/.exec(reset)?.[1] ?? '';
    // The running portal follows the log the command appended to (polled every 200 ms).
    const refused = await eventually(async () => {
      const auth2 = await authorizeAtPortal(running.url);
      const status = (await auth2.browser.post(auth2.loginAction, { username: 'boss', password: newOneTime })).status;
      return status === 403 ? status : undefined;
    }, 10_000);
    expect(refused).toBe(403);
    await running.stop();
    portal = null;
  }, 180_000);

  it('refuses the demo passwords of a data dir seeded in demo mode', async () => {
    const shared = join(dataDir, 'was-demo');
    const demo = await startPortalProcess({ dataDir: shared, env: { PORTAL_SEED_DOCUMENTS: '0' } });
    const bootstrap = (await (await fetch(`${demo.url}/api/bootstrap`)).json()) as { demo: boolean };
    expect(bootstrap.demo).toBe(true);
    await expect(loginAtPortal(demo.url, 'client1', 'client1')).resolves.toMatchObject({ access_token: expect.any(String) });
    await demo.stop();

    portal = await startPortalProcess({
      dataDir: shared,
      env: { ...PRODUCTION, PORTAL_AUTHORIZE_PER_MINUTE: '12', PORTAL_LOGIN_PER_MINUTE: '3', PORTAL_METRICS_TOKEN: 'scrape-secret' },
    });
    const auth = await authorizeAtPortal(portal.url);
    const refused = await auth.browser.post(auth.loginAction, { username: 'client1', password: 'client1' });
    expect(refused.status).toBe(401);
    expect(await refused.text()).toContain('Demo passwords are not accepted on this server.');
    const reset = await userCommand(portal.env, 'passwd', 'client1');
    expect(reset).toMatch(/New one-time password for client1/);

    expect((await fetch(`${portal.url}/metrics`)).status).toBe(401);
    expect((await fetch(`${portal.url}/metrics`, { headers: { authorization: 'Bearer scrape-secret' } })).status).toBe(200);
    // The rate limits per address come from their variables: 3 login posts a minute, 12 authorization requests.
    const posts: number[] = [];
    for (let i = 0; i < 4; i++)
      posts.push(
        (
          await fetch(`${portal.url}/oidc/interaction/none/login`, {
            method: 'POST',
            body: new URLSearchParams({ username: 'x', password: 'y' }),
            redirect: 'manual',
          })
        ).status,
      );
    expect(posts.slice(0, 2)).not.toContain(429);
    expect(posts[3]).toBe(429);
    const authorizations: Response[] = [];
    for (let i = 0; i < 13; i++) authorizations.push(await fetch(`${portal.url}/oidc/auth?client_id=tax-portal`, { redirect: 'manual' }));
    expect(authorizations.map((r) => r.status)).toContain(429);
    expect(authorizations.at(-1)?.status).toBe(429);
    expect(authorizations.at(-1)?.headers.get('retry-after')).toMatch(/^\d+$/);
  }, 180_000);
});
