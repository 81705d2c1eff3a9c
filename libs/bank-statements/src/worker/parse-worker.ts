import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { previewOf } from '../preview';
import { csvPreviewTable, kindOf, parseStatementFile } from '../read-statement-file';
import { StatementParseError, type StatementFile } from '../statement';
import { ENTRIES_PER_MESSAGE, type ParseReply, type ParseRequest } from './parse-protocol';

/** Reads one statement file in this worker thread and answers it to the portal (see parse-in-worker.ts). */
const request = workerData as ParseRequest;
const send = (reply: ParseReply) => parentPort!.postMessage(reply);

function preview(bytes: Buffer): void {
  const kind = kindOf(bytes);
  let file: StatementFile | null;
  try {
    file = parseStatementFile(bytes, { csvMapping: request.csvMapping, currency: request.currency });
  } catch (e) {
    // A CSV the portal does not recognise is previewed for its column mapping even without one.
    if (!(kind === 'csv' && e instanceof StatementParseError && !request.csvMapping)) throw e;
    file = null;
  }
  // A recognised export shows its own table; another CSV the lines after those the user skips.
  const table = kind !== 'csv' ? { columns: [], rows: [], delimiter: null } : file?.table ? (file.table.columns.length > 0 ? csvPreviewTable(bytes, file.table.skipLines) : { columns: [], rows: [], delimiter: file.table.delimiter }) : csvPreviewTable(bytes, request.skipLines);
  const answer = file ? previewOf(kind, file) : { kind, format: 'csv' as const, bank: null, recognised: false, ibans: [], accounts: [], needsAccount: true, statements: 0, entries: 0, warnings: [] };
  send({ type: 'preview', preview: answer, table });
  send({ type: 'done' });
}

/**
 * The file's statements first, then their entries a chunk at a time, each when the portal asks for it: sent all
 * at once, the chunks would queue up and be copied into the portal's event loop in one turn.
 */
function parse(bytes: Buffer): void {
  const file = parseStatementFile(bytes, { csvMapping: request.csvMapping, currency: request.currency });
  send({ type: 'file', file: { ...file, statements: file.statements.map(({ entries: _entries, ...s }) => s) } });
  const chunks: Array<{ statement: number; at: number }> = [];
  file.statements.forEach((s, i) => {
    for (let at = 0; at < s.entries.length; at += ENTRIES_PER_MESSAGE) chunks.push({ statement: i, at });
  });
  let next = 0;
  const sendNext = () => {
    const chunk = chunks[next++];
    if (!chunk) return send({ type: 'done' });
    const entries = file.statements[chunk.statement]!.entries;
    send({ type: 'entries', statement: chunk.statement, entries: entries.slice(chunk.at, chunk.at + ENTRIES_PER_MESSAGE) });
  };
  parentPort!.on('message', (message: { type: 'next' }) => message.type === 'next' && sendNext());
  sendNext();
}

try {
  const bytes = readFileSync(request.path);
  if (request.mode === 'preview') preview(bytes);
  else parse(bytes);
} catch (e) {
  send(e instanceof StatementParseError ? { type: 'refused', message: e.message } : { type: 'failed', message: e instanceof Error ? e.message : String(e) });
}
