import { createCanvas } from '@napi-rs/canvas';
import { readImageInfo } from './image-info';

describe('image header reading', () => {
  it('reads the size of PNG and JPEG images without decoding them', async () => {
    const canvas = createCanvas(320, 200);
    expect(readImageInfo(Buffer.from(await canvas.encode('png')))).toEqual({ format: 'png', width: 320, height: 200 });
    expect(readImageInfo(Buffer.from(await canvas.encode('jpeg')))).toEqual({ format: 'jpeg', width: 320, height: 200 });
  });

  it('reads the size of a little-endian TIFF', () => {
    const b = Buffer.alloc(8 + 2 + 2 * 12 + 4);
    b.write('II', 0, 'latin1');
    b.writeUInt16LE(42, 2);
    b.writeUInt32LE(8, 4);
    b.writeUInt16LE(2, 8);
    [
      [256, 1000],
      [257, 700],
    ].forEach(([tag, v], i) => {
      const at = 10 + i * 12;
      b.writeUInt16LE(tag, at);
      b.writeUInt16LE(3, at + 2);
      b.writeUInt32LE(1, at + 4);
      b.writeUInt16LE(v, at + 8);
    });
    expect(readImageInfo(b)).toEqual({ format: 'tiff', width: 1000, height: 700 });
  });

  it('gives nothing for bytes that are no image', () => {
    expect(readImageInfo(Buffer.from('definitely not an image'))).toBeUndefined();
  });
});
