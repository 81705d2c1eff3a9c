export interface ImageInfo {
  format: 'png' | 'jpeg' | 'tiff';
  width: number;
  height: number;
}

function png(b: Buffer): ImageInfo | undefined {
  if (b.length < 24 || b.readUInt32BE(0) !== 0x89504e47 || b.toString('latin1', 12, 16) !== 'IHDR') return undefined;
  return { format: 'png', width: b.readUInt32BE(16), height: b.readUInt32BE(20) };
}

function jpeg(b: Buffer): ImageInfo | undefined {
  if (b.length < 4 || b[0] !== 0xff || b[1] !== 0xd8) return undefined;
  let at = 2;
  while (at + 9 < b.length) {
    if (b[at] !== 0xff) return undefined;
    const marker = b[at + 1];
    // SOF0..SOF15 carry the frame size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { format: 'jpeg', height: b.readUInt16BE(at + 5), width: b.readUInt16BE(at + 7) };
    }
    at += 2 + b.readUInt16BE(at + 2);
  }
  return undefined;
}

function tiff(b: Buffer): ImageInfo | undefined {
  if (b.length < 8) return undefined;
  const order = b.toString('latin1', 0, 2);
  if (order !== 'II' && order !== 'MM') return undefined;
  const le = order === 'II';
  const u16 = (o: number): number => (le ? b.readUInt16LE(o) : b.readUInt16BE(o));
  const u32 = (o: number): number => (le ? b.readUInt32LE(o) : b.readUInt32BE(o));
  if (u16(2) !== 42) return undefined;
  const ifd = u32(4);
  if (ifd + 2 > b.length) return undefined;
  let width = 0;
  let height = 0;
  for (let i = 0; i < u16(ifd); i++) {
    const entry = ifd + 2 + i * 12;
    if (entry + 12 > b.length) break;
    const value = u16(entry + 2) === 3 ? u16(entry + 8) : u32(entry + 8);
    if (u16(entry) === 256) width = value;
    if (u16(entry) === 257) height = value;
  }
  return width > 0 && height > 0 ? { format: 'tiff', width, height } : undefined;
}

/** Format and size from the file header, without decoding pixels (so a decompression bomb is caught early). */
export function readImageInfo(bytes: Buffer): ImageInfo | undefined {
  return png(bytes) ?? jpeg(bytes) ?? tiff(bytes);
}
