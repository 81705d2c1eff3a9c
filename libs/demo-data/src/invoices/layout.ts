import { StandardFontEmbedder, StandardFonts } from 'pdf-lib';
import { formatIban } from './iban';
import type { InvoiceModel } from './invoice-model';
import { prngFor } from './prng';
import { formatDate, formatMoney, formatNumber, formatQuantity, LABELS } from './texts';

/** A4 in PDF points. */
export const PAGE_WIDTH = 595.28;
export const PAGE_HEIGHT = 841.89;

export type Rgb = readonly [number, number, number];

/** Drawing operations in points with the origin at the top left; text y is the baseline. */
export type DrawOp =
  | { type: 'text'; x: number; y: number; text: string; size: number; bold: boolean; align: 'left' | 'right'; color: Rgb }
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; width: number; color: Rgb }
  | { type: 'rect'; x: number; y: number; width: number; height: number; color: Rgb };

// pdf-lib types the embedder with the enum of @pdf-lib/standard-fonts, whose values equal StandardFonts'.
type EmbedderFontName = Parameters<typeof StandardFontEmbedder.for>[0];
const regular = StandardFontEmbedder.for(StandardFonts.Helvetica as string as EmbedderFontName);
const boldFont = StandardFontEmbedder.for(StandardFonts.HelveticaBold as string as EmbedderFontName);

/** Width in points with Helvetica metrics (Liberation Sans, used for scans, is metric-compatible). */
export function textWidth(text: string, size: number, bold = false): number {
  return (bold ? boldFont : regular).widthOfTextAtSize(text, size);
}

export function wrapText(text: string, size: number, maxWidth: number, bold = false): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(' ')) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && textWidth(candidate, size, bold) > maxWidth) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  if (current) lines.push(current);
  return lines;
}

const BLACK: Rgb = [0.1, 0.1, 0.1];
const GREY: Rgb = [0.38, 0.38, 0.38];
const RULE: Rgb = [0.72, 0.72, 0.72];
const HEADER_FILL: Rgb = [0.9, 0.9, 0.9];
const ACCENTS: readonly Rgb[] = [
  [0.05, 0.2, 0.45],
  [0.55, 0.08, 0.1],
  [0.05, 0.38, 0.25],
  [0.0, 0.35, 0.45],
  [0.35, 0.2, 0.45],
  [0.15, 0.15, 0.15],
];

const LEFT = 56;
const RIGHT = PAGE_WIDTH - 56;

class Ops {
  readonly list: DrawOp[] = [];
  text(x: number, y: number, text: string, size: number, opts: { bold?: boolean; align?: 'left' | 'right'; color?: Rgb } = {}): void {
    this.list.push({ type: 'text', x, y, text, size, bold: opts.bold ?? false, align: opts.align ?? 'left', color: opts.color ?? BLACK });
  }
  line(x1: number, y1: number, x2: number, y2: number, width = 0.6, color: Rgb = RULE): void {
    this.list.push({ type: 'line', x1, y1, x2, y2, width, color });
  }
  rect(x: number, y: number, width: number, height: number, color: Rgb): void {
    this.list.push({ type: 'rect', x, y, width, height, color });
  }
}

const LEGAL_FORMS = new Set(['GmbH', 'AG', 'KG', 'OG', 'SE', 'UG', 'eG', 'eGen', 'Co', 'e', 'U', 'V', 'mbB']);

function initials(name: string): string {
  const words = name
    .replace(/[^A-Za-zÄÖÜäöüß0-9 -]/g, ' ')
    .split(/[\s-]+/)
    .filter((w) => /^[A-ZÄÖÜ0-9]/.test(w) && !LEGAL_FORMS.has(w));
  return (
    words
      .slice(0, 2)
      .map((w) => w[0])
      .join('') || name[0]
  );
}

/** Lays out a one-page invoice the way Austrian and German invoices usually look (DIN 5008-like address window). */
export function layoutInvoice(model: InvoiceModel): DrawOp[] {
  const t = LABELS[model.language];
  const lang = model.language;
  const { biller, recipient } = model;
  const ops = new Ops();
  const accent = prngFor('accent', biller.name).pick(ACCENTS);

  // Letterhead: logo square with initials, name, address line; contact details on the right.
  ops.rect(LEFT, 40, 34, 34, accent);
  const mark = initials(biller.name);
  ops.text(LEFT + 17 - textWidth(mark, 14, true) / 2, 62, mark, 14, { bold: true, color: [1, 1, 1] });
  ops.text(LEFT + 44, 56, biller.name, textWidth(biller.name, 15, true) > 290 ? 12 : 15, { bold: true, color: accent });
  ops.text(LEFT + 44, 70, `${biller.street} · ${biller.postcode} ${biller.city} · ${t.country[biller.country]}`, 8.5, { color: GREY });
  ops.text(RIGHT, 50, `${t.phone} ${biller.phone}`, 8, { align: 'right', color: GREY });
  ops.text(RIGHT, 61, biller.web, 8, { align: 'right', color: GREY });
  ops.text(RIGHT, 72, `${t.vatId} ${biller.vatId}`, 8, { align: 'right', color: GREY });
  ops.line(LEFT, 86, RIGHT, 86, 1.2, accent);

  // Return-address line and the recipient window.
  const sender = `${biller.name} · ${biller.street} · ${biller.postcode} ${biller.city}`;
  ops.text(LEFT, 138, sender, textWidth(sender, 7) > 250 ? 6 : 7, { color: GREY });
  ops.line(LEFT, 141, LEFT + Math.min(250, textWidth(sender, textWidth(sender, 7) > 250 ? 6 : 7)), 141, 0.4, GREY);
  const recipientLines = [recipient.name, recipient.street, `${recipient.postcode} ${recipient.city}`, t.country[recipient.country].toUpperCase()];
  recipientLines.forEach((line, i) => ops.text(LEFT, 160 + i * 14, line, 10.5));

  // Invoice details on the right.
  const info: Array<[string, string]> = [
    [t.invoiceNumber, model.number],
    [t.invoiceDate, formatDate(model.issueDate, lang)],
    [t.deliveryDate, formatDate(model.deliveryDate, lang)],
  ];
  if (model.customerNumber) info.push([t.customerNumber, model.customerNumber]);
  if (recipient.vatId) info.push([t.yourVatId, recipient.vatId]);
  info.push([t.dueDate, formatDate(model.dueDate, lang)]);
  info.forEach(([label, value], i) => {
    const y = 160 + i * 14;
    ops.text(338, y, `${label}:`, 9, { color: GREY });
    ops.text(RIGHT, y, value, 9, { align: 'right', bold: i === 0 });
  });

  // Title and greeting.
  let y = 160 + Math.max(recipientLines.length, info.length) * 14 + 34;
  ops.text(LEFT, y, `${t.invoice} ${model.number}`, 17, { bold: true });
  y += 24;
  ops.text(LEFT, y, t.greeting, 9.5);
  y += 13;
  ops.text(LEFT, y, t.intro, 9.5);
  y += 20;

  // Item table.
  const col = { pos: LEFT + 4, desc: LEFT + 30, qty: 326, unit: 332, price: 432, vat: 470, amount: RIGHT - 4 };
  const descWidth = col.qty - 40 - col.desc;
  ops.rect(LEFT, y, RIGHT - LEFT, 18, HEADER_FILL);
  const hy = y + 12.5;
  ops.text(col.pos, hy, t.position, 8.5, { bold: true });
  ops.text(col.desc, hy, t.description, 8.5, { bold: true });
  ops.text(col.qty, hy, t.quantity, 8.5, { bold: true, align: 'right' });
  ops.text(col.unit, hy, t.unit, 8.5, { bold: true });
  ops.text(col.price, hy, t.unitPrice, 8.5, { bold: true, align: 'right' });
  ops.text(col.vat, hy, t.vat, 8.5, { bold: true, align: 'right' });
  ops.text(col.amount, hy, t.amount, 8.5, { bold: true, align: 'right' });
  y += 18;
  for (const line of model.lines) {
    const descLines = wrapText(line.description, 9, descWidth);
    const rowY = y + 13;
    ops.text(col.pos, rowY, line.position, 9);
    descLines.forEach((text, i) => ops.text(col.desc, rowY + i * 11, text, 9));
    ops.text(col.qty, rowY, formatQuantity(line.quantity, lang), 9, { align: 'right' });
    ops.text(col.unit, rowY, line.unit, 9);
    ops.text(col.price, rowY, formatNumber(line.unitPriceCents, lang), 9, { align: 'right' });
    ops.text(col.vat, rowY, `${line.rate} %`, 9, { align: 'right' });
    ops.text(col.amount, rowY, formatNumber(line.netCents, lang), 9, { align: 'right' });
    y += 18 + (descLines.length - 1) * 11;
    ops.line(LEFT, y, RIGHT, y, 0.5);
  }

  // Totals: net, VAT per rate with its base, gross.
  y += 18;
  const labelX = 318;
  ops.text(labelX, y, t.net, 9.5);
  ops.text(RIGHT - 4, y, formatMoney(model.totals.netCents, lang), 9.5, { align: 'right' });
  for (const tax of model.totals.taxes) {
    y += 15;
    ops.text(labelX, y, t.taxOn(tax.rate, formatMoney(tax.netCents, lang)), 9.5);
    ops.text(RIGHT - 4, y, formatMoney(tax.taxCents, lang), 9.5, { align: 'right' });
  }
  y += 8;
  ops.line(labelX, y, RIGHT, y, 0.8, BLACK);
  y += 16;
  ops.text(labelX, y, t.total, 11.5, { bold: true });
  ops.text(RIGHT - 4, y, formatMoney(model.totals.grossCents, lang), 11.5, { bold: true, align: 'right' });
  y += 4;
  ops.line(labelX, y, RIGHT, y, 0.8, BLACK);
  ops.line(labelX, y + 2, RIGHT, y + 2, 0.8, BLACK);

  // Payment terms.
  y += 34;
  for (const text of wrapText(t.payment(formatDate(model.dueDate, lang)), 9.5, RIGHT - LEFT)) {
    ops.text(LEFT, y, text, 9.5);
    y += 13;
  }
  // The reference stays on one line so that it can be copied (and extracted) as a whole.
  ops.text(LEFT, y, `${t.paymentReference}: ${model.paymentReference}`, 9.5, { bold: true });
  y += 13;
  y += 8;
  ops.text(LEFT, y, t.thanks, 9.5);

  // Footer: address, bank details, tax and register details.
  const footerTop = 752;
  ops.line(LEFT, footerTop, RIGHT, footerTop, 0.6, accent);
  const columns: Array<{ x: number; lines: string[] }> = [
    { x: LEFT, lines: [biller.name, biller.street, `${biller.postcode} ${biller.city}`, t.country[biller.country]] },
    { x: 232, lines: [t.bankDetails, biller.bankName, `IBAN: ${formatIban(biller.iban)}`, `BIC: ${biller.bic}`] },
    { x: 408, lines: [`${t.vatId}: ${biller.vatId}`] },
  ];
  if (biller.register) {
    const register =
      biller.country === 'AT' ? [`${t.register}: ${biller.register.number}`, biller.register.court] : [biller.register.court, biller.register.number];
    columns[2].lines.push(...register);
  }
  columns[2].lines.push(`${t.phone} ${biller.phone}`);
  for (const column of columns) {
    column.lines.forEach((text, i) => {
      const width = column.x === LEFT ? 170 : column.x === 232 ? 172 : RIGHT - 408;
      const size = textWidth(text, 7.5) > width ? 6.5 : 7.5;
      ops.text(column.x, footerTop + 14 + i * 10, text, size, { color: GREY, bold: i === 0 && column.x === 232 });
    });
  }
  ops.text(RIGHT, PAGE_HEIGHT - 22, t.page, 7, { align: 'right', color: GREY });
  return ops.list;
}
