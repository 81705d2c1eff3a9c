import type Database from 'better-sqlite3';

export const EVENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    stream_id  TEXT    NOT NULL,
    revision   INTEGER NOT NULL,
    type       TEXT    NOT NULL,
    data       TEXT    NOT NULL,
    metadata   TEXT    NOT NULL,
    command_id TEXT,
    UNIQUE (stream_id, revision)
  );
  CREATE INDEX IF NOT EXISTS events_command_id ON events (command_id);
`;

/**
 * One event as read, in the order of `EVENT_COLUMNS`: rows are read as arrays (better-sqlite3's `raw`), because an
 * object per row with named keys made reading the log take twice as long.
 */
export type EventRow = [position: number, streamId: string, revision: number, type: string, data: string, metadata: string];

export const EVENT_COLUMNS = 'position, stream_id, revision, type, data, metadata';

export type SynchronousMode = 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';

export function configure(db: Database.Database, synchronous: SynchronousMode, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  // WAL: readers (subscriptions, other processes) never block the writer.
  if (db.name !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.exec(EVENTS_SCHEMA);
}
