import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import Database from 'better-sqlite3';
import { PortalSession } from '@portal/tools';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../../../..');
const run = (cli: string, args: string[], env: NodeJS.ProcessEnv) =>
  promisify(execFile)(process.execPath, [join(ROOT, 'apps/api/dist/cli', cli), ...args], { env: { ...process.env, ...env } });
const session = PortalSession.start();
const scratch = mkdtempSync(join(tmpdir(), 'backup-spec-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run backup / npm run restore', () => {
  it('backs up a running portal and restores it into a new data dir whose replay matches; a damaged backup is refused', async () => {
    const admin = await session.signedIn('admin');
    await admin.app.service('accounting-client').patch(1002, { company_place: 'Salzburg-Maxglan' });
    // Written by the command a moment before the backup: still in credentials.sqlite's WAL, not in its main file.
    const created = await run('user.js', ['add', 'justadded', '--email', 'just@example.at', '--permissions', 'doc', '--clients', '1001'], {
      PORTAL_DATA_DIR: session.portal.dataDir,
    });
    const userId = /Created user justadded \(([^)]+)\)/.exec(created.stdout)?.[1];
    expect(userId).toBeTruthy();
    const backup = join(scratch, 'backup');
    const made = await run('backup.js', [backup], { PORTAL_DATA_DIR: session.portal.dataDir });
    expect(made.stdout).toMatch(/^Backed up .* files, .* MiB, event log up to position \d+/);
    // The portal keeps working while and after the backup is taken.
    await admin.app.service('accounting-client').patch(1002, { company_place: 'Salzburg' });

    const restored = await run('restore.js', [backup], { PORTAL_DATA_DIR: join(scratch, 'restored') });
    expect(restored.stdout).toContain('Restore checked: the replayed read models match.');
    expect(restored.stdout).not.toContain('DIFFERS');
    const hashOf = (dataDir: string) => {
      const db = new Database(join(dataDir, 'credentials.sqlite'), { readonly: true });
      try {
        return (db.prepare('SELECT password_hash FROM passwords WHERE user_id = ?').pluck().get(userId) as string | undefined) ?? null;
      } finally {
        db.close();
      }
    };
    expect(hashOf(join(scratch, 'restored'))).toMatch(/^\$argon2id\$/);
    expect(hashOf(join(scratch, 'restored'))).toBe(hashOf(session.portal.dataDir));
    const sessions = new Database(join(scratch, 'restored', 'oidc.sqlite'), { readonly: true });
    expect(sessions.prepare("SELECT COUNT(*) FROM sqlite_master WHERE name = 'oidc'").pluck().get()).toBe(1);
    sessions.close();

    await expect(run('restore.js', [backup], { PORTAL_DATA_DIR: join(scratch, 'restored') })).rejects.toMatchObject({
      stderr: expect.stringContaining('is not empty; restore into a new one.'),
    });
    appendFileSync(join(backup, 'events.sqlite'), Buffer.from([0]));
    await expect(run('restore.js', [backup], { PORTAL_DATA_DIR: join(scratch, 'other') })).rejects.toMatchObject({
      stderr: expect.stringContaining('events.sqlite does not match its checksum.'),
    });
  });

  it('refuses to run with a production adapter, whose own tools keep its data', async () => {
    await expect(
      run('backup.js', [join(scratch, 'external')], { PORTAL_DATA_DIR: session.portal.dataDir, EVENTSTORE_URL: 'esdb://localhost:2113?tls=false' }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('EVENTSTORE_URL is set: back up EventStoreDB and MongoDB with their own tools') });
    await expect(
      run('restore.js', [join(scratch, 'external')], { PORTAL_DATA_DIR: join(scratch, 'nowhere'), MONGO_URL: 'mongodb://localhost:27017' }),
    ).rejects.toMatchObject({ stderr: expect.stringContaining('MONGO_URL is set') });
  });
});
