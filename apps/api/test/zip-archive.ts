import { fromBuffer, type Entry, type ZipFile } from 'yauzl';

export interface ReadEntry {
  name: string;
  bytes: Buffer;
  /** 0 stored, 8 deflated. */
  method: number;
}

function entryBytes(zip: ZipFile, entry: Entry): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) return reject(error ?? new Error('no stream'));
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('error', reject);
      stream.on('end', () => resolve(Buffer.concat(chunks)));
    });
  });
}

/** Reads a ZIP back with yauzl, which checks every entry's CRC and sizes while it reads. */
export function readZip(zipBytes: Buffer): Promise<ReadEntry[]> {
  return new Promise((resolve, reject) => {
    fromBuffer(zipBytes, { lazyEntries: true, strictFileNames: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries: ReadEntry[] = [];
      zip.on('entry', (entry: Entry) => {
        entryBytes(zip, entry).then((bytes) => {
          entries.push({ name: entry.fileName, bytes, method: entry.compressionMethod });
          zip.readEntry();
        }, reject);
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}
