import { createRequire } from 'node:module';
import path from 'node:path';
import { createCanvas, GlobalFonts, type SKRSContext2D } from '@napi-rs/canvas';
import { PAGE_HEIGHT, PAGE_WIDTH, type DrawOp, type Rgb } from './layout';
import type { Prng } from './prng';

export const SCAN_DPI = 200;
const FAMILY = 'DemoScanSans';

let fontsRegistered = false;

/**
 * Liberation Sans (metric-compatible with Helvetica) from pdfjs-dist, so scans look the same on every machine,
 * including containers without system fonts.
 */
function ensureFonts(): void {
  if (fontsRegistered) return;
  const dir = path.join(path.dirname(createRequire(__filename).resolve('pdfjs-dist/package.json')), 'standard_fonts');
  const ok =
    GlobalFonts.registerFromPath(path.join(dir, 'LiberationSans-Regular.ttf'), FAMILY) &&
    GlobalFonts.registerFromPath(path.join(dir, 'LiberationSans-Bold.ttf'), FAMILY);
  if (!ok) throw new Error(`Cannot load Liberation Sans from ${dir} for scanned demo invoices`);
  fontsRegistered = true;
}

/** Scanners in offices mostly produce greyscale; ink is slightly lighter than pure black. */
function toGrey([r, g, b]: Rgb, paper: number): string {
  const lum = 0.299 * r + 0.587 * g + 0.114 * b;
  const value = Math.round(18 + lum * (paper - 18));
  return `rgb(${value},${value},${value})`;
}

function draw(ctx: SKRSContext2D, ops: readonly DrawOp[], paper: number): void {
  for (const op of ops) {
    if (op.type === 'text') {
      ctx.fillStyle = toGrey(op.color, paper);
      ctx.font = `${op.bold ? 'bold ' : ''}${op.size}px ${FAMILY}`;
      ctx.textAlign = op.align;
      ctx.fillText(op.text, op.x, op.y);
    } else if (op.type === 'line') {
      ctx.strokeStyle = toGrey(op.color, paper);
      ctx.lineWidth = op.width;
      ctx.beginPath();
      ctx.moveTo(op.x1, op.y1);
      ctx.lineTo(op.x2, op.y2);
      ctx.stroke();
    } else {
      ctx.fillStyle = toGrey(op.color, paper);
      ctx.fillRect(op.x, op.y, op.width, op.height);
    }
  }
}

/**
 * Renders the layout as a scanned page: greyish paper, a slight skew, a few specks and JPEG compression,
 * but large and sharp enough (200 dpi unless told) for OCR. Returns JPEG bytes.
 */
export async function renderScan(ops: readonly DrawOp[], prng: Prng, dpi = SCAN_DPI): Promise<Buffer> {
  ensureFonts();
  const scale = dpi / 72;
  const width = Math.round(PAGE_WIDTH * scale);
  const height = Math.round(PAGE_HEIGHT * scale);
  const canvas = createCanvas(width, height);
  const ctx = canvas.getContext('2d');

  const paper = prng.int(228, 242);
  const gradient = ctx.createLinearGradient(0, 0, width, height);
  gradient.addColorStop(0, `rgb(${paper},${paper},${paper - 2})`);
  gradient.addColorStop(1, `rgb(${paper - 8},${paper - 8},${paper - 10})`);
  ctx.fillStyle = gradient;
  ctx.fillRect(0, 0, width, height);

  ctx.save();
  const degrees = (prng.next() - 0.5) * 1.2;
  ctx.translate(width / 2 + prng.int(-12, 12), height / 2 + prng.int(-12, 12));
  ctx.rotate((degrees * Math.PI) / 180);
  ctx.translate(-width / 2, -height / 2);
  ctx.scale(scale, scale);
  draw(ctx, ops, paper - 4);
  ctx.restore();

  // Dust and toner specks.
  const specks = prng.int(60, 180);
  for (let i = 0; i < specks; i++) {
    const grey = prng.int(60, 170);
    ctx.fillStyle = `rgb(${grey},${grey},${grey})`;
    ctx.fillRect(prng.int(0, width), prng.int(0, height), prng.int(1, 2), prng.int(1, 2));
  }
  // A faint shadow along one edge, as when the lid was not fully closed.
  const edge = ctx.createLinearGradient(0, 0, 40, 0);
  edge.addColorStop(0, 'rgba(90,90,90,0.35)');
  edge.addColorStop(1, 'rgba(90,90,90,0)');
  ctx.fillStyle = edge;
  ctx.fillRect(0, 0, 40, height);

  return canvas.encode('jpeg', 82);
}
