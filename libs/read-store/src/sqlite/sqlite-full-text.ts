import type { Database } from 'better-sqlite3';
import type { CollectionSpec, Doc } from '../read-store.port';
import { docStream, fullTextSignature } from '../search/document-text';
import { quoteIdentifier } from './json-expressions';
import { fullTextTableDdl, legacyFullTextTriggers, quotedFts, type TableNames } from './sqlite-schema';
import type { StatementCache } from './statement-cache';

const BACKFILL_BATCH = 1000;

/**
 * Creates, migrates or drops the FTS table of a collection's table (`table`: the collection, or its build copy)
 * to match its spec; call inside a write transaction. `_fulltext` keys the signature by table.
 */
export function ensureFullText(db: Database, spec: CollectionSpec, table: string = spec.name): void {
  const row = db.prepare('SELECT signature FROM _fulltext WHERE collection = ?').get(table) as { signature: string } | undefined;
  const wanted = spec.fullText && spec.fullText.length > 0 ? fullTextSignature(spec) : null;
  const exists = db.prepare('SELECT 1 FROM sqlite_master WHERE name = ?').get(`${table}__fts`) !== undefined;
  if (wanted !== null && row?.signature === wanted && exists) return;
  if (table === spec.name) for (const trigger of legacyFullTextTriggers(spec.name)) db.exec(`DROP TRIGGER IF EXISTS ${trigger}`);
  db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(`${table}__fts`)}`);
  db.prepare('DELETE FROM _fulltext WHERE collection = ?').run(table);
  if (wanted === null) return;
  db.exec(fullTextTableDdl(table));
  backfill(db, spec, table);
  db.prepare('INSERT INTO _fulltext (collection, signature) VALUES (?, ?)').run(table, wanted);
}

/** Indexes the records already in the table, in rowid batches (no statement runs while iterating). */
function backfill(db: Database, spec: CollectionSpec, table: string): void {
  const select = db.prepare(`SELECT rowid, doc FROM ${quoteIdentifier(table)} WHERE rowid > ? ORDER BY rowid LIMIT ${BACKFILL_BATCH}`);
  const insert = db.prepare(`INSERT INTO ${quoteIdentifier(`${table}__fts`)} (rowid, stems) VALUES (?, ?)`);
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
  constructor(
    private readonly statements: StatementCache,
    private readonly names: TableNames,
  ) {}

  /** `replacing`: the record existed, its row is replaced (a new record's rowid has none). */
  put(spec: CollectionSpec, rowid: number | bigint, doc: Doc, replacing = true): void {
    if (replacing) this.remove(spec.name, rowid);
    this.statements.get(`INSERT INTO ${quotedFts(this.names, spec.name)} (rowid, stems) VALUES (?, ?)`).run(rowid, streamOf(doc, spec));
  }

  remove(collection: string, rowid: number | bigint): void {
    this.statements.get(`DELETE FROM ${quotedFts(this.names, collection)} WHERE rowid = ?`).run(rowid);
  }

  clear(collection: string): void {
    const fts = quotedFts(this.names, collection);
    this.statements.get(`INSERT INTO ${fts} (${fts}) VALUES ('delete-all')`).run();
  }
}
