import { parentPort, workerData } from 'node:worker_threads';
import { answerOffLoop } from '../../../platform/off-loop';
import { parseFonFile } from './fon-file';
import { parseNtcsFile } from './ntcs-file';

/** Reads a FON quota file or an NTCS export in a worker thread (see offLoop). */
const { source, bytes, taxYear } = workerData as { source: 'ntcs' | 'fon-file' | 'fon-webservice'; bytes: Uint8Array; taxYear: number };
answerOffLoop(parentPort, () => (source === 'ntcs' ? parseNtcsFile(bytes, taxYear) : parseFonFile(bytes, taxYear)));
