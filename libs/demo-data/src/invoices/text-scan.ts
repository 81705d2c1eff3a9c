import { createCanvas } from '@napi-rs/canvas';
import * as UTIF from 'utif2';

/** A4 at 150 dpi, as an office scanner delivers it. */
const WIDTH = 1240;
const HEIGHT = 1754;

function greyPage(lines: readonly string[]): { grey: Uint8Array; png: () => Promise<Buffer>; jpeg: () => Promise<Buffer> } {
  const canvas = createCanvas(WIDTH, HEIGHT);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, WIDTH, HEIGHT);
  ctx.fillStyle = '#000000';
  ctx.font = '36px sans-serif';
  lines.forEach((line, i) => ctx.fillText(line, 120, 200 + i * 70));
  const rgba = ctx.getImageData(0, 0, WIDTH, HEIGHT).data;
  return {
    grey: Uint8Array.from({ length: WIDTH * HEIGHT }, (_, i) => rgba[i * 4]!),
    png: async () => Buffer.from(await canvas.encode('png')),
    jpeg: async () => Buffer.from(await canvas.encode('jpeg', 85)),
  };
}

/** An uncompressed 8-bit greyscale TIFF with one directory per page (what many scanners write). */
function greyTiff(pages: readonly Uint8Array[]): Buffer {
  const header = 4096;
  const ifds = pages.map((_, i) => ({
    t256: [WIDTH],
    t257: [HEIGHT],
    t258: [8],
    t259: [1],
    t262: [1],
    t273: [header + i * WIDTH * HEIGHT],
    t277: [1],
    t278: [HEIGHT],
    t279: [WIDTH * HEIGHT],
    t282: [[150, 1]],
    t283: [[150, 1]],
    t296: [2],
  }));
  // utif2 writes directories with `encode` (untyped in its declarations); the pixels go after them.
  const prefix = Buffer.from((UTIF as unknown as { encode(ifds: object[]): ArrayBuffer }).encode(ifds));
  if (prefix.length > header) throw new Error('too many TIFF pages for the header room');
  const out = Buffer.alloc(header + pages.length * WIDTH * HEIGHT);
  prefix.copy(out, 0);
  pages.forEach((grey, i) => Buffer.from(grey).copy(out, header + i * WIDTH * HEIGHT));
  return out;
}

/**
 * Lines of text as a scanned page, black on white at 150 dpi: a PNG or JPEG of the first page, or one TIFF
 * with a page per entry. For the searchable-PDF checks and the OCR service's benchmark, where the words
 * on the page must be known.
 */
export async function textScan(pages: ReadonlyArray<readonly string[]>, format: 'png' | 'jpeg' | 'tiff'): Promise<Buffer> {
  const rendered = pages.map(greyPage);
  if (format === 'tiff') return greyTiff(rendered.map((p) => p.grey));
  return format === 'png' ? rendered[0]!.png() : rendered[0]!.jpeg();
}
