import { parentPort, workerData } from 'node:worker_threads';
import { answerOffLoop } from '../../../platform/off-loop';
import { parseStatementFile, previewStatementFile, type StatementFileOptions } from './statement-file';

/** Reads (or previews) a bank statement file in a worker thread (see offLoop). */
const input = workerData as { preview: true; bytes: Uint8Array; skip: number } | { preview: false; bytes: Uint8Array; options: StatementFileOptions };
answerOffLoop(parentPort, () => (input.preview ? previewStatementFile(input.bytes, input.skip) : parseStatementFile(input.bytes, input.options)));
