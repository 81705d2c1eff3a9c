import { createHash } from 'node:crypto';
import type Database from 'better-sqlite3';
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

/** Build tags name copies (`documents__bv5`): lower-case letters and digits. */
const TAG_PATTERN = /^[a-z0-9]{1,16}$/;

/** The table a build copy of a collection is written in, unquoted: `<collection>__b<tag>` (`__` keeps it apart from collections). */
export function buildBaseName(collection: string, tag: string): string {
  if (!TAG_PATTERN.test(tag)) throw new Error(`Invalid build tag '${tag}': lower-case letters and digits`);
  return `${assertCollectionName(collection)}__b${tag}`;
}

/** Where a transaction reads and writes a collection: its live table, or its build copy while a rebuild runs. */
export interface TableNames {
  /** The unquoted base name: the table itself; its FTS table is `<base>__fts`. */
  base(collection: string): string;
}

export const LIVE_TABLES: TableNames = { base: (collection) => assertCollectionName(collection) };

export const quotedTable = (names: TableNames, collection: string): string => quoteIdentifier(names.base(collection));
export const quotedFts = (names: TableNames, collection: string): string => quoteIdentifier(`${names.base(collection)}__fts`);

interface IndexDdl {
  /** What the index's name ends with: the same whatever table it was created on (a build copy renamed live keeps its index names). */
  suffix: string;
  sql(name: string): string;
}

/**
 * The indexes of one collection's table. `id` holds the canonical key (JSON of the doc's id, so 5 and
 * "5" differ); the doc keeps its own id type. Each index is on the (rank, value) expressions of its
 * fields followed by those of `id`, the tiebreaker every sort ends with.
 */
function indexDdl(spec: CollectionSpec, table: string): IndexDdl[] {
  const quoted = quoteIdentifier(table);
  const indexes: IndexDdl[] = [
    // Serves the default order (by id) of unsorted finds and findWhere.
    {
      suffix: '__ix_id',
      sql: (name) => `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(name)} ON ${quoted} (${rankExpression('id')}, ${valueExpression('id')})`,
    },
  ];
  for (const fields of spec.indexes) {
    const keyFields = fields.includes('id') ? fields : [...fields, 'id'];
    const columns = keyFields.flatMap((field) => [rankExpression(field), valueExpression(field)]);
    indexes.push({ suffix: indexSuffix(fields), sql: (name) => `CREATE INDEX IF NOT EXISTS ${quoteIdentifier(name)} ON ${quoted} (${columns.join(', ')})` });
  }
  return indexes;
}

/**
 * Creates the table of a collection (or of its build copy, `table`) and the indexes it lacks, idempotent.
 * An index counts as present when one of the table's indexes ends with its suffix.
 */
export function ensureCollectionTable(db: Database.Database, spec: CollectionSpec, table: string = spec.name): void {
  db.exec(`CREATE TABLE IF NOT EXISTS ${quoteIdentifier(table)} (id TEXT PRIMARY KEY, doc TEXT NOT NULL)`);
  const existing = db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ?").pluck().all(table) as string[];
  for (const index of indexDdl(spec, table)) {
    if (!existing.some((name) => name.endsWith(index.suffix))) db.exec(index.sql(`${table}${index.suffix}`));
  }
}

/** Index names carry a hash of the field list: readable, no collisions between `a_b` and `a.b`. */
function indexSuffix(fields: readonly string[]): string {
  const hash = createHash('sha1').update(JSON.stringify(fields)).digest('hex').slice(0, 10);
  return `__ix_${fields.join('_').replace(/\./g, '_').slice(0, 40)}_${hash}`;
}

/** Which full-text fields and tokeniser version each collection's FTS table was built with. */
export const FULL_TEXT_META_DDL = 'CREATE TABLE IF NOT EXISTS _fulltext (collection TEXT PRIMARY KEY, signature TEXT NOT NULL)';

/**
 * The FTS5 table of a collection: one column with the token stream computed in JS (stems and
 * spellings, see search/word-forms), keyed by the collection's rowid. Contentless, because snippets
 * come from the docs themselves; `contentless_delete` lets put and remove delete by rowid. The
 * stream is already lower-cased and split, so the ascii tokenizer only splits it on spaces.
 */
export function fullTextTableDdl(table: string): string {
  return `CREATE VIRTUAL TABLE IF NOT EXISTS ${quoteIdentifier(`${table}__fts`)} USING fts5(stems, content = '', contentless_delete = 1, tokenize = 'ascii')`;
}

/** Triggers of the earlier layout (FTS over the raw fields), dropped when the table is rebuilt. */
export function legacyFullTextTriggers(collection: string): string[] {
  return ['ai', 'ad', 'au'].map((suffix) => quoteIdentifier(`${assertCollectionName(collection)}__fts_${suffix}`));
}
