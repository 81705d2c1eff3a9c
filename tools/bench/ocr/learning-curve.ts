import { ORIGIN, sameLabelValue, type FieldSample, type LabelField, type PageWords } from '@portal/contracts';
import { emptyModel, labelValuesOf, locateValue, sampleAt, supplierKeyOf, withDocumentSamples, withIdentity, type SupplierIdentity } from '@portal/domain';
import { generateDemoInvoices, type DemoInvoice } from '@portal/demo-data';
import { extractDocument, OcrEngine } from '@portal/extraction';
import { withLearnedFields } from '@portal/document-worker';

/**
 * The learning curve of per supplier of the demo generator, the fields read right on its later
 * invoices after 0, 1 and 3 of its earlier invoices were labeled. A label is what a person marks: the box
 * around the true value's words on the page (found by the value, as the person would see it).
 */
export interface CurvePoint {
  labeled: number;
  right: number;
  total: number;
}

export interface SupplierCurve {
  supplier: string;
  invoices: number;
  points: CurvePoint[];
}

export interface LearningCurveReport {
  suppliers: SupplierCurve[];
  points: CurvePoint[];
  /** Fields wrong after the most labels, to see what limits it. */
  mistakes: Array<{ supplier: string; file: string; field: LabelField; shown: string; expected: string }>;
  msPerInvoice: number;
}

interface Read {
  invoice: DemoInvoice;
  pages: PageWords[];
  result: Awaited<ReturnType<typeof extractDocument>>;
}

const STEPS = [0, 1, 3] as const;
const TEST_FROM = 3;

export interface LearningCurveOptions {
  /** Invoices generated per company (the suppliers are drawn among them). */
  count: number;
  companies?: Array<{ no: number; name: string; place: string }>;
  withScans?: boolean;
  /** At most this many suppliers per company are read (those with the most invoices), each with at most `perSupplier` invoices. */
  suppliers?: number;
  perSupplier?: number;
}

export async function measureLearningCurve(options: LearningCurveOptions): Promise<LearningCurveReport> {
  const companies = options.companies ?? [
    { no: 1001, name: 'Alpenblick Gastronomie GmbH', place: 'Innsbruck' },
    { no: 1004, name: 'Müller Elektrotechnik GmbH', place: 'München' },
  ];
  const ocr = new OcrEngine();
  const bySupplier = new Map<string, Read[]>();
  let ms = 0;
  let read = 0;
  try {
    for (const company of companies) {
      const invoices = await generateDemoInvoices({
        companyNo: company.no,
        companyName: company.name,
        companyPlace: company.place,
        count: options.count,
        seed: 7,
        today: new Date('2026-03-01T00:00:00Z'),
      });
      // Group before reading: only suppliers with enough invoices for the curve are worth the reader's time.
      const groups = new Map<string, DemoInvoice[]>();
      for (const invoice of invoices) {
        if (invoice.direction !== 'incoming' || (invoice.kind === 'scanned' && !options.withScans)) continue;
        const key = `${company.no}:${invoice.expected.biller?.vat_id ?? invoice.expected.biller?.name}`;
        groups.set(key, [...(groups.get(key) ?? []), invoice]);
      }
      const chosen = [...groups.entries()]
        .filter(([, list]) => list.length > TEST_FROM)
        .sort((a, b) => b[1].length - a[1].length)
        .slice(0, options.suppliers ?? Infinity);
      for (const [key, list] of chosen) {
        for (const invoice of list.slice(0, options.perSupplier ?? Infinity)) {
          const started = Date.now();
          const result = await extractDocument({ bytes: invoice.bytes, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false });
          ms += Date.now() - started;
          read++;
          bySupplier.set(key, [...(bySupplier.get(key) ?? []), { invoice, pages: result.pageWords ?? [], result }]);
        }
      }
    }
  } finally {
    await ocr.terminate();
  }

  const suppliers: SupplierCurve[] = [];
  const mistakes: LearningCurveReport['mistakes'] = [];
  for (const [supplier, reads] of bySupplier) {
    if (reads.length <= TEST_FROM) continue;
    const points = STEPS.map((labeled) => {
      const model = modelFrom(reads.slice(0, labeled));
      let right = 0;
      let total = 0;
      for (const r of reads.slice(TEST_FROM)) {
        const shown = labelValuesOf((model ? withLearnedFields(r.result, model)?.result : null)?.fields ?? r.result.fields);
        for (const [field, expected] of Object.entries(labelValuesOf(r.invoice.expected)) as Array<[LabelField, string | number]>) {
          total++;
          if (sameLabelValue(shown[field], expected)) right++;
          else if (labeled === STEPS[STEPS.length - 1])
            mistakes.push({ supplier, file: r.invoice.fileName, field, shown: String(shown[field] ?? '—'), expected: String(expected) });
        }
      }
      return { labeled, right, total };
    });
    suppliers.push({ supplier, invoices: reads.length, points });
  }
  const points = STEPS.map((labeled, i) => ({
    labeled,
    right: suppliers.reduce((n, s) => n + s.points[i]!.right, 0),
    total: suppliers.reduce((n, s) => n + s.points[i]!.total, 0),
  }));
  return { suppliers, points, mistakes, msPerInvoice: read > 0 ? ms / read : 0 };
}

/** The model after labeling every field of the given invoices, as the supplier-models read model builds it. */
function modelFrom(reads: Read[]) {
  if (reads.length === 0) return null;
  const first = reads[0]!.invoice.expected;
  const identity: SupplierIdentity = { vatId: first.biller?.vat_id ?? null, iban: first.iban ?? null, name: first.biller?.name ?? null };
  let model = withIdentity(emptyModel(0, supplierKeyOf(identity)!, ''), identity);
  reads.forEach((r, index) => {
    const samples: Partial<Record<LabelField, FieldSample>> = {};
    for (const [field, value] of Object.entries(labelValuesOf(r.invoice.expected)) as Array<[LabelField, string | number]>) {
      const box = locateValue(r.pages, field, value);
      if (box) samples[field] = sampleAt(r.pages, box, index + 1, ORIGIN.Human_Labeling);
    }
    model = withDocumentSamples(model, index + 1, samples, '');
  });
  return model;
}
