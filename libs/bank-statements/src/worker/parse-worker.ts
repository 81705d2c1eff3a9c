import { readFileSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { readCamtFile } from '../camt/read-camt-file';
import { notStatementText } from '../not-text';
import { previewOf } from '../preview';
import { csvPreviewTable, kindOf, parseStatementFile } from '../read-statement-file';
import { StatementParseError, type StatementFile } from '../statement';
import { ENTRIES_PER_MESSAGE, type ParseReply, type ParseRequest, type WorkerAnswer, type WorkerCall } from './parse-protocol';

/**
 * A reader of the pool (parse-in-worker.ts): reads one statement file at a time in this thread and answers the
 * portal. Kept alive between files, so its modules load once.
 */
type Answer = WorkerAnswer;

/** The entries of the job being handed over, a chunk at a time. */
let pending: { job: number; next: () => void } | null = null;

function preview(job: number, request: ParseRequest, bytes: Buffer, send: (a: Answer) => void): void {
  const kind = kindOf(bytes);
  let file: StatementFile | null;
  try {
    file = parseStatementFile(bytes, { csvMapping: request.csvMapping, currency: request.currency, keys: false, details: false });
  } catch (e) {
    // A CSV the portal does not recognise is previewed for its column mapping even without one (a text file, not a PDF).
    if (!(kind === 'csv' && e instanceof StatementParseError && !request.csvMapping && !notStatementText(bytes))) throw e;
    file = null;
  }
  // A recognised export shows its own table; another CSV the lines after those the user skips.
  const table =
    kind !== 'csv'
      ? { columns: [], rows: [], delimiter: null }
      : file?.table
        ? file.table.columns.length > 0
          ? csvPreviewTable(bytes, file.table.skipLines)
          : { columns: [], rows: [], delimiter: file.table.delimiter }
        : csvPreviewTable(bytes, request.skipLines);
  const answer = file
    ? previewOf(kind, file, request.previous ?? null)
    : { kind, format: 'csv' as const, bank: null, recognised: false, ibans: [], accounts: [], needsAccount: true, statements: 0, entries: 0, warnings: [] };
  send({ type: 'preview', preview: answer, table });
  send({ type: 'done' });
  void job;
}

/** The preview of a camt file read from disk (readCamtFile). */
function previewCamt(file: StatementFile, request: ParseRequest, send: (a: Answer) => void): void {
  send({ type: 'preview', preview: previewOf('camt', file, request.previous ?? null), table: { columns: [], rows: [], delimiter: null } });
  send({ type: 'done' });
}

/** The file's statements first, then their entries a chunk at a time, each when the portal asks for it. */
function parse(job: number, file: StatementFile, send: (a: Answer) => void): void {
  send({ type: 'file', file: { ...file, statements: file.statements.map(({ entries: _entries, ...s }) => s) } });
  const chunks: Array<{ statement: number; at: number }> = [];
  file.statements.forEach((s, i) => {
    for (let at = 0; at < s.entries.length; at += ENTRIES_PER_MESSAGE) chunks.push({ statement: i, at });
  });
  let next = 0;
  const sendNext = () => {
    const chunk = chunks[next++];
    if (!chunk) {
      pending = null;
      return send({ type: 'done' });
    }
    send({ type: 'entries', statement: chunk.statement, entries: file.statements[chunk.statement]!.entries.slice(chunk.at, chunk.at + ENTRIES_PER_MESSAGE) });
  };
  pending = { job, next: sendNext };
  sendNext();
}

parentPort!.on('message', (call: WorkerCall) => {
  if (call.type === 'next') {
    if (pending?.job === call.job) pending.next();
    return;
  }
  const send = (answer: Answer) => parentPort!.postMessage({ ...answer, job: call.job } satisfies ParseReply);
  pending = null;
  try {
    const { request } = call;
    // A large camt file is read from disk a piece at a time; anything else (and any camt that reading refuses) whole.
    const options = { csvMapping: request.csvMapping, currency: request.currency };
    const camt = readCamtFile(request.path, request.mode === 'preview' ? { ...options, keys: false, details: false } : options);
    if (camt && request.mode === 'preview') previewCamt(camt, request, send);
    else if (camt) parse(call.job, camt, send);
    else {
      const bytes = readFileSync(request.path);
      if (request.mode === 'preview') preview(call.job, request, bytes, send);
      else parse(call.job, parseStatementFile(bytes, options), send);
    }
  } catch (e) {
    pending = null;
    send(e instanceof StatementParseError ? { type: 'refused', message: e.message } : { type: 'failed', message: e instanceof Error ? e.message : String(e) });
  }
});
