import { documentFailures } from './document-failures';
import { exportFailures } from './export-failures';
import { bankImportFailures } from './bank-import-failures';
import { scannerFailures } from './scanner-failures';
import { fonImportFailures } from '../fon/fon-failures';
import type { FailureSource } from './failure-source';

/** Every feature's failures shown in /error (failure-source.ts says how to add yours). */
export const FAILURE_SOURCES: readonly FailureSource[] = [documentFailures, exportFailures, bankImportFailures, fonImportFailures, scannerFailures];
