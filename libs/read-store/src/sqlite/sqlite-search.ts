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
 * search at 200,000 documents within its 30 ms budget (`search-bench.js` reports the CPU
 * time). `total` still counts every hit; pages end after the candidates (100 pages of 50).
 */
export const CANDIDATE_LIMIT = 5_000;

/**
 * An FTS5 query: terms joined by AND, a term's forms by OR, a compound also as the AND of its parts.
 * Forms hold only letters and digits, the quoting is belt and braces.
 */
export function ftsMatchExpression(terms: readonly SearchTerm[]): string {
  return terms.map((term) => termExpression(term, true)).join(' AND ');
}

/** The terms with every compound as written (its joined forms only, not the AND of its parts). */
export function asWrittenExpression(terms: readonly SearchTerm[]): string {
  return terms.map((term) => termExpression(term, false)).join(' AND ');
}

function termExpression(term: SearchTerm, withParts: boolean): string {
  const forms = term.forms.map((form) => `"${form.replace(/"/g, '""')}"${term.prefix ? '*' : ''}`).join(' OR ');
  if (term.parts.length === 0 || !withParts) return `(${forms})`;
  return `(${forms} OR (${term.parts.map((part) => termExpression(part, true)).join(' AND ')}))`;
}

/**
 * The FTS5 queries whose hits are ranked one after the other. A search with a compound (RE-2026-00123,
 * 2026-03-15) ranks the records that hold it as written first, by bm25 over the compounds as written, and
 * then those that hold its parts only apart, by bm25 over the whole query. bm25 counts the records of
 * every phrase of its query (its idf) before it ranks one hit: the parts of a compound are often in
 * nearly every record (RE, 2026), and counting them cost ~6 ms at 200,000 records where the compound
 * itself is in one.
 */
function rankingTiers(terms: readonly SearchTerm[]): Array<{ match: string; exclude?: string }> {
  const whole = ftsMatchExpression(terms);
  const asWritten = asWrittenExpression(terms);
  return asWritten === whole ? [{ match: whole }] : [{ match: asWritten }, { match: whole, exclude: asWritten }];
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

  /**
   * Hits ordered by bm25 (FTS5's rank, lower is better; reported negated), then id, tier after tier
   * (see rankingTiers). `total` counts the hits of the whole query. One snapshot.
   */
  search(spec: CollectionSpec, request: SearchRequest): Paginated<SearchHit> {
    checkSearchPaging(request);
    const terms = parseSearchText(request.text);
    if (terms.length === 0) return emptySearch(request);
    const tiers = rankingTiers(terms);
    const all = this.hitsFrom(spec.name, ftsMatchExpression(terms), request);
    return this.inTransaction(() => {
      const total = Number((this.statements.get(`SELECT count(*) AS total FROM (${all.sql})`).get(...all.params) as { total: number }).total);
      if (request.limit === 0 || request.skip >= total || request.skip >= CANDIDATE_LIMIT) return { total, limit: request.limit, skip: request.skip, data: [] };
      const wanted = Math.min(request.skip + request.limit, CANDIDATE_LIMIT);
      const pool: Array<Candidate & { id: Id }> = [];
      for (const tier of tiers) {
        const source = tiers.length === 1 ? all : this.hitsFrom(spec.name, tier.match, request, tier.exclude);
        // The candidates left: with one tier the total tells whether to cap; a later tier is always capped.
        const room = CANDIDATE_LIMIT - pool.length;
        const capped = tiers.length > 1 || total > CANDIDATE_LIMIT ? { sql: `${source.sql} ORDER BY rowid DESC LIMIT ${room}`, params: source.params } : source;
        const ranked = this.rankedPool(spec.name, capped, wanted - pool.length);
        pool.push(...ranked.hits);
        // An exhausted tier returned all its hits; every tier's hits are hits of the whole query.
        if (ranked.more || pool.length >= wanted || pool.length === total) break;
      }
      const page = pool.slice(request.skip, wanted);
      const docs = this.docsByRowid(
        spec.name,
        page.map((hit) => hit.rowid),
      );
      const data = page.flatMap((hit): SearchHit[] => {
        const doc = docs.get(hit.rowid);
        return doc ? [{ doc: omitFields(doc, request.omit), rank: -hit.rank, snippet: buildSnippet(doc, spec, terms) }] : [];
      });
      return { total, limit: request.limit, skip: request.skip, data };
    });
  }

  /**
   * The best `count` candidates in (rank, id) order, and whether the source holds more. SQLite's top-N
   * sort finds them by rank; ids only matter among equal ranks, so a tie across the cut is completed
   * with every candidate of that rank. `ORDER BY +rank` keeps FTS5 from its own sorted plan, which ranks
   * before the where-clause filters.
   */
  private rankedPool(collection: string, source: HitSource, count: number): { hits: Array<Candidate & { id: Id }>; more: boolean } {
    const sql = `SELECT rowid, rank FROM (${source.sql})`;
    let top = this.statements.get(`${sql} ORDER BY +rank LIMIT ?`).all(...source.params, count + 1) as Candidate[];
    const more = top.length > count;
    if (more && top[count]!.rank === top[count - 1]!.rank) {
      const cut = top[count - 1]!.rank;
      const tied = this.statements.get(`${sql} WHERE +rank = ?`).all(...source.params, cut) as Candidate[];
      top = [...top.filter((hit) => hit.rank !== cut), ...tied];
    }
    const ids = this.idsByRowid(
      collection,
      top.map((hit) => hit.rowid),
    );
    const hits = top
      .map((hit) => ({ ...hit, id: ids.get(hit.rowid)! }))
      .sort((a, b) => a.rank - b.rank || compareIds(a.id, b.id))
      .slice(0, count);
    return { hits, more };
  }

  /**
   * Without a where-clause, the FTS table alone. A where-clause that covering indexes answer (client
   * scope, category) becomes a rowid set the hits are checked against (`+rowid` keeps FTS5 from
   * running the full-text query once per rowid); any other is evaluated on the joined records.
   * `exclude`: hits of this FTS5 query are left out (a second cursor, so `rank` stays that of `match`).
   */
  private hitsFrom(collection: string, match: string, request: SearchRequest, exclude?: string): HitSource {
    const fts = ftsTableName(collection);
    const table = tableName(collection);
    const condition = whereToSql(request.where);
    const without =
      exclude === undefined ? { sql: '', params: [] } : { sql: ` AND +${fts}.rowid NOT IN (SELECT rowid FROM ${fts} WHERE ${fts} MATCH ?)`, params: [exclude] };
    if (condition.sql === '1') return { sql: `SELECT rowid, rank FROM ${fts} WHERE ${fts} MATCH ?${without.sql}`, params: [match, ...without.params] };
    const scope = `SELECT rowid FROM ${table} WHERE ${condition.sql}`;
    if (this.isCovered(scope, condition.params)) {
      return {
        sql: `SELECT rowid, rank FROM ${fts} WHERE ${fts} MATCH ? AND +rowid IN (${scope})${without.sql}`,
        params: [match, ...condition.params, ...without.params],
      };
    }
    return {
      sql: `SELECT ${fts}.rowid AS rowid, ${fts}.rank AS rank FROM ${fts} JOIN ${table} ON ${table}.rowid = ${fts}.rowid WHERE ${fts} MATCH ? AND (${condition.sql})${without.sql}`,
      params: [match, ...condition.params, ...without.params],
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
