import { CORPUS_DIR, CSV_FILES, bankingHarness, checkCorpus, corpusFiles, corpusReport, type CorpusFile, type CorpusResult } from '@portal/tools';
import { StatementImporter } from './statement-import';

jest.setTimeout(300_000);

const files = corpusFiles();
/** Held-out files whose import differs from the independent reading (see the report of the held-out run). */
// (hbci4java's test-camt-parse-5200108-invalid-saldo.xml, a balance of 100.0000000000005, was listed here: the
// parser now refuses an amount beyond ISO 20022's 18 digits and 5 decimals. The rule was written from the schema,
// but after this held-out failure was seen: that file no longer counts as unseen; see the benchmark of 2026-11-30.)
const KNOWN_HELD_OUT_FAILURES = new Set([
  // A balance without its date: the parser refuses it (naming Rpt 1, Bal 1), the reading does not check balance dates.
  'hbci4j__hbci4java__src__test__resources__org__kapott__hbci4java__sepa__test-camt-parse-5200108-missing-date.xml',
]);

const describeCorpus = files.length > 0 ? describe : describe.skip;
if (files.length === 0)
  console.warn(`statement corpus skipped: ${CORPUS_DIR} is absent (set BANK_STATEMENTS_DIR to the folder of ../shared/fixtures/bank-statements).`);

describeCorpus('every statement file of the shared corpus', () => {
  let results: CorpusResult[] = [];
  let harness: Awaited<ReturnType<typeof bankingHarness>>;
  beforeAll(async () => {
    harness = await bankingHarness();
    results = await checkCorpus(files, harness, new StatementImporter(harness.reads, harness.commands));
    console.log(`statement corpus (${CORPUS_DIR}):\n${corpusReport(results)}`);
  });
  afterAll(() => harness?.close());

  const known = (f: CorpusFile) => KNOWN_HELD_OUT_FAILURES.has(f.name);
  it.each(files.filter((f) => !known(f)).map((f) => [`${f.folder}/${f.name}`, f] as const))(
    '%s is imported as the file says, or refused naming where',
    (_name, file) => {
      expect(results.find((r) => r.file === file)?.problem).toBeNull();
    },
  );

  // Held-out files the import reads otherwise than the independent reading: listed, not fixed (their failures were
  // seen, so changing a rule for them would tune the parser to the held-out half). A fix found otherwise shows here.
  it.failing.each(files.filter(known).map((f) => [`${f.folder}/${f.name}`, f] as const))(
    '%s (held out) is imported as the file says, or refused naming where',
    (_name, file) => {
      expect(results.find((r) => r.file === file)?.problem).toBeNull();
    },
  );
});

describe('the corpus layouts', () => {
  it('name a layout for every CSV of the corpus', () => {
    for (const file of files.filter((f) => f.folder === 'csv')) expect(CSV_FILES[file.name]).toBeDefined();
  });
});
