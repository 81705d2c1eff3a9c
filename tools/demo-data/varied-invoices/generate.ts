import type { ExtractedFields } from '@portal/contracts';
import { prngFor } from '@portal/demo-data';
import { renderImagePdf, renderTextPdf } from '@portal/demo-data';
import { renderScan } from '@portal/demo-data';
import { layoutVaried } from './layouts';
import { composeVaried, truthOf, type VariedKind, type VariedModel, type VariedStyle } from './model';
import type { VariedLanguage } from './texts';

export interface VariedInvoice {
  /** `varied/<style>-<kind>-<language>-<n>.pdf`. */
  name: string;
  model: VariedModel;
  bytes: Buffer;
  truth: ExtractedFields;
}

export interface VariedOptions {
  count: number;
  seed: number;
  /** The second round adds layouts made after the first was read (pairs inline, narrow receipts); default 1. */
  round?: 1 | 2;
  /** How many of them are scanned image-only pages (read by OCR); default none. */
  scans?: number;
}

const LANGUAGES: readonly VariedLanguage[] = ['de', 'de', 'en', 'en', 'nl', 'fr', 'it'];
const STYLES: readonly VariedStyle[] = ['details-right', 'header-grid', 'stacked', 'title-line', 'hosting'];
const SECOND_ROUND: readonly VariedStyle[] = ['inline-pairs', 'receipt', 'inline-pairs', 'receipt', ...STYLES];
const KINDS: readonly VariedKind[] = ['invoice', 'invoice', 'invoice', 'credit_note', 'correction', 'insurance'];

/**
 * Invoices in layouts, languages and kinds the project's demo generator does not print: header tables, labels
 * above values, titles that carry number and date, single totals, credit notes, corrections, insurance notices,
 * Indian GST invoices; payment terms and bank details in several forms. Same options, same bytes.
 */
export async function generateVariedInvoices(options: VariedOptions): Promise<VariedInvoice[]> {
  const out: VariedInvoice[] = [];
  for (let i = 0; i < options.count; i++) {
    const second = options.round === 2;
    const prng = second ? prngFor('varied', 2, options.seed, i) : prngFor('varied', options.seed, i);
    const scanned = i < (options.scans ?? 0);
    const tally = i % 13 === 12;
    const language = tally ? 'en' : prng.pick(LANGUAGES);
    const style: VariedStyle = tally ? 'tally' : prng.pick(second ? SECOND_ROUND : STYLES);
    const kind: VariedKind = style === 'hosting' || style === 'tally' || style === 'receipt' ? 'invoice' : prng.pick(KINDS);
    const model = composeVaried({ language, style, kind, scanned }, prng);
    const ops = layoutVaried(model, prngFor('varied-layout', options.seed, i));
    const meta = {
      title: '',
      author: model.seller.name,
      subject: '',
      date: new Date(`${model.issueDate}T10:00:00Z`),
      language: language === 'de' ? ('de' as const) : ('en' as const),
      creator: 'varied',
    };
    const bytes = scanned
      ? await renderImagePdf(await renderScan(ops, prng, 300), { ...meta, author: '', creator: 'scanner' })
      : await renderTextPdf(ops, meta);
    out.push({
      name: `varied/${second ? 'r2-' : ''}${style}-${kind}-${language}-${String(i + 1).padStart(3, '0')}${scanned ? '-scan' : ''}.pdf`,
      model,
      bytes,
      truth: truthOf(model),
    });
  }
  return out;
}
