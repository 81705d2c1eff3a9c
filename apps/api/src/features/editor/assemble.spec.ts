import { createHash } from 'node:crypto';
import type { PageRef } from '@portal/contracts';
import { assemblePages } from './assemble';
import { readBack, textPdf } from '../../../test/editor-test-files';

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const ref = (file: string, page: number, rotation: PageRef['rotation'] = 0): PageRef => ({
  file,
  page,
  rotation,
  source: { kind: 'editor', id: 1, revision: 0 },
});

describe('assembling a PDF from source pages', () => {
  let scan: Buffer;
  let other: Buffer;
  const files = new Map<string, Buffer>();
  const read = async (s: string) => files.get(s) ?? null;

  beforeAll(async () => {
    scan = await textPdf(['Rechnung Huber Seite 1', 'Rechnung Huber Seite 2', 'Rechnung Gruber Seite 1'], [0, 0, 90]);
    other = await textPdf(['Nachtrag Lieferschein']);
    files.set(sha(scan), scan).set(sha(other), other);
  });

  it('keeps the chosen order, turns pages on top of their own rotation and keeps the text layer', async () => {
    const before = Buffer.from(scan);
    const out = await assemblePages([ref(sha(scan), 2, 270), ref(sha(other), 0, 90), ref(sha(scan), 0), ref(sha(scan), 1, 180)], read);
    expect(out.pageCount).toBe(4);
    expect(await readBack(out.bytes)).toEqual([
      { text: 'Rechnung Gruber Seite 1', rotation: 0 },
      { text: 'Nachtrag Lieferschein', rotation: 90 },
      { text: 'Rechnung Huber Seite 1', rotation: 0 },
      { text: 'Rechnung Huber Seite 2', rotation: 180 },
    ]);
    expect(scan.equals(before)).toBe(true);
    expect(sha(scan)).toBe(sha(before));
  });

  it('gives the same bytes for the same pages, so the duplicate rule can compare them', async () => {
    const pages = [ref(sha(scan), 1), ref(sha(scan), 0, 90)];
    const [a, b] = [await assemblePages(pages, read), await assemblePages(pages, read)];
    expect(sha(a.bytes)).toBe(sha(b.bytes));
    expect(sha((await assemblePages([ref(sha(scan), 1), ref(sha(scan), 0)], read)).bytes)).not.toBe(sha(a.bytes));
  });

  it('copies a page used twice as two pages', async () => {
    const out = await assemblePages([ref(sha(other), 0), ref(sha(other), 0, 180)], read);
    expect((await readBack(out.bytes)).map((p) => p.rotation)).toEqual([0, 180]);
  });

  it('refuses a missing source file and a page beyond its end with a clear message', async () => {
    await expect(assemblePages([ref('f'.repeat(64), 0)], read)).rejects.toThrow(/missing from the file store/);
    await expect(assemblePages([ref(sha(other), 3)], read)).rejects.toThrow('Page 4 is not in its source file (1 pages).');
  });
});
