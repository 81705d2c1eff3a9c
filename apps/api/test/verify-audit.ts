import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { SqliteEventStore } from '@portal/event-store';
import { appendDocumentEvents, busyDocument } from '@portal/tools';

/** A data dir whose events.sqlite holds two document streams (5 and 3 events), every chain intact. */
export async function dataDirWithTwoDocuments(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'verify-audit-'));
  const store = new SqliteEventStore(join(dir, 'events.sqlite'));
  await appendDocumentEvents(store, 1, 1001, busyDocument(1, 1001, 5, 'u-clerk'));
  await appendDocumentEvents(store, 2, 1002, busyDocument(2, 1002, 3, 'u-clerk'));
  await store.close();
  return dir;
}

/** Changes a stored event behind the event store's back, as an attacker with file access could; returns its position. */
export function tamper(dir: string, streamId: string, revision: number, sql: 'rewrite-title' | 'delete'): number {
  const db = new Database(join(dir, 'events.sqlite'));
  try {
    const row = db.prepare('SELECT position FROM events WHERE stream_id = ? AND revision = ?').get(streamId, revision) as { position: number } | undefined;
    if (!row) throw new Error(`no event ${streamId}@${revision}`);
    if (sql === 'rewrite-title') db.prepare("UPDATE events SET data = json_set(data, '$.title', 'Forged title') WHERE position = ?").run(row.position);
    else db.prepare('DELETE FROM events WHERE position = ?').run(row.position);
    return row.position;
  } finally {
    db.close();
  }
}
