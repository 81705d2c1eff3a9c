import { zipSync } from 'fflate';
import { kindOf, parseStatementFile } from '../read-statement-file';
import { sample } from '../../test/samples';
import { unzipStatements } from './unzip-statements';

/** Rewrites the uncompressed sizes an archive states (local headers and central directory) to `size`. */
function lyingAboutSizes(zip: Uint8Array, size: number): Uint8Array {
  const out = new Uint8Array(zip);
  const view = new DataView(out.buffer);
  for (let i = 0; i + 4 <= out.length; i++) {
    const signature = view.getUint32(i, true);
    if (signature === 0x04034b50) view.setUint32(i + 22, size, true);
    if (signature === 0x02014b50) view.setUint32(i + 24, size, true);
  }
  return out;
}

describe('ZIP bundles of statements', () => {
  it('reads every statement inside, in name order, without folders, resource forks and attachments', () => {
    const zip = zipSync({
      '2026-03-31.xml': sample('camt053-v02.xml'),
      '2026-04-01.xml': sample('camt053-v08.xml'),
      '__MACOSX/._x.xml': new Uint8Array([1]),
      'Kontoauszug.pdf': new Uint8Array([1]),
    });
    expect(kindOf(zip)).toBe('zip');
    const file = parseStatementFile(zip);
    expect(file.statements.map((s) => s.format)).toEqual(['camt.053.001.02', 'camt.053.001.08']);
    expect(file.skippedFiles).toEqual(['Kontoauszug.pdf']);
  });

  it('reads statements in nested folders, in path order', () => {
    const zip = zipSync({ 'Konto 2/2026-11/b.xml': sample('camt053-v08.xml'), 'Konto 1/2026-11/a.xml': sample('camt053-v02.xml') });
    expect(parseStatementFile(zip).statements.map((s) => s.format)).toEqual(['camt.053.001.02', 'camt.053.001.08']);
  });

  it('skips members that are no statement (a PDF, a text, a CSV, a ZIP inside) with a warning naming each, and reads an MT940 member by its content', () => {
    const zip = zipSync({
      'a.xml': sample('camt053-v02.xml'),
      'Kontoauszug.pdf': new TextEncoder().encode('%PDF-1.7 ...'),
      'Hinweise.txt': new TextEncoder().encode('Ihre Kontoauszüge im camt-Format.'),
      'Umsaetze.csv': new TextEncoder().encode('Datum;Betrag\n01.11.2026;1,00\n'),
      'alt.zip': zipSync({ 'x.xml': sample('camt053-v02.xml') }),
      'mt940.txt': sample('mt940-raiffeisen.sta'),
    });
    const file = parseStatementFile(zip);
    expect(file.statements.map((s) => s.format)).toEqual(['camt.053.001.02', 'mt940', 'mt940']);
    expect(file.skippedFiles).toEqual(['alt.zip', 'Hinweise.txt', 'Kontoauszug.pdf', 'Umsaetze.csv']);
  });

  it('names the file inside the ZIP that is broken', () => {
    const zip = zipSync({ 'a.xml': sample('camt053-v02.xml'), 'b.xml': sample('camt053-v08.xml').subarray(0, 500) });
    expect(() => parseStatementFile(zip)).toThrow(/^b\.xml: Malformed XML at line/);
  });

  it('refuses a damaged ZIP, one without statements, and a ZIP inside the ZIP', () => {
    const zip = zipSync({ 'a.xml': sample('camt053-v02.xml') });
    expect(() => parseStatementFile(zip.subarray(0, 60))).toThrow('The ZIP archive cannot be read: its central directory is missing (truncated?).');
    expect(() => parseStatementFile(zipSync({ 'readme.txt': new Uint8Array([65]) }))).toThrow('The ZIP archive holds no statement file (skipped: readme.txt).');
    expect(() => parseStatementFile(zipSync({ 'inner.zip': zip }))).toThrow('The ZIP archive holds no statement file (skipped: inner.zip).');
  });

  it('counts the bytes as they inflate and stops a file that grows past the limit, whatever sizes the archive states', () => {
    const bomb = lyingAboutSizes(zipSync({ 'statement.xml': new Uint8Array(3 * 1024 * 1024) }, { level: 9 }), 1_000);
    expect(bomb.length).toBeLessThan(20_000);
    expect(() => unzipStatements(bomb, { files: 10, bytesPerFile: 1024 * 1024, totalBytes: 8 * 1024 * 1024 })).toThrow(
      'The ZIP archive is too large to import: statement.xml unpacks to more than 1 MB (at most 1 MB a file, 8 MB in all).',
    );
  });

  it('stops when all files together grow past the limit', () => {
    const files = Object.fromEntries(Array.from({ length: 4 }, (_, i) => [`s${i}.xml`, new Uint8Array(600 * 1024)]));
    expect(() => unzipStatements(zipSync(files), { files: 10, bytesPerFile: 1024 * 1024, totalBytes: 2 * 1024 * 1024 })).toThrow(
      /^The ZIP archive is too large to import: s3\.xml unpacks/,
    );
  });
});
