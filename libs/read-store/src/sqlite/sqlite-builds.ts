import type Database from 'better-sqlite3';
import type { CollectionSpec } from '../read-store.port';
import { quoteIdentifier } from './json-expressions';
import { ensureFullText } from './sqlite-full-text';
import { buildBaseName, ensureCollectionTable } from './sqlite-schema';

const tableExists = (db: Database.Database, name: string): boolean =>
  db.prepare("SELECT 1 FROM sqlite_master WHERE type IN ('table', 'view') AND name = ?").get(name) !== undefined;

function dropTable(db: Database.Database, table: string): void {
  db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(`${table}__fts`)}`);
  db.exec(`DROP TABLE IF EXISTS ${quoteIdentifier(table)}`);
  db.prepare('DELETE FROM _fulltext WHERE collection = ?').run(table);
}

export function allEmpty(db: Database.Database, collections: readonly string[]): boolean {
  return collections.every((name) => !tableExists(db, name) || db.prepare(`SELECT 1 FROM ${quoteIdentifier(name)} LIMIT 1`).get() === undefined);
}

export function buildExists(db: Database.Database, collections: readonly string[], tag: string): boolean {
  return collections.every((name) => tableExists(db, buildBaseName(name, tag)));
}

/** Creates the build copies (tables, indexes, FTS) of these collections; `fresh` drops copies left over first. Inside a write transaction. */
export function createBuild(db: Database.Database, specs: readonly CollectionSpec[], tag: string, fresh: boolean): void {
  for (const spec of specs) {
    const table = buildBaseName(spec.name, tag);
    if (fresh) dropTable(db, table);
    ensureCollectionTable(db, spec, table);
    ensureFullText(db, spec, table);
  }
}

/**
 * Makes the build copies live inside the caller's write transaction: the live table is renamed aside, the copy
 * takes its name (with its FTS table and signature), the old one is dropped. Readers on other connections keep
 * their snapshot until their read ends, then see the new table under the same name: never an empty collection.
 */
export function switchBuild(db: Database.Database, collections: readonly string[], tag: string): void {
  for (const name of collections) {
    const build = buildBaseName(name, tag);
    if (!tableExists(db, build)) throw new Error(`No build copy '${build}' to switch to`);
    const aside = `${name}__old`;
    dropTable(db, aside);
    if (tableExists(db, name)) {
      db.exec(`ALTER TABLE ${quoteIdentifier(name)} RENAME TO ${quoteIdentifier(aside)}`);
      if (tableExists(db, `${name}__fts`)) db.exec(`ALTER TABLE ${quoteIdentifier(`${name}__fts`)} RENAME TO ${quoteIdentifier(`${aside}__fts`)}`);
      db.prepare('UPDATE _fulltext SET collection = ? WHERE collection = ?').run(aside, name);
    }
    db.exec(`ALTER TABLE ${quoteIdentifier(build)} RENAME TO ${quoteIdentifier(name)}`);
    if (tableExists(db, `${build}__fts`)) db.exec(`ALTER TABLE ${quoteIdentifier(`${build}__fts`)} RENAME TO ${quoteIdentifier(`${name}__fts`)}`);
    db.prepare('UPDATE _fulltext SET collection = ? WHERE collection = ?').run(name, build);
    dropTable(db, aside);
  }
}
