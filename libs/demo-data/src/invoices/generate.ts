import type { ExtractedFields } from '@portal/contracts';
import { buildCiiXml, buildFacturXXmp } from './cii-xml';
import { composeInvoice, type ComposeContext } from './compose';
import type { InvoiceModel } from './invoice-model';
import { toExpected } from './invoice-model';
import { layoutInvoice } from './layout';
import { renderImagePdf, renderTextPdf, type PdfMetadata } from './layout-pdf';
import { customersFor, makeCompany, suppliersFor } from './parties';
import { prngFor, type Prng } from './prng';
import { renderScan } from './render-scan';
import { buildUblXml } from './ubl-xml';
import { LABELS, type Language } from './texts';

export type DemoInvoiceKind = 'text' | 'zugferd' | 'scanned';

export interface DemoInvoiceOptions {
  companyNo: number;
  companyName: string;
  companyPlace: string;
  count: number;
  seed: number;
  /** Invoice dates fall within the ~14 months before this day. */
  today: Date;
}

export interface DemoInvoice {
  fileName: string;
  mediaType: 'application/pdf';
  bytes: Buffer;
  kind: DemoInvoiceKind;
  direction: 'incoming' | 'outgoing';
  language: Language;
  /** Ground truth: exactly the values the document prints (and, for ZUGFeRD, its XML carries). */
  expected: ExtractedFields;
  /** The same invoice as structured XML in both syntaxes (the ZUGFeRD PDF embeds the CII one). */
  xml: { cii: string; ubl: string };
}

/** Exact shares (rounded) instead of independent draws, so every company gets the same mix. */
export function planMix<T>(count: number, shares: ReadonlyArray<readonly [T, number]>, rest: T, prng: Prng): T[] {
  const plan: T[] = [];
  for (const [value, share] of shares) for (let i = 0; i < Math.round(count * share); i++) plan.push(value);
  while (plan.length < count) plan.push(rest);
  return prng.shuffle(plan.slice(0, count));
}

const ERP_CREATORS = [
  'SAP NetWeaver',
  'BMD NTCS',
  'Microsoft Dynamics 365 Business Central',
  'DATEV Auftragswesen',
  'RZL Faktura',
  'sevDesk',
  'Lexware faktura+auftrag',
];
const SCANNERS = ['Canon iR-ADV C5535', 'RICOH IM C3000', 'Brother ADS-2700W', 'Fujitsu fi-7160', 'HP LaserJet MFP M428'];

function withoutLegalForm(name: string): string {
  return name.replace(/\s+(GmbH & Co\.? KG|Handelsges\.m\.b\.H\.|GmbH|AG|KG|OG|SE|eGen|eG|e\.U\.|mbB|e\. V\.)(\s|$).*$/, '').trim() || name;
}

function fileSlug(text: string): string {
  return text
    .replace(/ä/g, 'ae')
    .replace(/ö/g, 'oe')
    .replace(/ü/g, 'ue')
    .replace(/Ä/g, 'Ae')
    .replace(/Ö/g, 'Oe')
    .replace(/Ü/g, 'Ue')
    .replace(/ß/g, 'ss')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

function fileNameFor(model: InvoiceModel, kind: DemoInvoiceKind, index: number): string {
  if (kind === 'scanned') return `Scan_${model.issueDate.replace(/-/g, '')}_${String(index + 1).padStart(4, '0')}.pdf`;
  const other = model.direction === 'incoming' ? model.biller.name : model.recipient.name;
  const name = fileSlug(withoutLegalForm(other)).split('-').slice(0, 3).join('-');
  return `${model.issueDate}_${name}_${fileSlug(model.number)}.pdf`;
}

async function render(model: InvoiceModel, kind: DemoInvoiceKind, prng: Prng): Promise<Buffer> {
  const ops = layoutInvoice(model);
  const title = `${LABELS[model.language].invoice} ${model.number}`;
  const meta: PdfMetadata = {
    title,
    author: model.biller.name,
    subject: `${title} - ${model.recipient.name}`,
    date: new Date(`${model.issueDate}T${String(prng.int(7, 17)).padStart(2, '0')}:${String(prng.int(0, 59)).padStart(2, '0')}:00Z`),
    language: model.language,
    creator: prngFor('creator', model.biller.name).pick(ERP_CREATORS),
  };
  if (kind === 'text') return renderTextPdf(ops, meta);
  if (kind === 'zugferd') return renderTextPdf(ops, meta, { xml: buildCiiXml(model), xmp: buildFacturXXmp(title) });
  const jpeg = await renderScan(ops, prng);
  return renderImagePdf(jpeg, { ...meta, title: '', author: '', subject: '', creator: prng.pick(SCANNERS) });
}

/**
 * Realistic demo invoices for one company: about 70 % text PDFs, 15 % ZUGFeRD / Factur-X, 15 % scanned image-only
 * pages; about 70 % German; about 20 % outgoing. Same options, same bytes.
 */
export async function generateDemoInvoices(options: DemoInvoiceOptions): Promise<DemoInvoice[]> {
  const { companyNo, seed, count } = options;
  if (!Number.isInteger(count) || count < 0) throw new Error(`count must be a non-negative integer, got ${count}`);
  const company = makeCompany(companyNo, options.companyName, options.companyPlace);
  const suppliers = suppliersFor(company);
  const customers = customersFor(company);
  const planPrng = prngFor('plan', seed, companyNo);
  const kinds = planMix<DemoInvoiceKind>(
    count,
    [
      ['zugferd', 0.15],
      ['scanned', 0.15],
    ],
    'text',
    planPrng,
  );
  const languages = planMix<Language>(count, [['en', 0.3]], 'de', planPrng);
  const directions = planMix<'incoming' | 'outgoing'>(count, [['outgoing', 0.2]], 'incoming', planPrng);

  const usedNumbers = new Set<string>();
  const usedNames = new Set<string>();
  const jobs: Array<Promise<DemoInvoice>> = [];
  for (let i = 0; i < count; i++) {
    const prng = prngFor('invoice', seed, companyNo, i);
    const context: ComposeContext = { company, suppliers, customers, direction: directions[i], language: languages[i], today: options.today, usedNumbers };
    const model = composeInvoice(context, prng);
    let fileName = fileNameFor(model, kinds[i], i);
    if (usedNames.has(fileName)) fileName = fileName.replace(/\.pdf$/, `_${i + 1}.pdf`);
    usedNames.add(fileName);
    const kind = kinds[i];
    jobs.push(
      render(model, kind, prng).then((bytes) => ({
        fileName,
        mediaType: 'application/pdf' as const,
        bytes,
        kind,
        direction: model.direction,
        language: model.language,
        expected: toExpected(model),
        xml: { cii: buildCiiXml(model), ubl: buildUblXml(model) },
      })),
    );
  }
  return Promise.all(jobs);
}
