import type Database from 'better-sqlite3';
import type { AppendResult, ExpectedRevision } from '../event-store.port';

/** One append of a group commit as it crosses to the appending thread: the events' JSON already made. */
export interface GroupAppend {
  streamId: string;
  expected: ExpectedRevision;
  events: ReadonlyArray<{ type: string; data: string; metadata: string; commandId: string | null }>;
}

/** An append's outcome: written, or refused by its revision check (the others of the group are written). */
export type GroupOutcome = AppendResult | { wrongRevision: { expected: ExpectedRevision; actual: number | 'no_stream' } };

/**
 * Writes groups inside a transaction the caller opened with the write lock (BEGIN IMMEDIATE) and commits: each
 * append with its own revision check, the check and its inserts one step under the lock (also across processes
 * sharing the file). A failed check writes nothing of that append and the others still go in; any other error
 * throws and the caller rolls the whole group back.
 */
export function groupWriter(db: Database.Database): (appends: readonly GroupAppend[]) => GroupOutcome[] {
  const lastRevision = db.prepare<[string], number | null>('SELECT MAX(revision) FROM events WHERE stream_id = ?').pluck();
  const insert = db.prepare<[string, number, string, string, string, string | null]>(
    'INSERT INTO events (stream_id, revision, type, data, metadata, command_id) VALUES (?, ?, ?, ?, ?, ?)',
  );
  return (appends) =>
    appends.map((append): GroupOutcome => {
      const last = lastRevision.get(append.streamId) ?? null;
      const actual = last === null ? 'no_stream' : last;
      if (append.expected !== 'any' && append.expected !== actual) return { wrongRevision: { expected: append.expected, actual } };
      let revision = last ?? -1;
      let position = 0;
      for (const event of append.events) {
        revision += 1;
        position = Number(insert.run(append.streamId, revision, event.type, event.data, event.metadata, event.commandId).lastInsertRowid);
      }
      return { nextRevision: revision, position };
    });
}
