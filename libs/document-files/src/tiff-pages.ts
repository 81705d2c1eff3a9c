import { createCanvas, ImageData } from '@napi-rs/canvas';
import * as UTIF from 'utif2';

/** Why a TIFF's pages cannot be had: each caller words it for its users. */
export class TiffPagesError extends Error {
  constructor(
    readonly kind: 'damaged' | 'empty' | 'too-many-pages' | 'too-large',
    /** Pages counted (too-many-pages) or pixels of the largest page (too-large). */
    readonly count = 0,
  ) {
    super(`TIFF ${kind}${count ? ` (${count})` : ''}`);
    this.name = 'TiffPagesError';
  }
}

export interface TiffPage {
  width: number;
  height: number;
  png: Buffer;
}

/** The IFD offsets of the main chain, checked before anything is decoded: a loop or an offset outside the file is damage. */
function frameOffsets(bytes: Buffer, maxPages: number): number[] {
  if (bytes.length < 8) throw new TiffPagesError('damaged');
  const le = bytes.toString('latin1', 0, 2) === 'II';
  const u16 = (o: number) => (le ? bytes.readUInt16LE(o) : bytes.readUInt16BE(o));
  const u32 = (o: number) => (le ? bytes.readUInt32LE(o) : bytes.readUInt32BE(o));
  const offsets: number[] = [];
  let at = u32(4);
  while (at !== 0) {
    if (at + 2 > bytes.length || offsets.includes(at)) throw new TiffPagesError('damaged');
    offsets.push(at);
    if (offsets.length > maxPages) throw new TiffPagesError('too-many-pages', offsets.length);
    const next = at + 2 + u16(at) * 12;
    if (next + 4 > bytes.length) throw new TiffPagesError('damaged');
    at = u32(next);
  }
  return offsets;
}

async function pngOfRgba(rgba: Uint8Array, width: number, height: number): Promise<Buffer> {
  const canvas = createCanvas(width, height);
  canvas.getContext('2d').putImageData(new ImageData(new Uint8ClampedArray(rgba.buffer, rgba.byteOffset, rgba.byteLength), width, height), 0, 0);
  return canvas.encode('png');
}

/**
 * The pages of a (multi-page) TIFF as PNGs (all, or the first few): what OCR reads and what a PDF can hold. Sizes are checked
 * from the directories before a page is decompressed, so a decompression bomb is refused early.
 */
export async function tiffPages(
  bytes: Buffer,
  limits: { maxPages: number; maxPixels: number; firstPages?: number },
): Promise<{ pages: TiffPage[]; total: number }> {
  frameOffsets(bytes, limits.maxPages);
  let ifds: UTIF.IFD[];
  try {
    ifds = UTIF.decode(bytes);
  } catch {
    throw new TiffPagesError('damaged');
  }
  const all = ifds.filter((ifd) => ifd['t256'] !== undefined && ifd['t257'] !== undefined);
  if (all.length === 0) throw new TiffPagesError('empty');
  const frames = all.slice(0, limits.firstPages ?? all.length);
  const sizes = frames.map((ifd) => ({ width: Number((ifd['t256'] as number[])[0]), height: Number((ifd['t257'] as number[])[0]) }));
  if (sizes.some((s) => !(s.width > 0 && s.height > 0))) throw new TiffPagesError('damaged');
  const largest = Math.max(...sizes.map((s) => s.width * s.height));
  if (largest > limits.maxPixels) throw new TiffPagesError('too-large', largest);
  const pages: TiffPage[] = [];
  for (const [index, ifd] of frames.entries()) {
    try {
      UTIF.decodeImage(bytes, ifd);
    } catch {
      throw new TiffPagesError('damaged');
    }
    const { width, height } = sizes[index]!;
    pages.push({ width, height, png: await pngOfRgba(UTIF.toRGBA8(ifd), width, height) });
  }
  return { pages, total: all.length };
}
