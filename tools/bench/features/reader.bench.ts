import { measureExtractionSpeed } from '../ocr/extraction-speed.bench';
import { measureReaderOnAll, precision, recall, type FieldTallies, type FieldTally, type ReaderReport } from '../ocr/reader-accuracy.bench';
import { outsideFixturesMissing } from '../../harness/outside-fixtures';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { READER_BEFORE } from './reader-before';

const pct = (n: number): number => Math.round(n * 1000) / 10;
const cell = (t: FieldTally | undefined): string => (t ? `${t.right}/${t.wrong}/${t.empty}` : '-');
const rate = (t: FieldTally | undefined, of: (t: FieldTally) => number): string => (t ? `${pct(of(t)).toFixed(1)} %` : '-');
const row = (name: string, before: FieldTally | undefined, after: FieldTally): string =>
  `  ${name.padEnd(18)} ${cell(before).padEnd(10)} ${rate(before, precision).padStart(7)} ${rate(before, recall).padStart(7)}   ${cell(after).padEnd(10)} ${rate(after, precision).padStart(7)} ${rate(after, recall).padStart(7)}`;

/** Per field, before and after: right/wrong/empty, precision, recall. */
function logTable(options: Options, title: string, before: FieldTallies | undefined, after: FieldTallies): void {
  options.log(`${title}: ${after.invoices} invoices${before ? ` (before: ${before.invoices})` : ''}`);
  options.log(
    `  ${'field'.padEnd(18)} ${'before r/w/e'.padEnd(10)} ${'prec'.padStart(7)} ${'recall'.padStart(7)}   ${'after r/w/e'.padEnd(10)} ${'prec'.padStart(7)} ${'recall'.padStart(7)}`,
  );
  for (const [name, t] of Object.entries(after.byField)) options.log(row(name, before?.byField[name], t));
  options.log(row('all fields', before?.total, after.total));
}

const tallies = (t: FieldTally) => ({ right: t.right, wrong: t.wrong, empty: t.empty, precision: pct(precision(t)), recall: pct(recall(t)) });

function figures(report: ReaderReport, item: number): Figure[] {
  const before = READER_BEFORE.groups[report.group];
  const was = (of: (t: FieldTally) => number | string): string => (before ? ` (before ${of(before.total)})` : '');
  const dataset = `${report.invoices} invoices (${report.group}), page only (embedded XML ignored)`;
  const extra = {
    byField: Object.fromEntries(Object.entries(report.byField).map(([name, t]) => [name, tallies(t)])),
    byLanguage: Object.fromEntries(
      Object.entries(report.byLanguage).map(([language, l]) => [language, { invoices: l.invoices, total: tallies(l.total), byField: l.byField }]),
    ),
    byProducer: Object.fromEntries(Object.entries(report.byProducer).map(([producer, p]) => [producer, { invoices: p.invoices, total: tallies(p.total) }])),
    wrong: report.group === 'tuning' ? report.wrong : report.wrong.length,
  };
  const out: Figure[] = [
    { item, name: `reader ${report.group} precision${was((t) => `${pct(precision(t))} %`)}`, unit: '%', runs: [pct(precision(report.total))], dataset, extra },
    { item, name: `reader ${report.group} recall${was((t) => `${pct(recall(t))} %`)}`, unit: '%', runs: [pct(recall(report.total))], dataset },
    { item, name: `reader ${report.group} fields shown wrong${was((t) => t.wrong)}`, unit: 'fields', runs: [report.total.wrong], dataset },
    { item, name: `reader ${report.group} fields left empty${was((t) => t.empty)}`, unit: 'fields', runs: [report.total.empty], dataset },
    { item, name: `reader ${report.group} invoices fully right`, unit: 'invoices', runs: [report.fullyRight], dataset },
  ];
  for (const [language, l] of Object.entries(report.byLanguage)) {
    out.push({
      item,
      name: `reader ${report.group} ${language} precision`,
      unit: '%',
      runs: [pct(precision(l.total))],
      dataset: `${l.invoices} ${language} invoices (${report.group})`,
    });
    out.push({
      item,
      name: `reader ${report.group} ${language} recall`,
      unit: '%',
      runs: [pct(recall(l.total))],
      dataset: `${l.invoices} ${language} invoices (${report.group})`,
    });
  }
  if (report.secondsPerTextPage !== undefined)
    out.push({
      item,
      name: `reader ${report.group} seconds per text page (whole extraction)`,
      unit: 's',
      runs: [Math.round(report.secondsPerTextPage * 1000) / 1000],
      dataset,
    });
  if (report.secondsPerScannedPage !== undefined)
    out.push({
      item,
      name: `reader ${report.group} seconds per scanned page (OCR included)`,
      unit: 's',
      runs: [Math.round(report.secondsPerScannedPage * 100) / 100],
      dataset,
    });
  return out;
}

/** Precision and recall of the page reader per field, language and producer, on the tuning half, the held-out half and both, before and after, and its speed per page. */
export const readerBenchItem: FeatureBenchItem = {
  name: 'reader',
  async run(options: Options): Promise<Figure[]> {
    const { reports, skipped } = await measureReaderOnAll();
    for (const folder of skipped) options.log(`reader: ${outsideFixturesMissing(folder)}`);
    options.log(`reader: "before" is commit ${READER_BEFORE.commit}, counted the same way`);
    const out: Figure[] = [];
    for (const report of reports) {
      // The held-out half's mistakes are not listed: rules are changed only while looking at the tuning half's.
      const before = READER_BEFORE.groups[report.group];
      logTable(options, `reader ${report.group}`, before, report);
      for (const [language, l] of Object.entries(report.byLanguage))
        logTable(options, `reader ${report.group} ${language}`, before?.byLanguage[language as keyof typeof report.byLanguage], l);
      for (const [producer, p] of Object.entries(report.byProducer))
        options.log(row(`${producer} (${p.invoices})`, before?.byProducer?.[producer]?.total, p.total));
      if (report.group === 'tuning') for (const w of report.wrong) options.log(`  wrong: ${w.file} ${w.field}: ${w.shown} (is ${w.expected})`);
      out.push(...figures(report, 23));
    }
    const speed = await measureExtractionSpeed();
    options.log(
      `reader speed: ${speed.textLayerSecondsPerPage.toFixed(3)} s per text page (${speed.textPages} pages), ${speed.ocrSecondsPerPage.toFixed(2)} s per scanned page (${speed.ocrPages} pages)`,
    );
    const dataset = 'generated 40-line pages: text layer, and the same page as a 300 dpi scan';
    out.push({ item: 23, name: 'extraction seconds per text page', unit: 's', runs: [Math.round(speed.textLayerSecondsPerPage * 1000) / 1000], dataset });
    out.push({ item: 23, name: 'extraction seconds per scanned page', unit: 's', runs: [Math.round(speed.ocrSecondsPerPage * 100) / 100], dataset });
    return out;
  },
};
