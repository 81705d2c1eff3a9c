import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ScannerRecord } from '@portal/contracts';
import type { ReadStore } from '@portal/read-store';
import { ScanFolderWatcher } from './scan-folder-watcher';
import type { ScannerIntake } from './scanner-intake';

const scanner = { id: 'flur-og', name: 'Flur OG', client_no: 1001, activated: true, target: 'editor' } as ScannerRecord;
const oneScanner = { find: async () => ({ total: 1, limit: 1, skip: 0, data: [scanner] }) } as unknown as ReadStore;

function watcher(maxBytes: number) {
  const delivered: string[] = [];
  const refused: Array<{ reason: string; fileName: string | null }> = [];
  const intake: Pick<ScannerIntake, 'deliver' | 'refuse'> = {
    deliver: async (_s, _c, files) => {
      delivered.push(...files.map((f) => `${f.originalName}:${f.bytes?.length}`));
      return files.map((f) => ({ fileName: f.originalName, ok: true, editorDocumentId: 1 }));
    },
    refuse: async (_id, _channel, reason, fileName) => void refused.push({ reason, fileName }),
  };
  const root = mkdtempSync(join(tmpdir(), 'scan-folder-'));
  return {
    delivered,
    refused,
    root,
    folder: join(root, scanner.id),
    watcher: new ScanFolderWatcher(intake, oneScanner, { root, pollMs: 1000, stableMs: 500, maxBytes, log: () => undefined }),
  };
}

describe('the watched scan folder', () => {
  it('takes a file once its size stayed the same, once, and moves it to processed/', async () => {
    const t = watcher(1_000_000);
    await t.watcher.scan(0);
    writeFileSync(join(t.folder, 'scan.pdf'), Buffer.alloc(300, 1));
    await t.watcher.scan(1000);
    await t.watcher.scan(1200);
    expect(t.delivered).toEqual([]);
    await t.watcher.scan(1600);
    await t.watcher.scan(3000);
    expect(t.delivered).toEqual(['scan.pdf:300']);
    expect(readdirSync(join(t.folder, 'processed'))).toEqual([expect.stringMatching(/-scan\.pdf$/)]);
  });

  it('moves a file larger than the upload limit to failed/ with the reason, without delivering it, and records the refusal', async () => {
    const t = watcher(2 * 1048576);
    await t.watcher.scan(0);
    writeFileSync(join(t.folder, 'huge.pdf'), Buffer.alloc(2 * 1048576 + 1, 1));
    await t.watcher.scan(1000);
    await t.watcher.scan(2000);
    expect(t.delivered).toEqual([]);
    expect(t.refused).toEqual([{ reason: 'The file is larger than 2 MB.', fileName: 'huge.pdf' }]);
    const failed = readdirSync(join(t.folder, 'failed'));
    const reason = failed.find((f) => f.endsWith('.reason.txt'))!;
    expect(readFileSync(join(t.folder, 'failed', reason), 'utf8')).toBe('The file is larger than 2 MB.\n');
  });
});
