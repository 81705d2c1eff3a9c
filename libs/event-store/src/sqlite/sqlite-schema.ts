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

export interface EventRow {
  position: number;
  stream_id: string;
  revision: number;
  type: string;
  data: string;
  metadata: string;
}

export type SynchronousMode = 'OFF' | 'NORMAL' | 'FULL' | 'EXTRA';

export function configure(db: Database.Database, synchronous: SynchronousMode, busyTimeoutMs: number): void {
  db.pragma(`busy_timeout = ${Math.trunc(busyTimeoutMs)}`);
  // WAL: readers (subscriptions, other processes) never block the writer.
  if (db.name !== ':memory:') db.pragma('journal_mode = WAL');
  db.pragma(`synchronous = ${synchronous}`);
  db.exec(EVENTS_SCHEMA);
}
