import { generateDemoInvoices, type DemoInvoice } from '@portal/demo-data';
import { sniffMediaType } from './media-type';

let invoice: DemoInvoice;
beforeAll(async () => {
  [invoice] = await generateDemoInvoices({
    companyNo: 1001,
    companyName: 'Alpenblick Gastronomie GmbH',
    companyPlace: 'Innsbruck',
    count: 1,
    seed: 1,
    today: new Date('2026-01-15T00:00:00Z'),
  });
});

describe('upload media types', () => {
  it('recognises PDFs, images and e-invoice XML by their bytes', () => {
    expect(sniffMediaType(Buffer.from('%PDF-1.7\n...'))).toBe('application/pdf');
    expect(sniffMediaType(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]))).toBe('image/png');
    expect(sniffMediaType(Buffer.from([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
    expect(sniffMediaType(Buffer.from([0x49, 0x49, 0x2a, 0x00]))).toBe('image/tiff');
    expect(sniffMediaType(Buffer.from(invoice!.xml.ubl))).toBe('application/xml');
    expect(sniffMediaType(Buffer.from(invoice!.xml.cii))).toBe('application/xml');
    expect(sniffMediaType(invoice!.bytes)).toBe('application/pdf');
  });

  it('refuses a file whose name says PDF but whose bytes do not', () => {
    expect(sniffMediaType(Buffer.from('MZ\x90\x00 executable'))).toBeNull();
    expect(sniffMediaType(Buffer.from('<html><body>not an invoice</body></html>'))).toBeNull();
    expect(sniffMediaType(Buffer.alloc(0))).toBeNull();
  });
});
