/**
 * A small sRGB ICC profile (v2, matrix/TRC: the sRGB primaries adapted to D50 and a 2.2 gamma curve),
 * written here because no npm package ships one: PDF/A needs an output intent with an ICC profile for
 * pages that use DeviceRGB images.
 */
export function srgbIccProfile(): Buffer {
  const tags: Array<[string, Buffer]> = [
    ['desc', desc('sRGB IEC61966-2.1 (KanzleiPortal)')],
    ['cprt', text('No copyright, use freely')],
    ['wtpt', xyz(0.9642, 1.0, 0.8249)],
    ['rXYZ', xyz(0.4361, 0.2225, 0.0139)],
    ['gXYZ', xyz(0.3851, 0.7169, 0.0971)],
    ['bXYZ', xyz(0.1431, 0.0606, 0.7141)],
    ['rTRC', gamma(2.2)],
    ['gTRC', gamma(2.2)],
    ['bTRC', gamma(2.2)],
  ];
  const tableSize = 4 + tags.length * 12;
  let offset = 128 + tableSize;
  const entries: Buffer[] = [];
  const bodies: Buffer[] = [];
  for (const [sig, data] of tags) {
    const padded = Buffer.concat([data, Buffer.alloc((4 - (data.length % 4)) % 4)]);
    const entry = Buffer.alloc(12);
    entry.write(sig, 0, 'ascii');
    entry.writeUInt32BE(offset, 4);
    entry.writeUInt32BE(data.length, 8);
    entries.push(entry);
    bodies.push(padded);
    offset += padded.length;
  }
  const count = Buffer.alloc(4);
  count.writeUInt32BE(tags.length, 0);
  const header = Buffer.alloc(128);
  header.writeUInt32BE(offset, 0);
  header.write('none', 4, 'ascii');
  header.writeUInt32BE(0x02100000, 8); // version 2.1
  header.write('mntr', 12, 'ascii');
  header.write('RGB ', 16, 'ascii');
  header.write('XYZ ', 20, 'ascii');
  header.writeUInt16BE(2024, 24);
  header.writeUInt16BE(1, 26);
  header.writeUInt16BE(1, 28);
  header.write('acsp', 36, 'ascii');
  header.writeUInt32BE(0, 64); // perceptual
  // D50 illuminant
  header.writeInt32BE(s15(0.9642), 68);
  header.writeInt32BE(s15(1.0), 72);
  header.writeInt32BE(s15(0.8249), 76);
  return Buffer.concat([header, count, ...entries, ...bodies]);
}

const s15 = (v: number) => Math.round(v * 65536);

function xyz(x: number, y: number, z: number): Buffer {
  const b = Buffer.alloc(20);
  b.write('XYZ ', 0, 'ascii');
  b.writeInt32BE(s15(x), 8);
  b.writeInt32BE(s15(y), 12);
  b.writeInt32BE(s15(z), 16);
  return b;
}

function gamma(value: number): Buffer {
  const b = Buffer.alloc(14);
  b.write('curv', 0, 'ascii');
  b.writeUInt32BE(1, 8);
  b.writeUInt16BE(Math.round(value * 256), 12);
  return b;
}

function text(value: string): Buffer {
  return Buffer.concat([Buffer.from('text\0\0\0\0', 'ascii'), Buffer.from(`${value}\0`, 'ascii')]);
}

function desc(value: string): Buffer {
  const ascii = Buffer.from(`${value}\0`, 'ascii');
  const head = Buffer.alloc(12);
  head.write('desc', 0, 'ascii');
  head.writeUInt32BE(ascii.length, 8);
  // Unicode and ScriptCode parts left empty (counts 0), as ICC v2 allows.
  return Buffer.concat([head, ascii, Buffer.alloc(4 + 4 + 2 + 1 + 67)]);
}
