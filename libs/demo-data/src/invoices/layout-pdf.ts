import { AFRelationship, PDFDocument, PDFName, rgb, StandardFonts, type PDFFont } from 'pdf-lib';
import { PAGE_HEIGHT, PAGE_WIDTH, type DrawOp } from './layout';

export interface PdfMetadata {
  /** Empty for scans, which carry no document information. */
  title: string;
  author: string;
  subject: string;
  /** Fixed dates keep the bytes deterministic (pdf-lib would otherwise stamp "now"). */
  date: Date;
  language: 'de' | 'en';
  /** Producing application, e.g. an ERP for generated invoices or a scanner model for scans. */
  creator: string;
}

export interface XmlAttachment {
  xml: string;
  /** XMP metadata declaring the Factur-X conformance level, written into the catalog. */
  xmp: string;
}

function setMetadata(doc: PDFDocument, meta: PdfMetadata): void {
  if (meta.title) doc.setTitle(meta.title);
  if (meta.author) doc.setAuthor(meta.author);
  if (meta.subject) doc.setSubject(meta.subject);
  doc.setCreator(meta.creator);
  doc.setProducer('pdf-lib');
  doc.setLanguage(meta.language === 'de' ? 'de-AT' : 'en');
  doc.setCreationDate(meta.date);
  doc.setModificationDate(meta.date);
}

export async function createDocument(meta: PdfMetadata): Promise<PDFDocument> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  setMetadata(doc, meta);
  return doc;
}

/** Draws the layout as real text (Helvetica, WinAnsi), optionally with the Factur-X XML attached. */
export async function renderTextPdf(ops: readonly DrawOp[], meta: PdfMetadata, attachment?: XmlAttachment): Promise<Buffer> {
  const doc = await createDocument(meta);
  const fonts: Record<'regular' | 'bold', PDFFont> = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  for (const op of ops) {
    if (op.type === 'text') {
      const font = op.bold ? fonts.bold : fonts.regular;
      const x = op.align === 'right' ? op.x - font.widthOfTextAtSize(op.text, op.size) : op.x;
      page.drawText(op.text, { x, y: PAGE_HEIGHT - op.y, size: op.size, font, color: rgb(...op.color) });
    } else if (op.type === 'line') {
      page.drawLine({ start: { x: op.x1, y: PAGE_HEIGHT - op.y1 }, end: { x: op.x2, y: PAGE_HEIGHT - op.y2 }, thickness: op.width, color: rgb(...op.color) });
    } else {
      page.drawRectangle({ x: op.x, y: PAGE_HEIGHT - op.y - op.height, width: op.width, height: op.height, color: rgb(...op.color) });
    }
  }
  if (attachment) {
    await doc.attach(Buffer.from(attachment.xml, 'utf8'), 'factur-x.xml', {
      mimeType: 'text/xml',
      description: 'Factur-X',
      afRelationship: AFRelationship.Alternative,
      creationDate: meta.date,
      modificationDate: meta.date,
    });
    const metadata = doc.context.stream(Buffer.from(attachment.xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
    doc.catalog.set(PDFName.of('Metadata'), doc.context.register(metadata));
  }
  return Buffer.from(await doc.save());
}

/** A page that holds nothing but the scanned image, as a scanner would produce it. */
export async function renderImagePdf(jpeg: Buffer, meta: PdfMetadata): Promise<Buffer> {
  const doc = await createDocument(meta);
  const image = await doc.embedJpg(jpeg);
  const page = doc.addPage([PAGE_WIDTH, PAGE_HEIGHT]);
  page.drawImage(image, { x: 0, y: 0, width: PAGE_WIDTH, height: PAGE_HEIGHT });
  return Buffer.from(await doc.save());
}
