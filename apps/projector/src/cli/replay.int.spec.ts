import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { sealEvents, SqliteEventStore } from '@portal/event-store';

const REPLAY_CLI = resolve(__dirname, '../../dist/cli/replay.js');

/** A log of companies registered and renamed, as the portal writes it (sealed, one stream per company). */
async function companiesLog(file: string, companies: number, renames: number): Promise<void> {
  const events = new SqliteEventStore(file, { appendInThread: false });
  let n = 0;
  const metadata = (clientNo: number) => {
    n++;
    return { userId: 'u1', clientNo, time: new Date(Date.UTC(2025, 0, 1) + n * 60_000).toISOString(), commandId: `c${n}`, correlationId: `c${n}` };
  };
  for (let no = 5000; no < 5000 + companies; no++) {
    const stream = `company-${no}`;
    const registered = { type: 'CompanyRegistered', data: { company_no: no, company_name: `Firma ${no}`, company_place: 'Wien' }, metadata: metadata(no) };
    const drafts = [
      registered,
      ...Array.from({ length: renames }, (_, i) => ({
        type: 'CompanyRenamed',
        data: { company_name: `Firma ${no}/${i}`, company_place: 'Graz' },
        metadata: metadata(no),
      })),
    ];
    await events.append(stream, sealEvents(stream, null, drafts), 'no_stream');
  }
  await events.close();
}

const run = (args: string[]) => promisify(execFile)(process.execPath, [REPLAY_CLI, ...args]);

/** The checksum lines, one per collection. */
const checksums = (stdout: string) => stdout.split('\n').filter((line) => /^[a-z_]+ +[0-9a-f]{16,}/.test(line));

describe('npm run replay', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'replay-cli-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('replays through the projector’s batches in the main thread when the rebuild outgrows its heap, with the same read models', async () => {
    const file = join(dir, 'events.sqlite');
    await companiesLog(file, 40, 20);
    const rebuilt = await run(['--events', file]);
    expect(rebuilt.stdout).toContain('Replayed 840 events');
    expect(rebuilt.stdout).toContain('(rebuild path)');
    const gaveWay = await run(['--events', file, '--rebuild-max-heap-mib', '0']);
    expect(gaveWay.stdout).toMatch(/The read models outgrew the rebuild's heap after 500 events \(\d+ MiB\): replaying through the projector's batches\./);
    expect(gaveWay.stdout).toContain('Replayed 840 events');
    expect(gaveWay.stdout).toContain('(projector path)');
    expect(checksums(gaveWay.stdout).length).toBeGreaterThan(10);
    expect(checksums(gaveWay.stdout)).toEqual(checksums(rebuilt.stdout));
  });

  it('refuses a heap budget that is not a number of MiB', async () => {
    await expect(run(['--events', join(dir, 'never-written.sqlite'), '--rebuild-max-heap-mib', 'lots'])).rejects.toMatchObject({
      stderr: expect.stringContaining('--rebuild-max-heap-mib takes a number of MiB'),
    });
  });
});
