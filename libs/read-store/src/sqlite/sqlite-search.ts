import { omitFields } from '../shared/docs';
import type { Paginated } from '@portal/contracts';
import type { CollectionSpec, Doc, SearchHit, SearchRequest } from '../read-store.port';
import { parseSearchText, type SearchTerm } from '../search/search-terms';
import { checkSearchPaging, emptySearch } from '../search/search-request';
import { buildSnippet } from '../search/snippet';
import { compareIds, type Id } from '../shared/ids';
import { ftsTableName, tableName } from './sqlite-schema';
import type { StatementCache } from './statement-cache';
import { whereToSql, type SqlParam } from './where-to-sql';

/**
 * Searches with more hits than this rank only the newest CANDIDATE_LIMIT of them (highest rowid, i.e.
 * most recently inserted): bm25 costs ~1 µs a hit, so ranking 200,000 hits would take ~200 ms, and
 * reading the hits newest first costs about as much again. 5,000 (was 20,000) keeps a common word's
 * search at 200,000 documents within its 30 ms budget (issue 19; `search-bench.js` reports the CPU
 * time). `total` still counts every hit; pages end after the candidates (100 pages of 50).
 */
export const CANDIDATE_LIMIT = 5_000;

/**
 * An FTS5 query: terms joined by AND, a term's forms by OR, a compound also as the AND of its parts.
 * Forms hold only letters and digits, the quoting is belt and braces.
 */
export function ftsMatchExpression(terms: readonly SearchTerm[]): string {
  return terms.map(termExpression).join(' AND ');
}

function termExpression(term: SearchTerm): string {
  const forms = term.forms.map((form) => `"${form.replace(/"/g, '""')}"${term.prefix ? '*' : ''}`).join(' OR ');
  if (term.parts.length === 0) return `(${forms})`;
  return `(${forms} OR (${term.parts.map(termExpression).join(' AND ')}))`;
}

interface Candidate {
  rowid: number;
  rank: number;
}

/** Hits as `(rowid, rank)` rows, with the where-clause applied the cheapest way (see `hitsFrom`). */
interface HitSource {
  sql: string;
  params: SqlParam[];
}

export class SqliteSearch {
  /** Whether a where-clause's SQL is answered from covering indexes alone, by SQL text. */
  private readonly coveredWheres = new Map<string, boolean>();

  constructor(
    private readonly statements: StatementCache,
    private readonly inTransaction: <T>(work: () => T) => T,
  ) {}

  /** Hits ordered by bm25 (FTS5's rank, lower is better; reported negated), then id. One snapshot. */
  search(spec: CollectionSpec, request: SearchRequest): Paginated<SearchHit> {
    checkSearchPaging(request);
    const terms = parseSearchText(request.text);
    if (terms.length === 0) return emptySearch(request);
    const source = this.hitsFrom(spec.name, ftsMatchExpression(terms), request);
    return this.inTransaction(() => {
      const total = Number((this.statements.get(`SELECT count(*) AS total FROM (${source.sql})`).get(...source.params) as { total: number }).total);
      const wanted = request.skip + request.limit;
      if (request.limit === 0 || request.skip >= total || request.skip >= CANDIDATE_LIMIT) return { total, limit: request.limit, skip: request.skip, data: [] };
      const ranked = total > CANDIDATE_LIMIT ? { sql: `${source.sql} ORDER BY rowid DESC LIMIT ${CANDIDATE_LIMIT}`, params: source.params } : source;
      const pool = this.rankedPool(spec.name, ranked, Math.min(wanted, CANDIDATE_LIMIT));
      const page = pool.slice(request.skip, wanted);
      const docs = this.docsByRowid(spec.name, page.map((hit) => hit.rowid));
      const data = page.flatMap((hit): SearchHit[] => {
        const doc = docs.get(hit.rowid);
        return doc ? [{ doc: omitFields(doc, request.omit), rank: -hit.rank, snippet: buildSnippet(doc, spec, terms) }] : [];
      });
      return { total, limit: request.limit, skip: request.skip, data };
    });
  }

  /**
   * The best `count` candidates in (rank, id) order. SQLite's top-N sort finds them by rank; ids only
   * matter among equal ranks, so a tie across the cut is completed with every candidate of that rank.
   * `ORDER BY +rank` keeps FTS5 from its own sorted plan, which ranks before the where-clause filters.
   */
  private rankedPool(collection: string, source: HitSource, count: number): Array<Candidate & { id: Id }> {
    const sql = `SELECT rowid, rank FROM (${source.sql})`;
    let top = this.statements.get(`${sql} ORDER BY +rank LIMIT ?`).all(...source.params, count + 1) as Candidate[];
    if (top.length > count && top[count]!.rank === top[count - 1]!.rank) {
      const cut = top[count - 1]!.rank;
      const tied = this.statements.get(`${sql} WHERE +rank = ?`).all(...source.params, cut) as Candidate[];
      top = [...top.filter((hit) => hit.rank !== cut), ...tied];
    }
    const ids = this.idsByRowid(collection, top.map((hit) => hit.rowid));
    return top
      .map((hit) => ({ ...hit, id: ids.get(hit.rowid)! }))
      .sort((a, b) => a.rank - b.rank || compareIds(a.id, b.id))
      .slice(0, count);
  }

  /**
   * Without a where-clause, the FTS table alone. A where-clause that covering indexes answer (client
   * scope, category) becomes a rowid set the hits are checked against (`+rowid` keeps FTS5 from
   * running the full-text query once per rowid); any other is evaluated on the joined records.
   */
  private hitsFrom(collection: string, match: string, request: SearchRequest): HitSource {
    const fts = ftsTableName(collection);
    const table = tableName(collection);
    const condition = whereToSql(request.where);
    if (condition.sql === '1') return { sql: `SELECT rowid, rank FROM ${fts} WHERE ${fts} MATCH ?`, params: [match] };
    const scope = `SELECT rowid FROM ${table} WHERE ${condition.sql}`;
    if (this.isCovered(scope, condition.params)) {
      return { sql: `SELECT rowid, rank FROM ${fts} WHERE ${fts} MATCH ? AND +rowid IN (${scope})`, params: [match, ...condition.params] };
    }
    return {
      sql: `SELECT ${fts}.rowid AS rowid, ${fts}.rank AS rank FROM ${fts} JOIN ${table} ON ${table}.rowid = ${fts}.rowid WHERE ${fts} MATCH ? AND (${condition.sql})`,
      params: [match, ...condition.params],
    };
  }

  private isCovered(scope: string, params: SqlParam[]): boolean {
    const known = this.coveredWheres.get(scope);
    if (known !== undefined) return known;
    const plan = this.statements.get(`EXPLAIN QUERY PLAN ${scope}`).all(...params) as Array<{ detail: string }>;
    const covered = plan.filter((row) => /^(SCAN|SEARCH) /.test(row.detail)).every((row) => /COVERING INDEX|INTEGER PRIMARY KEY/.test(row.detail));
    if (this.coveredWheres.size > 500) this.coveredWheres.clear();
    this.coveredWheres.set(scope, covered);
    return covered;
  }

  private idsByRowid(collection: string, rowids: number[]): Map<number, Id> {
    const rows = this.statements
      .get(`SELECT rowid, id FROM ${tableName(collection)} WHERE rowid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(rowids)) as Array<{ rowid: number; id: string }>;
    return new Map(rows.map((row) => [row.rowid, JSON.parse(row.id) as Id]));
  }

  private docsByRowid(collection: string, rowids: number[]): Map<number, Doc> {
    const rows = this.statements
      .get(`SELECT rowid, doc FROM ${tableName(collection)} WHERE rowid IN (SELECT value FROM json_each(?))`)
      .all(JSON.stringify(rowids)) as Array<{ rowid: number; doc: string }>;
    return new Map(rows.map((row) => [row.rowid, JSON.parse(row.doc) as Doc]));
  }
}
