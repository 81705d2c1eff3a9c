import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeStoredZip } from './stored-zip';
import { readStoredZip } from './stored-zip.testing';

const entries = [
  { name: 'EXTF_Buchungsstapel.csv', bytes: Buffer.from('"EXTF";700\r\n', 'latin1') },
  { name: 'RE-2026_0815.pdf', bytes: Buffer.from('%PDF-1.7 fake') },
  { name: 'Gebühr März.pdf', bytes: Buffer.alloc(0) },
];

const unzipAvailable = (() => {
  try {
    execFileSync('unzip', ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

describe('stored ZIP writer', () => {
  it('writes entries that read back byte for byte through the central directory with matching CRCs', () => {
    const read = readStoredZip(writeStoredZip(entries));
    expect(read.map((e) => e.name)).toEqual(entries.map((e) => e.name));
    read.forEach((e, i) => {
      expect(e.bytes.equals(entries[i]!.bytes)).toBe(true);
      expect(e.crcOk).toBe(true);
      expect(e.method).toBe(0);
      expect(e.flags & 0x0800).toBe(0x0800);
    });
  });

  it('writes an empty archive as just the end of central directory record', () => {
    const zip = writeStoredZip([]);
    expect(zip).toHaveLength(22);
    expect(zip.readUInt32LE(0)).toBe(0x06054b50);
  });

  it('refuses duplicate names and names that climb out of the archive', () => {
    expect(() => writeStoredZip([entries[0]!, entries[0]!])).toThrow("Duplicate ZIP entry name 'EXTF_Buchungsstapel.csv'.");
    expect(() => writeStoredZip([{ name: '../evil.pdf', bytes: Buffer.alloc(1) }])).toThrow("Invalid ZIP entry name '../evil.pdf'.");
  });

  (unzipAvailable ? it : it.skip)('is accepted by Info-ZIP unzip, which lists and tests every entry', () => {
    const dir = mkdtempSync(join(tmpdir(), 'zip-spec-'));
    try {
      const file = join(dir, 'export.zip');
      writeFileSync(file, writeStoredZip(entries, new Date(2026, 3, 2, 10, 15, 30)));
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
