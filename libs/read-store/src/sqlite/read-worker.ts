import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import type { ReadRequest, ReadResponse } from './read-pool';
import { SqliteQueries } from './sqlite-queries';

/**
 * One reader of the pool (read-pool.ts): its own read-only connection to the read-model file, so a
 * large find or search runs here and not on the portal's event loop.
 */
const db = new Database((workerData as { file: string }).file, { readonly: true, fileMustExist: true, timeout: 5000 });
const queries = new SqliteQueries(db);

parentPort?.on('message', (request: ReadRequest) => {
  let response: ReadResponse;
  try {
    const result = request.kind === 'find' ? queries.find(request.collection, request.query) : queries.search(request.spec, request.request);
    response = { id: request.id, ok: true, result };
  } catch (error) {
    const e = error as { name?: string; message?: string; code?: unknown; data?: unknown };
    response = {
      id: request.id,
      ok: false,
      error: { name: e.name ?? 'Error', message: e.message ?? String(error), code: typeof e.code === 'number' ? e.code : undefined, data: e.data },
    };
  }
  parentPort?.postMessage(response);
});
