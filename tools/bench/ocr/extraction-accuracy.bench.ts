import type { ExtractedFields } from '@portal/contracts';
import { generateDemoInvoices, type DemoInvoice } from '@portal/demo-data';
import { extractDocument, OcrEngine } from '@portal/extraction';

/** The fields a bookkeeper checks first, compared exactly (amounts to the cent, names case-insensitively). */
const CHECKS: Array<[name: string, read: (f: ExtractedFields) => unknown]> = [
  ['invoice_number', (f) => f.invoice_number],
  ['invoice_date', (f) => f.invoice_date],
  ['due_date', (f) => f.due_date],
  ['biller.name', (f) => f.biller?.name?.toLowerCase()],
  ['biller.vat_id', (f) => f.biller?.vat_id],
  ['recipient.name', (f) => f.recipient?.name?.toLowerCase()],
  ['currency', (f) => f.currency],
  ['net_amount', (f) => f.net_amount?.toFixed(2)],
  ['tax_amount', (f) => f.tax_amount?.toFixed(2)],
  ['gross_amount', (f) => f.gross_amount?.toFixed(2)],
  ['tax_rates', (f) => [...(f.tax_rates ?? [])].sort((a, b) => a - b).join(',')],
  ['iban', (f) => f.iban],
  ['bic', (f) => f.bic],
  ['payment_reference', (f) => f.payment_reference],
];

export interface AccuracyReport {
  invoices: number;
  right: number;
  total: number;
  byKind: Record<DemoInvoice['kind'], { invoices: number; right: number; total: number }>;
  byField: Record<string, { right: number; total: number }>;
}

/** Extraction accuracy on generated demo invoices against their ground truth (fields right / fields total). */
export async function measureDemoAccuracy(options: { count?: number; today?: Date } = {}): Promise<AccuracyReport> {
  const invoices = await generateDemoInvoices({
    companyNo: 1001,
    companyName: 'Alpenblick Gastronomie GmbH',
    companyPlace: 'Innsbruck',
    count: options.count ?? 40,
    seed: 1001,
    today: options.today ?? new Date('2026-11-01T00:00:00Z'),
  });
  const report: AccuracyReport = { invoices: 0, right: 0, total: 0, byKind: { text: zero(), zugferd: zero(), scanned: zero() }, byField: {} };
  const ocr = new OcrEngine();
  try {
    for (const invoice of invoices) {
      const result = await extractDocument({ bytes: invoice.bytes, mediaType: invoice.mediaType }, { ocr });
      const kind = report.byKind[invoice.kind];
      kind.invoices++;
      report.invoices++;
      for (const [name, read] of CHECKS) {
        const expected = read(invoice.expected);
        if (expected === undefined || expected === '') continue;
        const ok = read(result.fields) === expected;
        const field = (report.byField[name] ??= { right: 0, total: 0 });
        for (const tally of [report, kind, field]) {
          tally.total++;
          if (ok) tally.right++;
        }
      }
    }
  } finally {
    await ocr.terminate();
  }
  return report;
}

function zero() {
  return { invoices: 0, right: 0, total: 0 };
}
