import type { Database } from 'better-sqlite3';
import type { CollectionSpec, Doc } from '../read-store.port';
import { quoteIdentifier } from './json-expressions';
import { SqliteFullTextWriter } from './sqlite-full-text';
import type { TableNames } from './sqlite-schema';
import type { StatementCache } from './statement-cache';

/**
 * Writes the records of one empty collection inside the caller's write transaction. Its indexes (all on JSON
 * expressions) are dropped first and created again from their own DDL afterwards: one sorted build per index
 * instead of a B-tree update per record and index. Throws when the collection holds records.
 */
export function loadFreshCollection(
  db: Database,
  statements: StatementCache,
  names: TableNames,
  spec: CollectionSpec,
  records: Iterable<readonly [string, string]>,
): void {
  const table = quoteIdentifier(names.base(spec.name));
  if (db.prepare(`SELECT 1 FROM ${table} LIMIT 1`).get() !== undefined)
    throw new Error(`The collection '${spec.name}' is not empty: a fresh load needs an empty one`);
  const indexes = db
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
    .all(names.base(spec.name)) as Array<{ name: string; sql: string }>;
  for (const index of indexes) db.exec(`DROP INDEX ${quoteIdentifier(index.name)}`);
  const insert = db.prepare(`INSERT INTO ${table} (id, doc) VALUES (?, ?)`);
  const fullText = spec.fullText?.length ? new SqliteFullTextWriter(statements, names) : null;
  for (const [idJson, json] of records) {
    const { lastInsertRowid } = insert.run(idJson, json);
    // Indexed from the stored JSON, as a put indexes it.
    fullText?.put(spec, lastInsertRowid, JSON.parse(json) as Doc);
  }
  for (const index of indexes) db.exec(index.sql);
}
