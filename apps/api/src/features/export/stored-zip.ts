import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** Path inside the archive, forward slashes; stored as UTF-8 (general purpose flag bit 11). */
  name: string;
  bytes: Buffer;
}

const UTF8_NAMES = 0x0800;
const VERSION = 20;
const MAX_32 = 0xffffffff;

/** MS-DOS time and date of the local time `at` (2-second resolution, 1980 to 2107). */
function dosTime(at: Date): { time: number; date: number } {
  const year = Math.min(Math.max(at.getFullYear(), 1980), 2107);
  return {
    time: (at.getHours() << 11) | (at.getMinutes() << 5) | Math.floor(at.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((at.getMonth() + 1) << 5) | at.getDate(),
  };
}

/**
 * A ZIP archive whose entries are stored uncompressed (method 0), without ZIP64: at most 65,535
 * entries and 4 GiB. Enough for a booking CSV and its PDFs, which are compressed already.
 */
export function writeStoredZip(entries: ZipEntry[], modified: Date = new Date()): Buffer {
  if (entries.length > 0xffff) throw new Error('A ZIP without ZIP64 holds at most 65,535 entries.');
  const names = new Set<string>();
  const { time, date } = dosTime(modified);
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    if (entry.name === '' || entry.name.startsWith('/') || entry.name.split('/').includes('..')) throw new Error(`Invalid ZIP entry name '${entry.name}'.`);
    if (names.has(entry.name)) throw new Error(`Duplicate ZIP entry name '${entry.name}'.`);
    names.add(entry.name);
    const name = Buffer.from(entry.name, 'utf8');
    const crc = crc32(entry.bytes);
    const size = entry.bytes.length;
    if (size > MAX_32 || offset > MAX_32) throw new Error('A ZIP without ZIP64 is limited to 4 GiB.');
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(VERSION, 4);
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(0, 8); // stored
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(size, 18);
    local.writeUInt32LE(size, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(VERSION, 4);
    central.writeUInt16LE(VERSION, 6);
    local.copy(central, 8, 6, 26); // flags, method, time, date, crc, sizes
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE(offset, 42);
    locals.push(local, name, entry.bytes);
    centrals.push(central, name);
    offset += local.length + name.length + size;
  }
  const directory = Buffer.concat(centrals);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
