import { Readable } from 'node:stream';
import { promisify } from 'node:util';
import { crc32, deflateRaw } from 'node:zlib';

const deflate = promisify(deflateRaw);

export interface ZipEntry {
  /** Path inside the archive, forward slashes; stored as UTF-8 (general purpose bit 11). */
  name: string;
  /** The bytes, or how to get them when the writer reaches the entry (one such entry in memory at a time). */
  content: Buffer | (() => Promise<Buffer>);
  /** Deflate the entry (text); PDFs and images are compressed already and are stored. */
  compress: boolean;
}

// Field values from the PKWARE APPNOTE (6.3.x), sections 4.3.7 to 4.3.16 and 4.5.3.
const LOCAL_HEADER = 0x04034b50;
const CENTRAL_HEADER = 0x02014b50;
const ZIP64_END = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;
const END = 0x06054b50;
const ZIP64_EXTRA = 0x0001;
/** Info-ZIP's extended timestamp: the modification time in UTC, so an extractor in another zone shows it right. */
const TIMESTAMP_EXTRA = 0x5455;
const UTF8_NAMES = 0x0800;
const STORED = 0;
const DEFLATED = 8;
/** 2.0 for deflate, 4.5 once a ZIP64 field is used. */
const VERSION_DEFAULT = 20;
const VERSION_ZIP64 = 45;
/** Made by Unix (upper byte 3), so the external attributes carry a mode: a regular file, rw-r--r--. */
const VERSION_MADE_BY = (3 << 8) | VERSION_ZIP64;
const FILE_MODE = 0o100644;
/** A classic field at its maximum means "read the ZIP64 field instead", so reaching it already needs ZIP64. */
const MAX_16 = 0xffff;
const MAX_32 = 0xffffffff;
/** The central directory leaves in chunks of about this size rather than as one record per chunk. */
const CENTRAL_CHUNK = 64 * 1024;

/** The MS-DOS date and time of the headers, in local time (as Info-ZIP and Windows read them), clamped to 1980–2107. */
function dosDateTime(at: Date): { date: number; time: number } {
  const year = at.getFullYear();
  if (year < 1980) return { date: (1 << 5) | 1, time: 0 };
  if (year > 2107) return { date: (127 << 9) | (12 << 5) | 31, time: (23 << 11) | (59 << 5) | 29 };
  return {
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | (at.getSeconds() >> 1),
  };
}

function timestampExtra(at: Date): Buffer {
  const extra = Buffer.alloc(9);
  extra.writeUInt16LE(TIMESTAMP_EXTRA, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4); // only the modification time follows
  extra.writeInt32LE(Math.max(-0x80000000, Math.min(0x7fffffff, Math.floor(at.getTime() / 1000))), 5);
  return extra;
}

/** A ZIP64 extended information extra field with the given 8-byte values, in the APPNOTE's order. */
function zip64Extra(values: number[]): Buffer {
  if (values.length === 0) return Buffer.alloc(0);
  const extra = Buffer.alloc(4 + 8 * values.length);
  extra.writeUInt16LE(ZIP64_EXTRA, 0);
  extra.writeUInt16LE(8 * values.length, 2);
  values.forEach((value, i) => extra.writeBigUInt64LE(BigInt(value), 4 + 8 * i));
  return extra;
}

interface Written {
  name: Buffer;
  method: number;
  crc: number;
  size: number;
  compressedSize: number;
  offset: number;
}

/**
 * Each entry's sizes and CRC are known before its local header (its content is a whole Buffer), so the header
 * carries them and no data descriptor follows: readers that walk local headers need nothing else.
 */
function localHeader(entry: Written, dos: { date: number; time: number }, timestamp: Buffer): Buffer {
  // In a local header the ZIP64 field must hold both sizes once either is too large (APPNOTE 4.5.3).
  const zip64 = entry.size >= MAX_32 || entry.compressedSize >= MAX_32;
  const extra = Buffer.concat([zip64 ? zip64Extra([entry.size, entry.compressedSize]) : Buffer.alloc(0), timestamp]);
  const header = Buffer.alloc(30 + entry.name.length + extra.length);
  header.writeUInt32LE(LOCAL_HEADER, 0);
  header.writeUInt16LE(zip64 ? VERSION_ZIP64 : VERSION_DEFAULT, 4);
  header.writeUInt16LE(UTF8_NAMES, 6);
  header.writeUInt16LE(entry.method, 8);
  header.writeUInt16LE(dos.time, 10);
  header.writeUInt16LE(dos.date, 12);
  header.writeUInt32LE(entry.crc, 14);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.compressedSize, 18);
  header.writeUInt32LE(zip64 ? MAX_32 : entry.size, 22);
  header.writeUInt16LE(entry.name.length, 26);
  header.writeUInt16LE(extra.length, 28);
  entry.name.copy(header, 30);
  extra.copy(header, 30 + entry.name.length);
  return header;
}

function centralHeader(entry: Written, dos: { date: number; time: number }, timestamp: Buffer): Buffer {
  // Only the fields that overflow go into the ZIP64 field, in this order (APPNOTE 4.5.3).
  const large = [entry.size, entry.compressedSize, entry.offset].map((value) => value >= MAX_32);
  const extra = Buffer.concat([zip64Extra([entry.size, entry.compressedSize, entry.offset].filter((_, i) => large[i])), timestamp]);
  const header = Buffer.alloc(46 + entry.name.length + extra.length);
  header.writeUInt32LE(CENTRAL_HEADER, 0);
  header.writeUInt16LE(VERSION_MADE_BY, 4);
  header.writeUInt16LE(large.includes(true) ? VERSION_ZIP64 : VERSION_DEFAULT, 6);
  header.writeUInt16LE(UTF8_NAMES, 8);
  header.writeUInt16LE(entry.method, 10);
  header.writeUInt16LE(dos.time, 12);
  header.writeUInt16LE(dos.date, 14);
  header.writeUInt32LE(entry.crc, 16);
  header.writeUInt32LE(large[1] ? MAX_32 : entry.compressedSize, 20);
  header.writeUInt32LE(large[0] ? MAX_32 : entry.size, 24);
  header.writeUInt16LE(entry.name.length, 28);
  header.writeUInt16LE(extra.length, 30);
  // Comment length, disk number start and internal attributes stay 0.
  header.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(large[2] ? MAX_32 : entry.offset, 42);
  entry.name.copy(header, 46);
  extra.copy(header, 46 + entry.name.length);
  return header;
}

/** The ZIP64 end of central directory record and its locator when a count, size or offset needs them, then the classic end record. */
function endRecords(count: number, centralOffset: number, centralSize: number): Buffer {
  const zip64 = count >= MAX_16 || centralOffset >= MAX_32 || centralSize >= MAX_32;
  const end = Buffer.alloc(22);
  end.writeUInt32LE(END, 0);
  // Disk numbers stay 0 and the comment stays empty.
  end.writeUInt16LE(Math.min(count, MAX_16), 8);
  end.writeUInt16LE(Math.min(count, MAX_16), 10);
  end.writeUInt32LE(Math.min(centralSize, MAX_32), 12);
  end.writeUInt32LE(Math.min(centralOffset, MAX_32), 16);
  if (!zip64) return end;
  const record = Buffer.alloc(56);
  record.writeUInt32LE(ZIP64_END, 0);
  record.writeBigUInt64LE(44n, 4); // the record's size after this field
  record.writeUInt16LE(VERSION_MADE_BY, 12);
  record.writeUInt16LE(VERSION_ZIP64, 14);
  record.writeBigUInt64LE(BigInt(count), 24);
  record.writeBigUInt64LE(BigInt(count), 32);
  record.writeBigUInt64LE(BigInt(centralSize), 40);
  record.writeBigUInt64LE(BigInt(centralOffset), 48);
  const locator = Buffer.alloc(20);
  locator.writeUInt32LE(ZIP64_LOCATOR, 0);
  locator.writeBigUInt64LE(BigInt(centralOffset + centralSize), 8);
  locator.writeUInt32LE(1, 16); // one disk in all
  return Buffer.concat([record, locator, end]);
}

async function* archive(entries: ZipEntry[], modified: Date): AsyncGenerator<Buffer> {
  const dos = dosDateTime(modified);
  const timestamp = timestampExtra(modified);
  const central: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    // A lazy entry is fetched only here, when the reader has taken what came before: one original in memory at a time.
    const bytes = Buffer.isBuffer(entry.content) ? entry.content : await entry.content();
    const data = entry.compress ? await deflate(bytes) : bytes;
    const written: Written = {
      name: Buffer.from(entry.name, 'utf8'),
      method: entry.compress ? DEFLATED : STORED,
      crc: crc32(bytes),
      size: bytes.length,
      compressedSize: data.length,
      offset,
    };
    const header = localHeader(written, dos, timestamp);
    yield header;
    if (data.length > 0) yield data;
    offset += header.length + data.length;
    central.push(centralHeader(written, dos, timestamp));
  }
  const centralOffset = offset;
  let chunk: Buffer[] = [];
  let chunkLength = 0;
  for (const header of central) {
    chunk.push(header);
    chunkLength += header.length;
    offset += header.length;
    if (chunkLength >= CENTRAL_CHUNK) {
      yield Buffer.concat(chunk);
      chunk = [];
      chunkLength = 0;
    }
  }
  yield Buffer.concat([...chunk, endRecords(entries.length, centralOffset, offset - centralOffset)]);
}

/**
 * A ZIP archive written as a stream, in one pass over the entries (time linear in their number): deflate where
 * asked, ZIP64 records once an archive reaches 65,535 entries or a size or offset reaches 4 GiB, UTF-8 names.
 * The stream is pulled: the next entry is read only when the reader wants more, so an export of thousands of
 * originals never holds them all, and a failing entry (a missing original) fails the stream with its error.
 * Names are checked here: no empty, absolute, climbing or repeated name, none longer than its 16-bit length field.
 */
export function writeZip(entries: Iterable<ZipEntry>, modified: Date = new Date()): Readable {
  const list: ZipEntry[] = [];
  const names = new Set<string>();
  for (const entry of entries) {
    const invalid = entry.name === '' || entry.name.startsWith('/') || entry.name.split('/').includes('..') || Buffer.byteLength(entry.name) > MAX_16;
    if (invalid) throw new Error(`Invalid ZIP entry name '${entry.name}'.`);
    if (names.has(entry.name)) throw new Error(`Duplicate ZIP entry name '${entry.name}'.`);
    names.add(entry.name);
    list.push(entry);
  }
  // A byte stream (not Readable.from's default object mode) whose buffer of 64 KiB decides when to pull the next entry.
  const output = Readable.from(archive(list, modified), { objectMode: false, highWaterMark: CENTRAL_CHUNK });
  // Start on the first entries at once, as a reader would, then wait for the reader once the buffer is full.
  output.read(0);
  return output;
}
