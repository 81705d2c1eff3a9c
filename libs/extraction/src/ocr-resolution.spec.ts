import { createCanvas } from '@napi-rs/canvas';
import { readImageInfo } from '@portal/document-files';
import { ocrScale, shrink } from './ocr-resolution';

describe('ocrScale', () => {
  it('shrinks an A4 page rendered at 300 dpi to the target resolution', () => {
    expect(ocrScale({ format: 'png', width: 2480, height: 3508 }, 150)).toBeCloseTo(0.5, 2);
    expect(ocrScale({ format: 'jpeg', width: 3508, height: 2480 }, 200)).toBeCloseTo(0.667, 2);
  });

  it('takes a resolution the caller knows over the estimate from the paper size', () => {
    expect(ocrScale({ format: 'png', width: 1000, height: 1000 }, 150, 600)).toBe(0.25);
  });

  it('leaves images near or below the target, and TIFF, as they are', () => {
    expect(ocrScale({ format: 'png', width: 1654, height: 2339 }, 200)).toBe(1);
    expect(ocrScale({ format: 'png', width: 640, height: 1400 }, 150)).toBe(1);
    expect(ocrScale({ format: 'tiff', width: 4960, height: 7016 }, 150)).toBe(1);
  });
});

describe('shrink', () => {
  it('answers a PNG of the scaled size', async () => {
    const canvas = createCanvas(400, 300);
    const bytes = Buffer.from(await canvas.encode('jpeg'));
    const shrunk = await shrink(bytes, readImageInfo(bytes)!, 0.5);
    expect(readImageInfo(shrunk)).toEqual({ format: 'png', width: 200, height: 150 });
  });
});
