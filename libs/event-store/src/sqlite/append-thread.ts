import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';
import { hopClock } from '../hop-trace';
import { groupWriter } from './append-group';
import type { AppendReply, AppendRequest, AppendThreadData } from './append-thread-client';
import { beginImmediateBlocking } from './begin-immediate';
import { configure } from './sqlite-schema';

/**
 * The appending thread of a SqliteEventStore (append-thread-client.ts): its own connection to the event log, on
 * which each group commit takes the write lock, runs the revision checks and inserts and COMMITs (the fsync of
 * synchronous = FULL), so the process's event loop goes on with pushes and replies meanwhile.
 */
const { file, synchronous, busyTimeoutMs } = workerData as AppendThreadData;
const db = new Database(file, { timeout: busyTimeoutMs });
configure(db, synchronous, busyTimeoutMs);
const write = groupWriter(db);

parentPort?.on('message', (request: AppendRequest | 'close') => {
  if (request === 'close') {
    db.close();
    parentPort?.close();
    return;
  }
  let reply: AppendReply;
  try {
    beginImmediateBlocking(db, busyTimeoutMs);
    const locked = hopClock();
    try {
      const outcomes = write(request.appends);
      db.exec('COMMIT');
      reply = { id: request.id, outcomes, locked };
    } catch (error) {
      if (db.inTransaction) db.exec('ROLLBACK');
      throw error;
    }
  } catch (error) {
    const e = error as { message?: string; code?: unknown };
    reply = { id: request.id, error: { message: e.message ?? String(error), code: typeof e.code === 'string' ? e.code : undefined } };
  }
  parentPort?.postMessage(reply);
});
