import type { ExtractedFields } from '@portal/contracts';
import { generateDemoInvoices } from '@portal/demo-data';

export interface DemoScan {
  fileName: string;
  bytes: Buffer;
  /** Per invoice in the scan, its ground truth; invoice i is on pages 2i+1 and 2i+2 (1-based). */
  invoices: ExtractedFields[];
}

const TERMS = {
  de: [
    'Allgemeine Geschäftsbedingungen',
    'Zahlbar ohne Abzug innerhalb der genannten Frist.',
    'Eigentumsvorbehalt bis zur vollständigen Bezahlung.',
    'Gerichtsstand ist der Sitz des Lieferanten.',
  ],
  en: [
    'General terms and conditions',
    'Payable without deduction within the stated period.',
    'Goods remain our property until paid in full.',
    'Place of jurisdiction is the supplier’s seat.',
  ],
};

/**
 * A batch scan as an office scanner delivers it: several incoming invoices of one company in one PDF,
 * each followed by its terms page (so the editor has to cut it at the right pages). Same options, same bytes.
 */
export async function buildDemoScan(
  company: { company_no: number; company_name: string; company_place: string },
  options: { seed: number; invoices: number; today: Date },
): Promise<DemoScan> {
  const generated = await generateDemoInvoices({
    companyNo: company.company_no,
    companyName: company.company_name,
    companyPlace: company.company_place,
    count: options.invoices * 6,
    seed: options.seed,
    today: options.today,
  });
  const chosen = generated.filter((i) => i.kind === 'text' && i.direction === 'incoming').slice(0, options.invoices);
  const { PDFDocument, StandardFonts } = await import('@cantoo/pdf-lib');
  const scan = await PDFDocument.create({ updateMetadata: false });
  const font = await scan.embedFont(StandardFonts.Helvetica);
  for (const invoice of chosen) {
    const source = await PDFDocument.load(invoice.bytes);
    const [first] = await scan.copyPages(source, [0]);
    scan.addPage(first!);
    const terms = scan.addPage([595, 842]);
    TERMS[invoice.language].forEach((line, i) => terms.drawText(line, { x: 56, y: 760 - i * 20, size: i === 0 ? 14 : 10, font }));
    terms.drawText(String(invoice.expected.biller?.name ?? ''), { x: 56, y: 60, size: 8, font });
  }
  return { fileName: `Scan_${company.company_no}_${options.seed}.pdf`, bytes: Buffer.from(await scan.save()), invoices: chosen.map((c) => c.expected) };
}
