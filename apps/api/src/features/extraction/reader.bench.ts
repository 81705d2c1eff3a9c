import { measureReaderOnAll, outsideFixturesMissing, precision, recall, type FieldTally, type ReaderReport } from '@portal/ocr-worker';
import type { FeatureBenchItem } from '../../bench/feature-items';
import type { Figure, Options } from '../../bench/items';

// The page reader before issue 23 (commit 8da0c59, same corpus, same counting): the "before" of the comparison.
const BEFORE: Record<string, { precision: number; recall: number; wrong: number; empty: number }> = {
  corpus: { precision: 85.7, recall: 68.6, wrong: 66, empty: 115 },
  blanko: { precision: 100, recall: 85.7, wrong: 0, empty: 2 },
  own: { precision: 99.2, recall: 92.1, wrong: 2, empty: 20 },
};

const pct = (n: number): number => Math.round(n * 1000) / 10;
const cell = (t: FieldTally): string => `${t.right}/${t.wrong}/${t.empty}`;

function figures(report: ReaderReport, item: number): Figure[] {
  const before = BEFORE[report.group];
  const dataset = `${report.invoices} invoices (${report.group}), page only (embedded XML ignored)`;
  const byField = Object.fromEntries(
    Object.entries(report.byField).map(([name, t]) => [name, { right: t.right, wrong: t.wrong, empty: t.empty, precision: pct(precision(t)), recall: pct(recall(t)) }]),
  );
  return [
    { item, name: `reader ${report.group} precision (before ${before?.precision} %)`, unit: '%', runs: [pct(precision(report.total))], dataset, extra: { byField, wrong: report.wrong } },
    { item, name: `reader ${report.group} recall (before ${before?.recall} %)`, unit: '%', runs: [pct(recall(report.total))], dataset },
    { item, name: `reader ${report.group} fields shown wrong (before ${before?.wrong})`, unit: 'fields', runs: [report.total.wrong], dataset },
    { item, name: `reader ${report.group} fields left empty (before ${before?.empty})`, unit: 'fields', runs: [report.total.empty], dataset },
    { item, name: `reader ${report.group} invoices fully right`, unit: 'invoices', runs: [report.fullyRight], dataset },
    { item, name: `reader ${report.group} seconds per invoice`, unit: 's', runs: [Math.round(report.secondsPerInvoice * 100) / 100], dataset },
  ];
}

/** Issue 23: precision and recall per field of the page reader on the corpus, the blanko PDFs and the generator's invoices. */
export const readerBenchItem: FeatureBenchItem = {
  name: 'reader',
  async run(options: Options): Promise<Figure[]> {
    const { reports, skipped } = await measureReaderOnAll({ ownCount: options.quick ? 10 : 40 });
    for (const group of skipped.filter((g) => g !== 'own')) options.log(`reader ${group}: ${outsideFixturesMissing(group === 'blanko' ? 'zugferd' : group)}`);
    const out: Figure[] = [];
    for (const report of reports) {
      options.log(`reader ${report.group}: field  right/wrong/empty  precision  recall`);
      for (const [name, t] of Object.entries(report.byField)) {
        options.log(`  ${name.padEnd(18)} ${cell(t).padEnd(10)} ${pct(precision(t)).toFixed(1).padStart(6)} % ${pct(recall(t)).toFixed(1).padStart(6)} %`);
      }
      for (const w of report.wrong) options.log(`  wrong: ${w.file} ${w.field}: ${w.shown} (is ${w.expected})`);
      out.push(...figures(report, 23));
    }
    return out;
  },
};
