import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeZip } from './zip-archive';
import { readZip } from './zip-archive.testing';

const entries = [
  { name: 'EXTF_Buchungsstapel.csv', bytes: Buffer.from('"EXTF";700\r\n'.repeat(50), 'latin1'), compress: true },
  { name: 'RE-2026_0815.pdf', bytes: Buffer.from('%PDF-1.7 fake'), compress: false },
  { name: 'Gebühr März.pdf', bytes: Buffer.alloc(0), compress: false },
];

const unzipAvailable = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('ZIP archive of an export', () => {
  it('writes entries that read back byte for byte with checked CRCs, the CSV deflated and the originals stored', async () => {
    const read = await readZip(await writeZip(entries));
    expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    read.forEach((e, i) => expect(e.bytes.equals(entries[i]!.bytes)).toBe(true));
    expect(read.map((e) => e.method)).toEqual([8, 0, 0]);
  });

  it('writes an empty archive that reads back as no entries', async () => {
    expect(await readZip(await writeZip([]))).toEqual([]);
  });

  it('refuses duplicate names and names that climb out of the archive', () => {
    expect(() => writeZip([entries[0]!, entries[0]!])).toThrow("Duplicate ZIP entry name 'EXTF_Buchungsstapel.csv'.");
    expect(() => writeZip([{ name: '../evil.pdf', bytes: Buffer.alloc(1), compress: false }])).toThrow("Invalid ZIP entry name '../evil.pdf'.");
  });

  (unzipAvailable ? it : it.skip)('is accepted by Info-ZIP unzip, which lists and tests every entry', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-spec-'));
    try {
      const file = join(dir, 'export.zip');
      writeFileSync(file, await writeZip(entries, new Date(2026, 3, 2, 10, 15, 30)));
      const listing = execFileSync('unzip', ['-l', file]).toString('utf8');
      expect(listing).toContain('EXTF_Buchungsstapel.csv');
      expect(listing).toContain('2026-04-02 10:15');
      expect(listing).toMatch(/3 files/);
      expect(execFileSync('unzip', ['-t', file]).toString('utf8')).toContain('No errors detected');
      expect(execFileSync('unzip', ['-p', file, 'RE-2026_0815.pdf']).toString('utf8')).toBe('%PDF-1.7 fake');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
