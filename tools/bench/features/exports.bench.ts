import { join } from 'node:path';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { runNode } from '../../harness/proc';

const ITEM = 50;
const CHILD = join(__dirname, 'export-archive.bench-child.js');

/**
 * The ERP export file of 2,000 documents (120 KiB originals, a CSV line each), written by the portal's ZIP writer
 * and stored in the file store, in a child process: time of the archive step and the process's peak memory.
 */
async function run(options: Options): Promise<Figure[]> {
  const documents = 2000;
  const times: number[] = [];
  const peaks: number[] = [];
  let zipMiB = 0;
  for (let i = 0; i < (options.quick ? 1 : 3); i++) {
    const child = await runNode(CHILD, [String(documents), '120']);
    const line = child.output.split('\n').find((l) => l.startsWith('EXPORT '));
    if (child.code !== 0 || !line) throw new Error(`the export child failed (${String(child.code)}):\n${child.output}`);
    const report = JSON.parse(line.slice(7)) as { ms: number; zipBytes: number };
    times.push(report.ms);
    peaks.push(child.peakRssBytes / 1048576);
    zipMiB = report.zipBytes / 1048576;
  }
  const dataset = `${documents.toLocaleString('en')} documents of 120 KiB, ZIP ${zipMiB.toFixed(0)} MiB, folder file store`;
  return [
    { item: ITEM, name: 'export file of 2,000 documents: archive and store', unit: 'ms', runs: times, dataset },
    { item: ITEM, name: 'export file of 2,000 documents: peak memory of the process (VmHWM)', unit: 'MiB', runs: peaks, dataset },
  ];
}

// `--only=export` stays the item's name: BENCHMARKS.md and the dated runs give it as the command.
export const exportsBenchItem: FeatureBenchItem = { name: 'export', run };
