import { readFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { previewOf } from '../preview';
import { csvPreviewTable, kindOf, parseStatementFile } from '../read-statement-file';
import { StatementParseError } from '../statement';
import { ENTRIES_PER_MESSAGE, type ParseReply, type ParseRequest } from './parse-protocol';

/** Reads one statement file in this worker thread and answers it to the portal (see parse-in-worker.ts). */
const request = workerData as ParseRequest;
const send = (reply: ParseReply) => parentPort!.postMessage(reply);

try {
  const bytes = readFileSync(request.path);
  const kind = kindOf(bytes);
  if (request.mode === 'preview') {
    let file;
    try {
      file = parseStatementFile(bytes, { csvMapping: request.csvMapping, currency: request.currency });
    } catch (e) {
      // A CSV the portal does not recognise is previewed for its column mapping even without one.
      if (!(kind === 'csv' && e instanceof StatementParseError && !request.csvMapping)) throw e;
      file = null;
    }
    // A recognised export shows its own table; another CSV the lines after those the user skips.
    const table = kind !== 'csv' ? { columns: [], rows: [], delimiter: null } : file?.table ? (file.table.columns.length > 0 ? csvPreviewTable(bytes, file.table.skipLines) : { columns: [], rows: [], delimiter: file.table.delimiter }) : csvPreviewTable(bytes, request.skipLines);
    const preview = file ? previewOf(kind, file) : { kind, format: 'csv' as const, bank: null, recognised: false, ibans: [], accounts: [], needsAccount: true, statements: 0, entries: 0, warnings: [] };
    send({ type: 'preview', preview, table });
  } else {
    const file = parseStatementFile(bytes, { csvMapping: request.csvMapping, currency: request.currency });
    send({ type: 'file', file: { ...file, statements: file.statements.map(({ entries: _entries, ...s }) => s) } });
    file.statements.forEach((s, i) => {
      for (let at = 0; at < s.entries.length; at += ENTRIES_PER_MESSAGE) send({ type: 'entries', statement: i, entries: s.entries.slice(at, at + ENTRIES_PER_MESSAGE) });
    });
  }
  send({ type: 'done' });
} catch (e) {
  send(e instanceof StatementParseError ? { type: 'refused', message: e.message } : { type: 'failed', message: e instanceof Error ? e.message : String(e) });
}
