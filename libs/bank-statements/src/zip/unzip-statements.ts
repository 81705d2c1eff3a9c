import { Inflate } from 'fflate';
import { StatementParseError } from '../statement';

/** Limits for ZIP archives, so a small upload cannot unpack into gigabytes: counted as the bytes are inflated, not taken from the headers. */
export const ZIP_LIMITS = { files: 500, bytesPerFile: 64 * 1024 * 1024, totalBytes: 256 * 1024 * 1024 };

/** Compressed bytes fed to the inflater at a time: deflate expands at most about 1:1032, so one step adds at most ~1 MB. */
const STEP = 1024;

interface CentralEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  localOffset: number;
}

const u16 = (b: Uint8Array, at: number) => b[at]! | (b[at + 1]! << 8);
const u32 = (b: Uint8Array, at: number) => (b[at]! | (b[at + 1]! << 8) | (b[at + 2]! << 16) | (b[at + 3]! << 24)) >>> 0;

export const isZip = (bytes: Uint8Array) => bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04;

/** The archive's central directory (the end record is in the last 64 KB). */
function centralDirectory(bytes: Uint8Array): CentralEntry[] {
  let end = -1;
  for (let i = bytes.length - 22; i >= Math.max(0, bytes.length - 22 - 0xffff); i--) {
    if (u32(bytes, i) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end === -1) throw new StatementParseError('The ZIP archive cannot be read: its central directory is missing (truncated?).');
  const count = u16(bytes, end + 10);
  let at = u32(bytes, end + 16);
  const entries: CentralEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > bytes.length || u32(bytes, at) !== 0x02014b50)
      throw new StatementParseError(`The ZIP archive cannot be read: entry ${n + 1} of its directory is damaged.`);
    const nameLength = u16(bytes, at + 28);
    const entry: CentralEntry = {
      flags: u16(bytes, at + 8),
      method: u16(bytes, at + 10),
      compressedSize: u32(bytes, at + 20),
      localOffset: u32(bytes, at + 42),
      name: new TextDecoder().decode(bytes.subarray(at + 46, at + 46 + nameLength)),
    };
    if (entry.compressedSize === 0xffffffff || entry.localOffset === 0xffffffff)
      throw new StatementParseError(`The ZIP archive is a ZIP64 archive (at ${entry.name}); pack the statements in a plain ZIP.`);
    entries.push(entry);
    at += 46 + nameLength + u16(bytes, at + 30) + u16(bytes, at + 32);
  }
  return entries;
}

/**
 * The files inside a ZIP (German banks deliver camt.053.001.08 as ZIP since November 2025), in path order (also
 * in nested folders), without folder entries and macOS resource forks; the reader tells statements from the
 * other members by their content. The sizes the archive states
 * are not trusted: each file is inflated step by step and counted, and the archive is refused as soon as a
 * file or all of them together grow past the limits.
 */
export function unzipStatements(bytes: Uint8Array, limits = ZIP_LIMITS): Array<{ name: string; bytes: Uint8Array }> {
  const entries = centralDirectory(bytes).filter((e) => !e.name.endsWith('/') && !e.name.startsWith('__MACOSX/') && !/(^|\/)\.DS_Store$/.test(e.name));
  if (entries.length > limits.files) throw new StatementParseError(`The ZIP archive holds ${entries.length} files; at most ${limits.files} are read.`);
  let total = 0;
  const files: Array<{ name: string; bytes: Uint8Array }> = [];
  for (const entry of entries) {
    const local = entry.localOffset;
    if (local + 30 > bytes.length || u32(bytes, local) !== 0x04034b50)
      throw new StatementParseError(`The ZIP archive cannot be read: the data of ${entry.name} is missing.`);
    if (entry.flags & 1) throw new StatementParseError(`${entry.name}: encrypted files in a ZIP are not read.`);
    const start = local + 30 + u16(bytes, local + 26) + u16(bytes, local + 28);
    const compressed = bytes.subarray(start, Math.min(bytes.length, start + entry.compressedSize));
    const tooLarge = (size: number) => {
      const limit = size > limits.bytesPerFile ? `${limits.bytesPerFile / 1048576} MB` : `${limits.totalBytes / 1048576} MB with the files before it`;
      return new StatementParseError(
        `The ZIP archive is too large to import: ${entry.name} unpacks to more than ${limit} (at most ${limits.bytesPerFile / 1048576} MB a file, ${limits.totalBytes / 1048576} MB in all).`,
      );
    };
    if (entry.method === 0) {
      total += compressed.length;
      if (compressed.length > limits.bytesPerFile || total > limits.totalBytes) throw tooLarge(compressed.length);
      files.push({ name: entry.name, bytes: compressed });
      continue;
    }
    if (entry.method !== 8) throw new StatementParseError(`${entry.name}: compression method ${entry.method} is not read (only stored and deflated files).`);
    const chunks: Uint8Array[] = [];
    let size = 0;
    let ended = false;
    const inflater = new Inflate((data, final) => {
      size += data.length;
      total += data.length;
      chunks.push(data);
      if (final) ended = true;
    });
    try {
      for (let at = 0; at < compressed.length && !ended; at += STEP) {
        inflater.push(compressed.subarray(at, at + STEP), at + STEP >= compressed.length);
        if (size > limits.bytesPerFile || total > limits.totalBytes) throw tooLarge(size);
      }
    } catch (e) {
      if (e instanceof StatementParseError) throw e;
      throw new StatementParseError(`The ZIP archive cannot be read: ${entry.name} is damaged (${e instanceof Error ? e.message : String(e)}).`);
    }
    if (!ended && compressed.length > 0) throw new StatementParseError(`The ZIP archive cannot be read: ${entry.name} ends early (truncated?).`);
    const out = new Uint8Array(size);
    let offset = 0;
    for (const c of chunks) {
      out.set(c, offset);
      offset += c.length;
    }
    files.push({ name: entry.name, bytes: out });
  }
  if (files.length === 0) throw new StatementParseError('The ZIP archive holds no statement file.');
  return files.sort((a, b) => a.name.localeCompare(b.name));
}
