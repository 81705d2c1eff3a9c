import type { Paginated } from '@portal/contracts';
import type { CollectionSpec, Doc, SearchHit, SearchRequest } from '../read-store.port';
import { parseSearchText, type SearchTerm } from '../search/search-terms';
import { checkSearchPaging, emptySearch } from '../search/search-request';
import { buildSnippet } from '../search/snippet';
import { ftsTableName, tableName } from './sqlite-schema';
import type { StatementCache } from './statement-cache';
import { orderBySql, whereToSql } from './where-to-sql';

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

/**
 * Hits ranked by bm25 over the token stream (FTS5's rank: lower is better, reported negated), then by
 * id; count and page read one snapshot. Without a where-clause the count skips the join.
 */
export function searchSqlite(
  statements: StatementCache,
  inTransaction: <T>(work: () => T) => T,
  spec: CollectionSpec,
  request: SearchRequest,
): Paginated<SearchHit> {
  checkSearchPaging(request);
  const terms = parseSearchText(request.text);
  if (terms.length === 0) return emptySearch(request);
  const match = ftsMatchExpression(terms);
  const fts = ftsTableName(spec.name);
  const table = tableName(spec.name);
  const condition = whereToSql(request.where);
  const filtered = condition.sql !== '1';
  const join = `${fts} JOIN ${table} ON ${table}.rowid = ${fts}.rowid WHERE ${fts} MATCH ? AND (${condition.sql})`;
  const countSql = filtered ? `SELECT count(*) AS total FROM ${join}` : `SELECT count(*) AS total FROM ${fts} WHERE ${fts} MATCH ?`;
  const pageSql = `SELECT ${table}.doc AS doc, ${fts}.rank AS rank FROM ${join} ORDER BY ${fts}.rank, ${orderBySql([])} LIMIT ? OFFSET ?`;
  const params = filtered ? [match, ...condition.params] : [match];
  return inTransaction(() => {
    const total = Number((statements.get(countSql).get(...params) as { total: number | bigint }).total);
    const rows =
      request.limit === 0 || request.skip >= total
        ? []
        : (statements.get(pageSql).all(match, ...condition.params, request.limit, request.skip) as Array<{ doc: string; rank: number }>);
    const data = rows.map((row): SearchHit => {
      const doc = JSON.parse(row.doc) as Doc;
      return { doc, rank: -row.rank, snippet: buildSnippet(doc, spec, terms) };
    });
    return { total, limit: request.limit, skip: request.skip, data };
  });
}
