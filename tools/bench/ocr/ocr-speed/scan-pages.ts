import { composeInvoice, layoutInvoice, textWidth, type DrawOp, customersFor, makeCompany, suppliersFor, prngFor, renderScan } from '@portal/demo-data';
import type { Language } from '@portal/demo-data';

export interface ScanPage {
  /** The scanned A4 page as a JPEG, as an office scanner delivers it. */
  image: Buffer;
  dpi: number;
  language: Language;
  /** What the page prints, one line per baseline, words left to right. */
  truth: string;
}

/**
 * Generated invoices (the demo generator's) scanned at `dpi`, each with the text it prints: the pages of
 * the OCR speed and accuracy figures. Same options, same pages.
 */
export async function generateScanPages(options: { count: number; dpi: number; seed?: number }): Promise<ScanPage[]> {
  const seed = options.seed ?? 19;
  const company = makeCompany(1001, 'Alpenblick Gastronomie GmbH', 'Innsbruck');
  const context = {
    company,
    suppliers: suppliersFor(company),
    customers: customersFor(company),
    today: new Date('2026-11-01T00:00:00Z'),
    usedNumbers: new Set<string>(),
  };
  const pages: ScanPage[] = [];
  for (let i = 0; i < options.count; i++) {
    const prng = prngFor('ocr-page', seed, i);
    const language: Language = i % 3 === 2 ? 'en' : 'de';
    const model = composeInvoice({ ...context, direction: i % 5 === 4 ? 'outgoing' : 'incoming', language }, prng);
    const ops = layoutInvoice(model);
    pages.push({ image: await renderScan(ops, prng, options.dpi), dpi: options.dpi, language, truth: printedText(ops) });
  }
  return pages;
}

/** Text operations grouped by baseline (within a point) and ordered by their left edge. */
export function printedText(ops: readonly DrawOp[]): string {
  const lines = new Map<number, Array<{ left: number; text: string }>>();
  for (const op of ops) {
    if (op.type !== 'text' || op.text.trim() === '') continue;
    const left = op.align === 'right' ? op.x - textWidth(op.text, op.size, op.bold) : op.x;
    const baseline = [...lines.keys()].find((y) => Math.abs(y - op.y) < 1) ?? op.y;
    lines.set(baseline, [...(lines.get(baseline) ?? []), { left, text: op.text.trim() }]);
  }
  return [...lines.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, parts]) =>
      parts
        .sort((a, b) => a.left - b.left)
        .map((p) => p.text)
        .join(' '),
    )
    .join('\n');
}
