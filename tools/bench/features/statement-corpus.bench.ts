import { StatementImporter } from '@portal/api';
import type { Figure, Options } from '../items';
import type { FeatureBenchItem } from '../feature-items';
import { bankingHarness } from '../../harness/banking-harness';
import { CORPUS_DIR, corpusFiles } from '../../harness/statement-corpus/corpus';
import { checkCorpus, corpusReport, tallyCorpus } from '../../harness/statement-corpus/check';

const ITEM = 52;

/**
 * Statement files of other projects' banks read right (same statements, entries, opening and closing balances as
 * an independent reading, or refused naming where): the tuning half and the half held out by source, each with
 * its formats. Goal: ≥ 98 % of files from banks never seen. Skipped (no figures) without the shared corpus.
 */
export const statementCorpusBenchItem: FeatureBenchItem = {
  name: 'statement-corpus',
  async run(options: Options): Promise<Figure[]> {
    const files = corpusFiles();
    if (files.length === 0) {
      options.log(`  statement-corpus: skipped, ${CORPUS_DIR} is absent (set BANK_STATEMENTS_DIR)`);
      return [];
    }
    const harness = await bankingHarness();
    try {
      const results = await checkCorpus(files, harness, new StatementImporter(harness.reads, harness.commands));
      for (const line of corpusReport(results).split('\n')) options.log(`  statement-corpus: ${line}`);
      return tallyCorpus(results).map((r) => ({
        item: ITEM,
        name: `statement files read right, ${r.half} half, ${r.folder === 'all' ? 'all formats' : r.folder}`,
        unit: 'files',
        runs: [r.right],
        dataset: `${r.total} files of ${CORPUS_DIR}; held out by source: mt940-rs, dvbern/iso20022, hbci4java, the N26 CSV`,
        note: `${r.right}/${r.total} = ${((100 * r.right) / r.total).toFixed(1)} %${r.half === 'held-out' && r.folder === 'all' ? '; goal ≥ 98 % on files never seen' : ''}`,
        extra: { total: r.total },
      }));
    } finally {
      await harness.close();
    }
  },
};
