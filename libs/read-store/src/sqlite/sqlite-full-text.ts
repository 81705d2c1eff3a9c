import type { Database } from 'better-sqlite3';
import type { CollectionSpec, Doc } from '../read-store.port';
import { docStream, fullTextSignature } from '../search/document-text';
import { ftsTableBaseName, ftsTableName, fullTextTableDdl, legacyFullTextTriggers, tableName } from './sqlite-schema';
import type { StatementCache } from './statement-cache';

const BACKFILL_BATCH = 1000;

/** Creates, migrates or drops a collection's FTS table to match its spec; call inside a write transaction. */
export function ensureFullText(db: Database, spec: CollectionSpec): void {
  const row = db.prepare('SELECT signature FROM _fulltext WHERE collection = ?').get(spec.name) as { signature: string } | undefined;
  const wanted = spec.fullText && spec.fullText.length > 0 ? fullTextSignature(spec) : null;
  const exists = db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(ftsTableBaseName(spec.name)) !== undefined;
  if (wanted !== null && row?.signature === wanted && exists) return;
  for (const trigger of legacyFullTextTriggers(spec.name)) db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  db.exec(`DROP TABLE IF EXISTS ${ftsTableName(spec.name)}`);
  db.prepare('DELETE FROM _fulltext WHERE collection = ?').run(spec.name);
  if (wanted === null) return;
  db.exec(fullTextTableDdl(spec.name));
  backfill(db, spec);
  db.prepare('INSERT INTO _fulltext (collection, signature) VALUES (?, ?)').run(spec.name, wanted);
}

/** Indexes the records already in the collection, in rowid batches (no statement runs while iterating). */
function backfill(db: Database, spec: CollectionSpec): void {
  const select = db.prepare(`SELECT rowid, doc FROM ${tableName(spec.name)} WHERE rowid > ? ORDER BY rowid LIMIT ${BACKFILL_BATCH}`);
  const insert = db.prepare(`INSERT INTO ${ftsTableName(spec.name)} (rowid, stems) VALUES (?, ?)`);
  let after = 0;
  for (;;) {
    const rows = select.all(after) as Array<{ rowid: number; doc: string }>;
    for (const row of rows) insert.run(row.rowid, streamOf(JSON.parse(row.doc) as Doc, spec));
    if (rows.length < BACKFILL_BATCH) return;
    after = rows[rows.length - 1]!.rowid;
  }
}

function streamOf(doc: Doc, spec: CollectionSpec): string {
  return docStream(doc, spec).join(' ');
}

/** Keeps the FTS table in step with the collection table, in the writer's transaction. */
export class SqliteFullTextWriter {
  constructor(private readonly statements: StatementCache) {}

  put(spec: CollectionSpec, rowid: number | bigint, doc: Doc): void {
    this.remove(spec.name, rowid);
    this.statements.get(`INSERT INTO ${ftsTableName(spec.name)} (rowid, stems) VALUES (?, ?)`).run(rowid, streamOf(doc, spec));
  }

  remove(collection: string, rowid: number | bigint): void {
    this.statements.get(`DELETE FROM ${ftsTableName(collection)} WHERE rowid = ?`).run(rowid);
  }

  clear(collection: string): void {
    this.statements.get(`INSERT INTO ${ftsTableName(collection)} (${ftsTableName(collection)}) VALUES ('delete-all')`).run();
  }
}
