import type { PortalConfig, ReportResult } from '@portal/contracts';
import { reportTables, type ReportTable } from './report-tables';
import type { ReportTexts } from './report-texts';

export interface PdfBrand {
  name: string;
  short: string;
  /** The primary colour (#rrggbb) of the bar, the firm's name and the headings. */
  primary: string;
}

/** The brand's default primary colour, for configurations recorded before the colour was configurable. */
export const DEFAULT_PRIMARY = '#336699';

/** The brand of the PDFs from the recorded portal configuration. */
export const pdfBrandOf = (config: Partial<PortalConfig> | Record<string, unknown> | null): PdfBrand => ({
  name: String(config?.brandName ?? 'Tax portal'),
  short: String(config?.brandShort ?? 'Portal'),
  primary: typeof config?.brandPrimary === 'string' && /^#[0-9a-fA-F]{6}$/.test(config.brandPrimary) ? config.brandPrimary : DEFAULT_PRIMARY,
});

const MARGIN = 48;
const FOOTER = 36;

const format = (v: string | number | null, amount: boolean, locale: string) =>
  v === null
    ? '–'
    : typeof v === 'number'
      ? amount
        ? v.toLocaleString(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        : v.toLocaleString(locale)
      : v;

/** An A4 document with room for the brand's header and footer (`decoratePages`), collected into a Buffer on end. */
/**
 * pdfkit (with its font engine) is loaded by the first PDF asked for, not by every start of the api: it is a third of a
 * second of CPU that most starts never need.
 */
export async function brandedPdf(title: string, brand: PdfBrand): Promise<{ doc: PDFKit.PDFDocument; done: Promise<Buffer>; width: number }> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: MARGIN + 28, bottom: MARGIN + FOOTER, left: MARGIN, right: MARGIN },
    bufferPages: true,
    info: { Title: title, Author: brand.name, Creator: brand.short },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, done, width: doc.page.width - 2 * MARGIN };
}

/** A report as an A4 PDF in the reader's language, with the firm's brand, a header on every page and "Page n of m" in the footer. */
export async function reportPdf(
  result: ReportResult,
  clientName: string,
  brand: PdfBrand,
  createdAt: Date,
  texts: ReportTexts,
  moment: (iso: string | null, position: number | null) => string,
): Promise<Buffer> {
  const title = texts.titles[result.report];
  const { doc, done, width } = await brandedPdf(`${title} ${result.client_no}`, brand);

  doc.font('Helvetica-Bold').fontSize(18).fillColor('#111111').text(title);
  doc.font('Helvetica').fontSize(10).fillColor('#333333');
  doc.text(`${texts.client}: ${result.client_no} ${clientName}`);
  doc.text(`${texts.period}: ${moment(result.from, null)} – ${moment(result.to, null)}`);
  // The moment in words; the log position the report stands at is internal and not printed for the client.
  doc.text(
    `${texts.asOf}: ${moment(result.asOf, result.asOfPosition)}${result.compare ? `, ${texts.comparedWith} ${moment(result.compare.asOf, result.compare.asOfPosition)}` : ''}`,
  );
  doc.moveDown(0.8);

  for (const table of reportTables(result, texts, moment)) drawTable(doc, table, width, brand, texts);

  decoratePages(doc, brand, `${title} · ${result.client_no}`, `${brand.short} · ${texts.created} ${moment(createdAt.toISOString(), null)}`, texts.page);
  doc.end();
  return done;
}

/** The brand bar, the firm's name and `headerRight` on top, `footerLeft` and the page number below, on every buffered page. */
export function decoratePages(
  doc: PDFKit.PDFDocument,
  brand: PdfBrand,
  headerRight: string,
  footerLeft: string,
  pageLabel: (page: number, pages: number) => string,
): void {
  const width = doc.page.width - 2 * MARGIN;
  const pages = doc.bufferedPageRange();
  for (let i = 0; i < pages.count; i++) {
    doc.switchToPage(pages.start + i);
    const bottom = doc.page.height - MARGIN - 14;
    // Header and footer sit in the margins: without this, text there would start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, top: 0, bottom: 0 };
    doc.rect(0, 0, doc.page.width, 8).fill(brand.primary);
    doc
      .font('Helvetica-Bold')
      .fontSize(11)
      .fillColor(brand.primary)
      .text(brand.name, MARGIN, MARGIN - 16, { width: width * 0.7, lineBreak: false });
    doc
      .font('Helvetica')
      .fontSize(9)
      .fillColor('#555555')
      .text(headerRight, MARGIN + width * 0.5, MARGIN - 14, { width: width * 0.5, align: 'right', lineBreak: false });
    doc
      .moveTo(MARGIN, MARGIN + 4)
      .lineTo(MARGIN + width, MARGIN + 4)
      .lineWidth(0.5)
      .strokeColor(brand.primary)
      .stroke();
    doc
      .moveTo(MARGIN, bottom - 6)
      .lineTo(MARGIN + width, bottom - 6)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.font('Helvetica').fontSize(8).fillColor('#555555');
    doc.text(footerLeft, MARGIN, bottom, { width: width / 2, lineBreak: false });
    doc.text(pageLabel(i + 1, pages.count), MARGIN + width / 2, bottom, { width: width / 2, align: 'right', lineBreak: false });
    doc.page.margins = margins;
  }
}

export function drawTable(doc: PDFKit.PDFDocument, table: ReportTable, width: number, brand: PdfBrand, texts: { numberLocale: string; none: string }) {
  const bottomLimit = () => doc.page.height - MARGIN - FOOTER;
  if (doc.y + 60 > bottomLimit()) doc.addPage();
  doc.font('Helvetica-Bold').fontSize(12).fillColor(brand.primary).text(table.title, MARGIN, doc.y);
  doc.moveDown(0.3);
  // Column widths from the longest cell, scaled to the page.
  doc.font('Helvetica').fontSize(9);
  const cells = [table.columns, ...table.rows.map((r) => r.map((v, i) => format(v, table.amounts?.includes(i) ?? false, texts.numberLocale)))];
  const natural = table.columns.map((_, i) => Math.min(220, Math.max(...cells.map((r) => doc.widthOfString(String(r[i] ?? '')))) + 10));
  const scale = width / natural.reduce((a, b) => a + b, 0);
  const widths = natural.map((w) => w * scale);
  const numeric = table.columns.map(
    (_, i) => table.right?.includes(i) ?? (table.rows.length > 0 && table.rows.every((r) => typeof r[i] === 'number' || r[i] === null)),
  );
  const row = (values: Array<string | number | null>, header: boolean, shade: boolean) => {
    const cellTexts = values.map((v, i) => (header ? String(v) : format(v, table.amounts?.includes(i) ?? false, texts.numberLocale)));
    doc.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
    const height = Math.max(...cellTexts.map((t, i) => doc.heightOfString(t, { width: widths[i]! - 6 }))) + 6;
    if (doc.y + height > bottomLimit()) {
      doc.addPage();
      if (!header) row(table.columns, true, false);
    }
    const y = doc.y;
    if (header) doc.rect(MARGIN, y, width, height).fill('#e6edf5');
    else if (shade) doc.rect(MARGIN, y, width, height).fill('#f5f7fa');
    let x = MARGIN;
    cellTexts.forEach((t, i) => {
      doc
        .fillColor('#111111')
        .font(header ? 'Helvetica-Bold' : 'Helvetica')
        .text(t, x + 3, y + 3, { width: widths[i]! - 6, align: numeric[i] ? 'right' : 'left' });
      x += widths[i]!;
    });
    doc.x = MARGIN;
    doc.y = y + height;
  };
  row(table.columns, true, false);
  if (table.rows.length === 0) {
    doc
      .font('Helvetica-Oblique')
      .fontSize(9)
      .fillColor('#555555')
      .text(table.empty ?? texts.none, MARGIN + 3, doc.y + 3);
  }
  table.rows.forEach((r, i) => row(r, false, i % 2 === 1));
  doc.x = MARGIN;
  doc.moveDown(1);
}
