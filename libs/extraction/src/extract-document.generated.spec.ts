import { createCanvas } from '@napi-rs/canvas';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { ORIGIN } from '@portal/contracts';
import { extractDocument } from './extract-document';
import { OcrEngine } from './ocr-engine';
import { ownInvoices } from '../test/own-einvoices';

const ocr = new OcrEngine();
afterAll(() => ocr.terminate());

const GERMAN_INVOICE = [
  'Müller & Söhne Bürobedarf GmbH',
  'Hauptstraße 5',
  '10115 Berlin',
  'Rechnungsempfänger:',
  'Kanzlei Größe & Partner',
  'Ringstraße 7',
  '80331 München',
  'Rechnungsnummer: RE-2024-0815',
  'Rechnungsdatum: 05.03.2024',
  'Nettobetrag: 1.000,00 €',
  'zzgl. 19 % USt.: 190,00 €',
  'Gesamtbetrag: 1.190,00 €',
  'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
  'IBAN: DE88 2008 0000 0970 3757 00   BIC: COBADEFFXXX',
  'USt-IdNr.: DE136695976',
];

async function textPdf(pages: string[][]): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 20, size: 11, font }));
  }
  return Buffer.from(await doc.save());
}

async function renderedLines(lines: string[]): Promise<Buffer> {
  // A4 at 150 dpi, as a scanner would deliver it.
  const canvas = createCanvas(1240, 1754);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#ffffff';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.fillStyle = '#000000';
  ctx.font = '30px sans-serif';
  lines.forEach((line, i) => ctx.fillText(line, 100, 150 + i * 48));
  return Buffer.from(await canvas.encode('png'));
}

async function imagePdf(png: Buffer): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const image = await doc.embedPng(png);
  doc.addPage([595, 842]).drawImage(image, { x: 0, y: 0, width: 595, height: 842 });
  return Buffer.from(await doc.save());
}

/** A minimal hand-written PDF whose /Encrypt dictionary needs a user password nobody knows. */
function encryptedPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>',
    `<< /Filter /Standard /V 1 /R 2 /O <${'ab'.repeat(32)}> /U <${'cd'.repeat(32)}> /P -44 >>`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = objects.map((body, i) => {
    const at = out.length;
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
    return at;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Encrypt 4 0 R /ID [<${'01'.repeat(16)}> <${'01'.repeat(16)}>] >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

describe('generated PDFs', () => {
  it('reads a German invoice with umlauts from the text layer', async () => {
    const result = await extractDocument({ bytes: await textPdf([GERMAN_INVOICE]), mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toBeUndefined();
    expect(result.origin).toBe(ORIGIN.PDF_Parse);
    expect(result.pageOrigins).toEqual([ORIGIN.PDF_Parse]);
    expect(result.text).toContain('Müller & Söhne Bürobedarf GmbH');
    expect(result.text).toContain('Größe');
    expect(result.language).toBe('de');
    expect(result.fields).toMatchObject({
      invoice_number: 'RE-2024-0815',
      invoice_date: '2024-03-05',
      due_date: '2024-03-19',
      biller: { name: 'Müller & Söhne Bürobedarf GmbH', city: 'Berlin', vat_id: 'DE136695976' },
      recipient: { name: 'Kanzlei Größe & Partner', street: 'Ringstraße 7', city: 'München' },
      net_amount: 1000,
      tax_amount: 190,
      gross_amount: 1190,
      tax_rates: [19],
      iban: 'DE88200800000970375700',
      bic: 'COBADEFFXXX',
    });
    expect(result.fieldOrigins.invoice_number).toBe(ORIGIN.PDF_Parse);
  });

  it('recognises an image-only page with OCR and finds the umlaut words', async () => {
    // A total stands only when net + tax = gross confirms it (right or empty, never wrong).
    const png = await renderedLines(['Müller Straße Größe', 'Rechnungsnummer: 4711', 'Nettobetrag: 100,00 €', 'USt 19 %: 19,00 €', 'Gesamtbetrag: 119,00 €']);
    const result = await extractDocument({ bytes: await imagePdf(png), mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toBeUndefined();
    expect(result.pageOrigins).toEqual([ORIGIN.OCR]);
    expect(result.origin).toBe(ORIGIN.OCR);
    for (const word of ['Müller', 'Straße', 'Größe']) expect(result.text).toContain(word);
    expect(result.fields).toMatchObject({ invoice_number: '4711', gross_amount: 119 });
    expect(result.fieldOrigins.invoice_number).toBe(ORIGIN.OCR);
  });

  it('flags a password-protected PDF as Broken with a clear reason', async () => {
    const result = await extractDocument({ bytes: encryptedPdf(), mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: 'The PDF is password-protected.' });
  });

  it('flags garbage behind a PDF header and a truncated PDF as Broken, without throwing', async () => {
    const garbage = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(4096, 0x5a)]);
    expect((await extractDocument({ bytes: garbage, mediaType: 'application/pdf' }, { ocr })).problem?.flag).toBe('Broken');
    const whole = await textPdf([GERMAN_INVOICE]);
    const truncated = whole.subarray(0, Math.floor(whole.length / 3));
    const result = await extractDocument({ bytes: truncated, mediaType: 'application/pdf' }, { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: 'The PDF file is damaged and cannot be read.' });
  });

  it('stops a document that takes longer than its timeout', async () => {
    const result = await extractDocument({ bytes: await textPdf([GERMAN_INVOICE]), mediaType: 'application/pdf' }, { ocr, timeoutMs: 5 });
    expect(result.problem).toEqual({ flag: 'BadRendering', reason: 'Reading the document took longer than 5 ms and was stopped.' });
  });

  it('reads only the first pages of a long PDF and says so', async () => {
    const result = await extractDocument(
      { bytes: await textPdf([GERMAN_INVOICE, GERMAN_INVOICE, GERMAN_INVOICE]), mediaType: 'application/pdf' },
      { ocr, maxPages: 2 },
    );
    expect(result.pages).toBe(3);
    expect(result.pageOrigins).toHaveLength(2);
    expect(result.problem).toEqual({ flag: 'BadRendering', reason: 'The PDF has 3 pages; only the first 2 were read.' });
  });
});

/** Baseline uncompressed 8-bit greyscale TIFF, one strip. */
function greyTiff(width: number, height: number, grey: Uint8Array): Buffer {
  const entries: Array<[number, number, number]> = [
    [256, 4, width],
    [257, 4, height],
    [258, 3, 8],
    [259, 3, 1],
    [262, 3, 1],
    [273, 4, 0],
    [277, 3, 1],
    [278, 4, height],
    [279, 4, grey.length],
  ];
  const dataAt = 8 + 2 + entries.length * 12 + 4;
  const b = Buffer.alloc(dataAt + grey.length);
  b.write('II', 0, 'latin1');
  b.writeUInt16LE(42, 2);
  b.writeUInt32LE(8, 4);
  b.writeUInt16LE(entries.length, 8);
  entries.forEach(([tag, type, value], i) => {
    const at = 10 + i * 12;
    b.writeUInt16LE(tag, at);
    b.writeUInt16LE(type, at + 2);
    b.writeUInt32LE(1, at + 4);
    if (type === 3) b.writeUInt16LE(value, at + 8);
    else b.writeUInt32LE(tag === 273 ? dataAt : value, at + 8);
  });
  Buffer.from(grey).copy(b, dataAt);
  return b;
}

describe('images and XML files', () => {
  it('recognises a TIFF scan', async () => {
    const canvas = createCanvas(1200, 300);
    const ctx = canvas.getContext('2d');
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, 1200, 300);
    ctx.fillStyle = '#000000';
    ctx.font = '40px sans-serif';
    ctx.fillText('Rechnungsnummer: 4711 Größe', 50, 150);
    const rgba = ctx.getImageData(0, 0, 1200, 300).data;
    const grey = Uint8Array.from({ length: 1200 * 300 }, (_, i) => rgba[i * 4]);
    const result = await extractDocument({ bytes: greyTiff(1200, 300, grey), mediaType: 'image/tiff' }, { ocr });
    expect(result).toMatchObject({ origin: ORIGIN.OCR, pageOrigins: [ORIGIN.OCR], fields: { invoice_number: '4711' } });
    expect(result.text).toContain('Größe');
  });

  it('recognises a PNG scan', async () => {
    const png = await renderedLines(['Invoice No. INV-0042', 'Net amount: 1,250.00 EUR', 'VAT 20%: 250.00 EUR', 'Total due: 1,500.00 EUR']);
    const result = await extractDocument({ bytes: png, mediaType: 'image/png' }, { ocr });
    expect(result).toMatchObject({ origin: ORIGIN.OCR, pages: 1, pageOrigins: [ORIGIN.OCR] });
    expect(result.fields).toMatchObject({ invoice_number: 'INV-0042', gross_amount: 1500 });
  });

  it('refuses an image that claims more pixels than the cap, before decoding it', async () => {
    const header = Buffer.from(await renderedLines([]));
    header.writeUInt32BE(20_000, 16);
    header.writeUInt32BE(20_000, 20);
    const result = await extractDocument({ bytes: header, mediaType: 'image/png' }, { ocr });
    expect(result.problem).toEqual({ flag: 'BadRendering', reason: 'The image is too large to read (400 megapixels; at most 50).' });
  });

  it('flags bytes that are no image as Broken', async () => {
    const result = await extractDocument({ bytes: Buffer.from('no image at all'), mediaType: 'image/jpeg' }, { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: 'The image file is damaged or not a PNG, JPEG or TIFF image.' });
  });

  it.each(['ubl', 'cii'] as const)('reads an XRechnung %s XML file and renders it as readable text', async (syntax) => {
    const invoice = (await ownInvoices(4)).find((i) => i.language === 'de')!;
    const result = await extractDocument({ bytes: Buffer.from(invoice.xml[syntax]), mediaType: 'application/xml' }, { ocr });
    expect(result).toMatchObject({ origin: ORIGIN.EInvoice_XML, einvoice: { syntax: syntax.toUpperCase(), source: 'xml-file' }, language: 'de' });
    expect(result.fieldOrigins.gross_amount).toBe(ORIGIN.EInvoice_XML);
    expect(result.fields).toMatchObject({ invoice_number: invoice.expected.invoice_number, gross_amount: invoice.expected.gross_amount });
    expect(result.text).toContain(`Rechnungsnummer: ${invoice.expected.invoice_number}`);
    expect(result.text).toContain(`Gesamtbetrag: ${invoice.expected.gross_amount!.toLocaleString('de-DE', { minimumFractionDigits: 2 })} EUR`);
  });

  it('flags XML that is not an invoice', async () => {
    const result = await extractDocument({ bytes: Buffer.from('<order><id>1</id></order>'), mediaType: 'application/xml' }, { ocr });
    expect(result.problem).toEqual({ flag: 'Broken', reason: 'The XML file is not an XRechnung, ZUGFeRD or Factur-X invoice.' });
  });
});
