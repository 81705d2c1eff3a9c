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

/** Which full-text fields and tokeniser version each collection's FTS table was built with. */
export const FULL_TEXT_META_DDL = 'CREATE TABLE IF NOT EXISTS _fulltext (collection TEXT PRIMARY KEY, signature TEXT NOT NULL)';

/**
 * The FTS5 table of a collection: one column with the token stream computed in JS (stems and
 * spellings, see search/word-forms), keyed by the collection's rowid. Contentless, because snippets
 * come from the docs themselves; `contentless_delete` lets put and remove delete by rowid. The
 * stream is already lower-cased and split, so the ascii tokenizer only splits it on spaces.
 */
export function fullTextTableDdl(collection: string): string {
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${ftsTableName(collection)} USING fts5(stems, content = '', contentless_delete = 1, tokenize = 'ascii')`;
}

/** Triggers of the earlier layout (FTS over the raw fields), dropped when the table is rebuilt. */
export function legacyFullTextTriggers(collection: string): string[] {
  return ['ai', 'ad', 'au'].map((suffix) => quoteIdentifier(`${assertCollectionName(collection)}__fts_${suffix}`));
}
