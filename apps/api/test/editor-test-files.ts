import { PDFDocument, StandardFonts, degrees } from '@cantoo/pdf-lib';
import { readPdf } from '@portal/document-files';

/** A PDF whose page i carries the text pages[i] (one line, or several) and an optional rotation of its own. */
export async function textPdf(pages: Array<string | string[]>, rotations: number[] = []): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pages.forEach((text, i) => {
    const page = pdf.addPage([595, 842]);
    (Array.isArray(text) ? text : [text]).forEach((line, k) => page.drawText(line, { x: 50, y: 700 - k * 18, size: 12, font }));
    if (rotations[i]) page.setRotation(degrees(rotations[i]!));
  });
  return Buffer.from(await pdf.save());
}

/** Text and rotation of each page, read back with pdf.js (text layer) and pdf-lib (rotation). */
export async function readBack(bytes: Buffer): Promise<{ text: string; rotation: number }[]> {
  const result = await readPdf(new Uint8Array(bytes), {
    maxPages: 2000,
    maxOcrPages: 0,
    minTextChars: 0,
    dpi: 72,
    maxPixels: 1e6,
    timeoutMs: 60_000,
    maxHeapMb: 512,
    isolation: 'thread',
  });
  if (!result.ok) throw new Error(result.message);
  const pdf = await PDFDocument.load(bytes);
  return result.pages.map((p, i) => ({ text: p.text.trim(), rotation: pdf.getPage(i).getRotation().angle }));
}

/**
 * An uncompressed 8-bit grayscale TIFF with one frame per entry of `frames` (width × height, one gray value).
 * `loop` points the last frame's next-IFD offset back at the first (a hostile file).
 */
export function grayTiff(frames: { width: number; height: number; gray: number }[], loop = false): Buffer {
  const parts: Buffer[] = [];
  const header = Buffer.alloc(8);
  header.write('II', 0, 'latin1');
  header.writeUInt16LE(42, 2);
  parts.push(header);
  let offset = 8;
  const ifdOffsets: number[] = [];
  const layout = frames.map((f) => {
    const dataOffset = offset;
    offset += f.width * f.height;
    const ifdOffset = offset + (offset % 2);
    offset = ifdOffset + 2 + 9 * 12 + 4;
    ifdOffsets.push(ifdOffset);
    return { ...f, dataOffset, ifdOffset };
  });
  header.writeUInt32LE(layout[0]!.ifdOffset, 4);
  layout.forEach((f, i) => {
    parts.push(Buffer.alloc(f.width * f.height, f.gray));
    if ((f.dataOffset + f.width * f.height) % 2) parts.push(Buffer.alloc(1));
    const ifd = Buffer.alloc(2 + 9 * 12 + 4);
    ifd.writeUInt16LE(9, 0);
    const tags: [number, number, number][] = [
      [256, 3, f.width],
      [257, 3, f.height],
      [258, 3, 8],
      [259, 3, 1],
      [262, 3, 1],
      [273, 4, f.dataOffset],
      [277, 3, 1],
      [278, 3, f.height],
      [279, 4, f.width * f.height],
    ];
    tags.forEach(([tag, type, value], k) => {
      const at = 2 + k * 12;
      ifd.writeUInt16LE(tag, at);
      ifd.writeUInt16LE(type, at + 2);
      ifd.writeUInt32LE(1, at + 4);
      if (type === 3) ifd.writeUInt16LE(value, at + 8);
      else ifd.writeUInt32LE(value, at + 8);
    });
    const next = i + 1 < layout.length ? layout[i + 1]!.ifdOffset : loop ? layout[0]!.ifdOffset : 0;
    ifd.writeUInt32LE(next, 2 + 9 * 12);
    parts.push(ifd);
  });
  return Buffer.concat(parts);
}
