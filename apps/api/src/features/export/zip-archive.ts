import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** Path inside the archive, forward slashes; yazl stores it as UTF-8. */
  name: string;
  bytes: Buffer;
  /** Deflate the entry (text); PDFs and images are compressed already and are stored. */
  compress: boolean;
}

/**
 * A ZIP archive written by yazl: deflate where it helps, ZIP64 past 65,535 entries or 4 GiB.
 * Names are checked here because yazl accepts any string: no empty, absolute, climbing or repeated name.
 */
export function writeZip(entries: Iterable<ZipEntry>, modified: Date = new Date()): Promise<Buffer> {
  const zip = new ZipFile();
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('error', reject);
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
  });
  const names = new Set<string>();
  for (const entry of entries) {
    if (entry.name === '' || entry.name.startsWith('/') || entry.name.split('/').includes('..')) throw new Error(`Invalid ZIP entry name '${entry.name}'.`);
    if (names.has(entry.name)) throw new Error(`Duplicate ZIP entry name '${entry.name}'.`);
    names.add(entry.name);
    zip.addBuffer(entry.bytes, entry.name, { mtime: modified, compress: entry.compress });
  }
  zip.end();
  return done;
}
