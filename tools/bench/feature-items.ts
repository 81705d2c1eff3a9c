import { editorBenchItem } from './features/editor.bench';
import { intakeBenchItem } from './features/intake.bench';
import { userAdminBenchItem } from './features/user-admin.bench';
import type { Figure, Options } from './items';
import { readerBenchItem } from './features/reader.bench';
import { securityBenchItem } from './security-bench';
import { REPORTS_BENCH } from './features/reports.bench';
import { svInterestBench } from './sv-interest-bench';
import { bankingBenchItem } from './features/banking.bench';
import { statementsBenchItem } from './features/statements.bench';
import { statementCorpusBenchItem } from './features/statement-corpus.bench';
import { addressesBenchItem } from './features/addresses.bench';
import { ocrBenchItem } from './ocr-bench';
import { fonBenchItem } from './features/fon.bench';
import { labelsBenchItem } from './features/labels.bench';
import { firstPaintBenchItem } from './first-paint-bench';
import { exportsBenchItem } from './features/exports.bench';
import { scaleOutBenchItem } from './scale-out-bench';
import { wakeBenchItem } from './features/wake.bench';

/**
 * Benchmark items of the features (`--only=<name>`). Each starts what it needs on
 * loopback, measures, stops it again, and returns its figures; `item` numbers them in the printed table.
 */
export interface FeatureBenchItem {
  name: string;
  run(options: Options): Promise<Figure[]>;
}

export const FEATURE_BENCH_ITEMS: FeatureBenchItem[] = [
  readerBenchItem,
  securityBenchItem,
  REPORTS_BENCH,
  svInterestBench,
  bankingBenchItem,
  statementsBenchItem,
  statementCorpusBenchItem,
  editorBenchItem,
  intakeBenchItem,
  addressesBenchItem,
  fonBenchItem,
  userAdminBenchItem,
  labelsBenchItem,
  firstPaintBenchItem,
  exportsBenchItem,
  ocrBenchItem,
  scaleOutBenchItem,
  wakeBenchItem,
];
