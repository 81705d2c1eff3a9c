import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument } from '@cantoo/pdf-lib';
import { pageFileOf } from './page-files';
import { grayTiff, textPdf } from '../../../test/editor-test-files';

function pngHeader(width: number, height: number): Buffer {
  const b = Buffer.alloc(33);
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(b);
  b.writeUInt32BE(13, 8);
  b.write('IHDR', 12, 'latin1');
  b.writeUInt32BE(width, 16);
  b.writeUInt32BE(height, 20);
  return b;
}

describe('the page file of a delivered file', () => {
  it('is the PDF itself, with its page count', async () => {
    const pdf = await textPdf(['a', 'b', 'c']);
    const file = await pageFileOf(pdf, 'application/pdf');
    expect(file.pageCount).toBe(3);
    expect(file.pdf).toBe(pdf);
  });

  it('turns a PNG and a JPEG into one A4-high page each', async () => {
    const canvas = createCanvas(1240, 1754);
    canvas.getContext('2d').fillRect(0, 0, 100, 100);
    for (const [bytes, type] of [
      [await canvas.encode('png'), 'image/png'],
      [await canvas.encode('jpeg'), 'image/jpeg'],
    ] as const) {
      const file = await pageFileOf(Buffer.from(bytes), type);
      const pdf = await PDFDocument.load(file.pdf);
      expect(file.pageCount).toBe(1);
      expect(Math.round(pdf.getPage(0).getHeight())).toBe(842);
    }
  });

  it('makes one page per frame of a multi-page TIFF', async () => {
    const file = await pageFileOf(
      grayTiff([
        { width: 20, height: 30, gray: 0 },
        { width: 30, height: 20, gray: 128 },
        { width: 10, height: 10, gray: 255 },
      ]),
      'image/tiff',
    );
    const pdf = await PDFDocument.load(file.pdf);
    expect(file.pageCount).toBe(3);
    expect(pdf.getPages().map((p) => [Math.round(p.getWidth()), Math.round(p.getHeight())])).toEqual([
      [561, 842],
      [842, 561],
      [842, 842],
    ]);
  });

  it('refuses a TIFF whose pages loop back instead of hanging', async () => {
    await expect(
      pageFileOf(
        grayTiff(
          [
            { width: 4, height: 4, gray: 0 },
            { width: 4, height: 4, gray: 9 },
          ],
          true,
        ),
        'image/tiff',
      ),
    ).rejects.toThrow('The TIFF file is damaged and cannot be opened in the document editor.');
  });

  it('refuses an image bomb from its header, before decoding', async () => {
    await expect(pageFileOf(pngHeader(100_000, 100_000), 'image/png')).rejects.toThrow(/10000 megapixels is larger than the 50 megapixels/);
  });

  it('refuses a damaged PDF, a password-protected PDF and an XML with clear messages', async () => {
    await expect(pageFileOf(Buffer.from('%PDF-1.4\nnot really a pdf'), 'application/pdf')).rejects.toThrow(/damaged|no pages/);
    const locked = await PDFDocument.create();
    locked.addPage();
    locked.encrypt({ userPassword: 'geheim', ownerPassword: 'geheim' });
    await expect(pageFileOf(Buffer.from(await locked.save()), 'application/pdf')).rejects.toThrow(/password-protected/);
    await expect(pageFileOf(Buffer.from('<Invoice/>'), 'application/xml')).rejects.toThrow(/e-invoice XML has no pages to edit/);
  });
});
