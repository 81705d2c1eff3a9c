import { spawnSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { dataDirWithTwoDocuments, tamper } from '../../test/verify-audit';

const CLI = resolve(__dirname, '../../dist/cli/verify-audit.js');
const verify = (dataDir: string) => spawnSync(process.execPath, [CLI, '--data-dir', dataDir], { encoding: 'utf8' });

let dir: string;
beforeAll(() => {
  if (!existsSync(CLI)) throw new Error('apps/api/dist is missing: run `npm run build:server` before the integration tests (npm test does).');
});
beforeEach(async () => {
  dir = await dataDirWithTwoDocuments();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('npm run verify-audit as a process', () => {
  it('exits 0 on an intact log', () => {
    const result = verify(dir);
    expect(result.stdout).toContain('every hash chain intact');
    expect(result.status).toBe(0);
  });

  it('exits 1 and prints stream and position after an event was changed in events.sqlite', () => {
    const position = tamper(dir, 'document-1', 3, 'rewrite-title');
    const result = verify(dir);
    expect(result.stdout).toContain(`BROKEN document-1 at revision 3 (position ${position}): hash does not match the event content`);
    expect(result.status).toBe(1);
  });
});
