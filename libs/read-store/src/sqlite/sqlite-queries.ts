import type { Database } from 'better-sqlite3';
import type { Paginated, Query, Where } from '@portal/contracts';
import type { CollectionSpec, Doc, SearchHit, SearchRequest } from '../read-store.port';
import { assertId, type Id } from '../shared/ids';
import { pickFields } from '../shared/docs';
import { SqliteSearch } from './sqlite-search';
import { StatementCache } from './statement-cache';
import { LIVE_TABLES, quotedTable, type TableNames } from './sqlite-schema';
import { orderBySql, whereToSql } from './where-to-sql';

/** Reads over one connection: the store's reader, or the writer inside a transaction. */
export class SqliteQueries {
  readonly statements: StatementCache;
  private readonly searches: SqliteSearch;

  /** `names`: the live tables, or (in the projector's transactions) the build copies of collections being rebuilt. */
  constructor(
    private readonly db: Database,
    private readonly names: TableNames = LIVE_TABLES,
  ) {
    this.statements = new StatementCache(db);
    this.searches = new SqliteSearch(this.statements, (work) => this.db.transaction(work)());
  }

  get(collection: string, id: Id): Doc | null {
    const row = this.statements.get(`SELECT doc FROM ${quotedTable(this.names, collection)} WHERE id = ?`).get(JSON.stringify(assertId(id)));
    return row === undefined ? null : parseRow(row);
  }

  findWhere(collection: string, where: Where): Doc[] {
    const condition = whereToSql(where);
    const sql = `SELECT doc FROM ${quotedTable(this.names, collection)} WHERE ${condition.sql} ORDER BY ${orderBySql([])}`;
    return this.statements
      .get(sql)
      .all(...condition.params)
      .map(parseRow);
  }

  /** Count and page in one read transaction, so both see the same snapshot. */
  find(collection: string, query: Query): Paginated<Doc> {
    const { skip, limit } = checkPaging(query);
    const table = quotedTable(this.names, collection);
    const condition = whereToSql(query.where);
    const countSql = `SELECT COUNT(*) AS total FROM ${table} WHERE ${condition.sql}`;
    // Left-out fields never leave SQLite: no parsing of long texts nobody reads.
    const omit = query.select ? [] : (query.omit ?? []).filter((f) => f !== 'id').map((f) => `$.${JSON.stringify(f)}`);
    const docSql = omit.length > 0 ? `json_remove(doc, ${omit.map(() => '?').join(', ')}) AS doc` : 'doc';
    const pageSql = `SELECT ${docSql} FROM ${table} WHERE ${condition.sql} ORDER BY ${orderBySql(query.sort)} LIMIT ? OFFSET ?`;
    return this.db.transaction((): Paginated<Doc> => {
      const total = readTotal(this.statements.get(countSql).get(...condition.params));
      const rows = limit === 0 ? [] : this.statements.get(pageSql).all(...omit, ...condition.params, limit, skip);
      const docs = rows.map(parseRow);
      return { total, limit, skip, data: query.select ? docs.map((doc) => pickFields(doc, query.select ?? [])) : docs };
    })();
  }

  search(spec: CollectionSpec, request: SearchRequest): Paginated<SearchHit> {
    return this.searches.search(spec, request);
  }

  getCheckpoint(name: string): number | null {
    const row = this.statements.get('SELECT position FROM _checkpoints WHERE name = ?').get(name);
    if (row === undefined) return null;
    const position = (row as { position: unknown }).position;
    return typeof position === 'number' ? position : null;
  }

  *allDocs(collection: string): IterableIterator<Doc> {
    for (const row of this.statements.get(`SELECT doc FROM ${quotedTable(this.names, collection)}`).iterate()) yield parseRow(row);
  }
}

function checkPaging(query: Query): { skip: number; limit: number } {
  const valid = (n: number) => Number.isSafeInteger(n) && n >= 0;
  if (!valid(query.skip) || !valid(query.limit)) throw new RangeError('skip and limit must be non-negative integers');
  return { skip: query.skip, limit: query.limit };
}

function parseRow(row: unknown): Doc {
  const json: unknown = JSON.parse((row as { doc: string }).doc);
  return json as Doc;
}

function readTotal(row: unknown): number {
  return Number((row as { total: number | bigint }).total);
}
