import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { verifyAudit } from './verify-audit';
import { dataDirWithTwoDocuments, tamper } from '../../test/verify-audit';

let dir: string;
const run = async (dataDir = dir) => {
  const lines: string[] = [];
  const code = await verifyAudit(dataDir, (line) => lines.push(line));
  return { code, lines };
};

beforeEach(async () => {
  dir = await dataDirWithTwoDocuments();
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('verify-audit', () => {
  it('reports every chain intact and exits 0 on an untouched log', async () => {
    expect(await run()).toEqual({ code: 0, lines: ['2 streams, 8 events checked: every hash chain intact'] });
  });

  it('detects an event whose stored data was changed, names stream, revision and position, and exits 1', async () => {
    const position = tamper(dir, 'document-1', 1, 'rewrite-title');
    expect(await run()).toEqual({
      code: 1,
      lines: [`BROKEN document-1 at revision 1 (position ${position}): hash does not match the event content`, '2 streams, 8 events checked: 1 broken'],
    });
  });

  it('detects a deleted event as a gap at the revision that follows it', async () => {
    tamper(dir, 'document-2', 1, 'delete');
    const { code, lines } = await run();
    expect(code).toBe(1);
    expect(lines[0]).toMatch(/^BROKEN document-2 at revision 2 \(position \d+\): expected revision 1, found 2 \(missing or reordered event\)$/);
  });

  it('exits 2 when the data dir holds no event store', async () => {
    const missing = join(tmpdir(), 'verify-audit-missing-dir');
    expect(await run(missing)).toEqual({ code: 2, lines: [`No event store at ${join(missing, 'events.sqlite')}`] });
  });
});
