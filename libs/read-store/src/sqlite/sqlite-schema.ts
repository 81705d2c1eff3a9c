import { createHash } from 'node:crypto';
import type { CollectionSpec } from '../read-store.port';
import { assertCollectionName } from '../shared/names';
import { quoteIdentifier, rankExpression, valueExpression } from './json-expressions';

export const CHECKPOINTS_DDL = 'CREATE TABLE IF NOT EXISTS _checkpoints (name TEXT PRIMARY KEY, position INTEGER)';

export function tableName(collection: string): string {
  return quoteIdentifier(assertCollectionName(collection));
}

export function ftsTableBaseName(collection: string): string {
  return `${assertCollectionName(collection)}__fts`;
}

export function ftsTableName(collection: string): string {
  return quoteIdentifier(ftsTableBaseName(collection));
}

/**
 * DDL for one collection, idempotent. `id` holds the canonical key (JSON of the doc's id, so 5 and
 * "5" differ); the doc keeps its own id type. Each index is on the (rank, value) expressions of its
 * fields followed by those of `id`, the tiebreaker every sort ends with.
 */
export function collectionDdl(spec: CollectionSpec): string[] {
  const table = tableName(spec.name);
  const statements = [
    `CREATE TABLE IF NOT EXISTS ${table} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`,
    // Serves the default order (by id) of unsorted finds and findWhere.
    `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(`${spec.name}__ix_id`)} ON ${table} (${rankExpression('id')}, ${valueExpression('id')})`,
  ];
  for (const fields of spec.indexes) {
    const keyFields = fields.includes('id') ? fields : [...fields, 'id'];
    const columns = keyFields.flatMap((field) => [rankExpression(field), valueExpression(field)]);
    statements.push(`CREATE INDEX IF NOT EXISTS ${indexName(spec.name, fields)} ON ${table} (${columns.join(', ')})`);
  }
  return statements;
}

/** Index names carry a hash of the field list: readable prefix, no collisions between `a_b` and `a.b`. */
function indexName(collection: string, fields: readonly string[]): string {
  const hash = createHash('sha1').update(JSON.stringify(fields)).digest('hex').slice(0, 10);
  return quoteIdentifier(`${collection}__ix_${fields.join('_').replace(/\./g, '_').slice(0, 40)}_${hash}`);
}

/**
 * An FTS5 table over the full-text fields, keyed by the collection's rowid and kept in sync by
 * triggers (so put, remove and clear need no extra statements). Returns the DDL and the backfill
 * to run when the FTS table is new.
 */
export function fullTextDdl(spec: CollectionSpec): { create: string[]; backfill: string } | null {
  const fields = spec.fullText ?? [];
  if (fields.length === 0) return null;
  const table = tableName(spec.name);
  const fts = ftsTableName(spec.name);
  const columns = fields.map(quoteIdentifier).join(', ');
  const values = (column: string) => fields.map((field) => valueExpression(field, column)).join(', ');
  const trigger = (suffix: string) => quoteIdentifier(`${spec.name}__fts_${suffix}`);
  return {
    create: [
      `CREATE VIRTUAL TABLE IF NOT EXISTS ${fts} USING fts5(${columns}, tokenize = 'unicode61 remove_diacritics 2')`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('ai')} AFTER INSERT ON ${table} BEGIN ` +
        `INSERT INTO ${fts} (rowid, ${columns}) VALUES (new.rowid, ${values('new.doc')}); END`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('ad')} AFTER DELETE ON ${table} BEGIN ` +
        `DELETE FROM ${fts} WHERE rowid = old.rowid; END`,
      `CREATE TRIGGER IF NOT EXISTS ${trigger('au')} AFTER UPDATE ON ${table} BEGIN ` +
        `DELETE FROM ${fts} WHERE rowid = old.rowid; ` +
        `INSERT INTO ${fts} (rowid, ${columns}) VALUES (new.rowid, ${values('new.doc')}); END`,
    ],
    backfill: `INSERT INTO ${fts} (rowid, ${columns}) SELECT rowid, ${values('doc')} FROM ${table}`,
  };
}
