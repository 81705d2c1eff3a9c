import { extractDocument, OcrEngine, searchablePdfOf } from '@portal/extraction';
import { generateDemoInvoices, textScan } from '@portal/demo-data';
import { measureLearningCurve, type LearningCurveReport } from '../ocr/learning-curve';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { startPortal, type PortalProc } from '../../harness/proc';

const ITEM = 22;
const pct = (right: number, total: number) => (total === 0 ? 0 : Math.round((right / total) * 1000) / 10);

/** Field accuracy per supplier of the demo generator after 0, 1 and 3 labeled invoices (the supplier's later invoices are the test). */
async function learningCurve(options: Options): Promise<Figure[]> {
  const report: LearningCurveReport = await measureLearningCurve({
    count: options.quick ? 40 : 80,
    withScans: true,
    suppliers: options.quick ? 2 : 3,
    perSupplier: options.quick ? 5 : 7,
  });
  for (const s of report.suppliers)
    options.log(`learning ${s.supplier} (${s.invoices} invoices): ${s.points.map((p) => `${p.labeled} labeled ${pct(p.right, p.total)} %`).join(', ')}`);
  for (const m of report.mistakes) options.log(`  after 3: ${m.file} ${m.field}: ${m.shown} (is ${m.expected})`);
  const dataset = `${report.suppliers.length} suppliers of the demo generator (2 companies, text, ZUGFeRD read from the page, scans), invoices 4+ of each tested`;
  const bySupplier = Object.fromEntries(
    report.suppliers.map((s) => [s.supplier, s.points.map((p) => ({ labeled: p.labeled, right: p.right, total: p.total }))]),
  );
  return [
    ...report.points.map((p) => ({
      item: ITEM,
      name: `learning: fields right after ${p.labeled} labeled invoice${p.labeled === 1 ? '' : 's'} of the supplier`,
      unit: '%',
      runs: [pct(p.right, p.total)],
      dataset,
      note: p.labeled === 3 ? 'goal ≥ 99 %' : `${p.right} of ${p.total} fields`,
      ...(p.labeled === 0 ? { extra: { bySupplier } } : {}),
    })),
    {
      item: ITEM,
      name: 'learning: seconds to read one invoice (reader, OCR for scans)',
      unit: 's',
      runs: [Math.round(report.msPerInvoice / 10) / 100],
      dataset,
    },
  ];
}

/** The searchable PDF of already read scans: what the worker spends per page after OCR (its ms is on DocumentSearchablePdfCreated). */
async function searchablePdfTime(options: Options): Promise<Figure[]> {
  const ocr = new OcrEngine();
  try {
    const invoices = await generateDemoInvoices({
      companyNo: 1001,
      companyName: 'Alpenblick Gastronomie GmbH',
      companyPlace: 'Innsbruck',
      count: 40,
      seed: 7,
      today: new Date('2026-03-01T00:00:00Z'),
    });
    const scans: Array<{ bytes: Buffer; mediaType: 'application/pdf' | 'image/tiff'; name: string }> = invoices
      .filter((i) => i.kind === 'scanned')
      .slice(0, options.quick ? 2 : 4)
      .map((i) => ({ bytes: Buffer.from(i.bytes), mediaType: 'application/pdf' as const, name: i.fileName }));
    scans.push({
      bytes: await textScan(
        [
          ['Rechnung 4711', 'Kaiserschmarrn Lieferung', 'Gesamtbetrag 99,00 EUR'],
          ['Seite 2', 'Zahlbar bis 31.03.2026'],
        ],
        'tiff',
      ),
      mediaType: 'image/tiff',
      name: 'scan.tif',
    });
    const perPage: Record<string, number[]> = { pdf: [], tiff: [] };
    const ocrPerPage: number[] = [];
    for (const scan of scans) {
      const read = await extractDocument({ bytes: scan.bytes, mediaType: scan.mediaType }, { ocr, embeddedInvoice: false });
      ocrPerPage.push(read.ms / read.pages);
      const kind = scan.mediaType === 'image/tiff' ? 'tiff' : 'pdf';
      for (let r = 0; r < options.runs; r++) {
        const t0 = performance.now();
        const pdf = await searchablePdfOf(read, scan, scan.name, new Date());
        if (!pdf) throw new Error(`no searchable PDF for ${scan.name}`);
        perPage[kind]!.push((performance.now() - t0) / pdf.pages);
      }
    }
    const round = (ms: number[]) => ms.map((m) => Math.round(m * 10) / 10);
    return [
      {
        item: ITEM,
        name: 'searchable PDF per page, image-only PDF scan (page image as JPEG, OCR text layer, PDF/A-2b)',
        unit: 'ms',
        runs: round(perPage.pdf!),
        dataset: `${scans.length - 1} scanned demo invoices at 200 dpi, ${options.runs} runs each`,
        note: 'after OCR; searchablePdfOf as the worker calls it',
      },
      {
        item: ITEM,
        name: 'searchable PDF per page, 2-page TIFF scan (PNG pages)',
        unit: 'ms',
        runs: round(perPage.tiff!),
        dataset: '150 dpi greyscale TIFF, 2 pages',
        note: 'after OCR',
      },
      {
        item: ITEM,
        name: 'OCR per scanned page (context: what comes before the searchable PDF)',
        unit: 'ms',
        runs: round(ocrPerPage),
        dataset: `the same ${scans.length} scans, tesseract.js eng+deu`,
      },
    ];
  } finally {
    await ocr.terminate();
  }
}

async function postScan(portal: PortalProc, token: string, scan: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(scan)]), 'scan.png');
  const t0 = performance.now();
  const res = await fetch(`${portal.url}/api/ocr`, { method: 'POST', body: form, headers: { Authorization: `Bearer ${token}` } });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`POST /api/ocr answered ${res.status}`);
  return performance.now() - t0;
}

/** The OCR service for other systems: one client after another, and four clients at once (the service reads one file at a time). */
async function ocrService(options: Options): Promise<Figure[]> {
  const portal = await startPortal({ env: { PORTAL_SEED_DOCUMENTS: '0' }, timeoutMs: 300_000 });
  try {
    const token = await portal.token('admin');
    const scan = await textScan(
      [['Rechnung 2026-0815', 'Zirbenholz Tischlerei GmbH', 'Nettobetrag 100,00 EUR', 'USt 20 % 20,00 EUR', 'Gesamtbetrag 120,00 EUR']],
      'png',
    );
    await postScan(portal, token, scan); // warm-up: the OCR worker thread starts
    const single: number[] = [];
    for (let i = 0; i < (options.quick ? 3 : 8); i++) single.push(await postScan(portal, token, scan));
    const rates: number[] = [];
    const clients = 4;
    const each = options.quick ? 2 : 3;
    for (let r = 0; r < options.runs; r++) {
      const t0 = performance.now();
      await Promise.all(
        Array.from({ length: clients }, async () => {
          for (let i = 0; i < each; i++) await postScan(portal, token, scan);
        }),
      );
      rates.push(Math.round(((clients * each) / ((performance.now() - t0) / 60_000)) * 10) / 10);
    }
    const dataset = 'one-page PNG scan (A4, 150 dpi, 5 lines), loopback, embedded portal, bearer token of admin';
    return [
      {
        item: ITEM,
        name: 'POST /api/ocr one-page scan, one client',
        unit: 'ms',
        runs: single.map((m) => Math.round(m)),
        dataset,
        note: 'request until the whole searchable PDF is received',
      },
      {
        item: ITEM,
        name: `POST /api/ocr throughput, ${clients} clients at once`,
        unit: 'pages/min',
        runs: rates,
        dataset: `${dataset}; ${clients} x ${each} requests per run`,
      },
    ];
  } finally {
    await portal.stop('SIGTERM');
  }
}

/** The learning curve per supplier, the searchable PDF's time per page, the OCR service's throughput. */
export const labelsBenchItem: FeatureBenchItem = {
  name: 'labels',
  async run(options) {
    return [...(await learningCurve(options)), ...(await searchablePdfTime(options)), ...(await ocrService(options))];
  },
};
