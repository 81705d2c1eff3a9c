import { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  /** Path inside the archive, forward slashes; yazl stores it as UTF-8. */
  name: string;
  /** The bytes, or how to get them when yazl reaches the entry (one such entry in memory at a time). */
  content: Buffer | (() => Promise<Buffer>);
  /** Deflate the entry (text); PDFs and images are compressed already and are stored. */
  compress: boolean;
}

/**
 * A ZIP archive written by yazl as a stream: deflate where it helps, ZIP64 past 65,535 entries or 4 GiB,
 * entries read one after another (so an export of thousands of originals never holds them all).
 * Names are checked here because yazl accepts any string: no empty, absolute, climbing or repeated name.
 */
export function writeZip(entries: Iterable<ZipEntry>, modified: Date = new Date()): Readable {
  const zip = new ZipFile();
  const names = new Set<string>();
  for (const entry of entries) {
    if (entry.name === '' || entry.name.startsWith('/') || entry.name.split('/').includes('..')) throw new Error(`Invalid ZIP entry name '${entry.name}'.`);
    if (names.has(entry.name)) throw new Error(`Duplicate ZIP entry name '${entry.name}'.`);
    names.add(entry.name);
    const { content } = entry;
    if (Buffer.isBuffer(content)) {
      zip.addBuffer(content, entry.name, { mtime: modified, compress: entry.compress });
    } else {
      zip.addReadStreamLazy(entry.name, { mtime: modified, compress: entry.compress }, (callback) => {
        content().then(
          (bytes) => callback(null, Readable.from([bytes])),
          (error: unknown) => callback(error, Readable.from([])),
        );
      });
    }
  }
  // A failing entry (a missing original) fails the archive's stream, so its reader stops with the reason.
  const output = zip.outputStream as Readable;
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
