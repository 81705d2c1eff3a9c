import { execFile } from 'node:child_process';
import { appendFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { PortalSession } from '../testing/portal-session.testing';

jest.setTimeout(180_000);

const ROOT = resolve(__dirname, '../../../..');
const run = (cli: string, args: string[], env: NodeJS.ProcessEnv) => promisify(execFile)(process.execPath, [join(ROOT, 'apps/api/dist/cli', cli), ...args], { env: { ...process.env, ...env } });
const session = PortalSession.start();
const scratch = mkdtempSync(join(tmpdir(), 'backup-spec-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

describe('npm run backup / npm run restore', () => {
  it('backs up a running portal and restores it into a new data dir whose replay matches; a damaged backup is refused', async () => {
    const admin = await session.signedIn('admin');
    await admin.app.service('accounting-client').patch(1002, { company_place: 'Salzburg-Maxglan' });
    const backup = join(scratch, 'backup');
    const made = await run('backup.js', [backup], { PORTAL_DATA_DIR: session.portal.dataDir });
    expect(made.stdout).toMatch(/^Backed up .* files, .* MiB, event log up to position \d+/);
    // The portal keeps working while and after the backup is taken.
    await admin.app.service('accounting-client').patch(1002, { company_place: 'Salzburg' });

    const restored = await run('restore.js', [backup], { PORTAL_DATA_DIR: join(scratch, 'restored') });
    expect(restored.stdout).toContain('Restore checked: the replayed read models match.');
    expect(restored.stdout).not.toContain('DIFFERS');

    await expect(run('restore.js', [backup], { PORTAL_DATA_DIR: join(scratch, 'restored') })).rejects.toMatchObject({ stderr: expect.stringContaining('is not empty; restore into a new one.') });
    appendFileSync(join(backup, 'events.sqlite'), Buffer.from([0]));
    await expect(run('restore.js', [backup], { PORTAL_DATA_DIR: join(scratch, 'other') })).rejects.toMatchObject({ stderr: expect.stringContaining('events.sqlite does not match its checksum.') });
  });
});
