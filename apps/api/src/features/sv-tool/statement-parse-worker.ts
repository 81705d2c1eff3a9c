import { parentPort, workerData } from 'node:worker_threads';
import { answerOffLoop } from '../../platform/off-loop';
import { parseStatement } from './statement-csv';

/** Reads an SV statement CSV in a worker thread (see offLoop). */
const { bytes } = workerData as { bytes: Uint8Array };
answerOffLoop(parentPort, () => parseStatement(bytes));
