import { createCanvas, loadImage } from '@napi-rs/canvas';
import type { ImageInfo } from '@portal/document-files';

/** Paper is assumed A4 (or Letter) when an image does not say its resolution: the short side in inches. */
const SHORT_SIDE_INCHES = 8.27;

/**
 * The factor an image is shrunk by before OCR: every pixel beyond what the print needs costs layout
 * analysis time (`npm run bench -- --only=ocr`). Images at or below the target, TIFF (which the canvas
 * cannot decode) stay as they are.
 */
export function ocrScale(info: ImageInfo, targetDpi: number, dpi?: number): number {
  if (info.format === 'tiff' || targetDpi <= 0) return 1;
  const source = dpi ?? Math.min(info.width, info.height) / SHORT_SIDE_INCHES;
  return source > targetDpi * 1.15 ? targetDpi / source : 1;
}

/** The image shrunk by `factor`, as PNG (lossless, so no compression artefacts are added). */
export async function shrink(image: Buffer, info: ImageInfo, factor: number): Promise<Buffer> {
  const decoded = await loadImage(image);
  const canvas = createCanvas(Math.max(1, Math.round(info.width * factor)), Math.max(1, Math.round(info.height * factor)));
  const ctx = canvas.getContext('2d');
  ctx.imageSmoothingQuality = 'high';
  ctx.drawImage(decoded, 0, 0, canvas.width, canvas.height);
  return canvas.encode('png');
}
