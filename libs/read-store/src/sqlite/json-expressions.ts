import { assertFieldName } from '../shared/names';

/**
 * SQL expressions over a field of the `doc` JSON column. Every filter and sort uses the pair
 * (rank, value) so that SQLite follows MongoDB's type brackets, and indexes are built on the very
 * same expressions so the planner can use them.
 *
 * rank: 0 null or missing, 1 number, 2 string, 3 object, 4 array, 5 boolean (MongoDB's sort order).
 * value: json_extract, which gives booleans as 1/0 (false < true, as in MongoDB).
 */
export const RANK_NULL = 0;
export const RANK_NUMBER = 1;
export const RANK_STRING = 2;
export const RANK_BOOLEAN = 5;

function jsonPath(field: string): string {
  // The name pattern admits only identifiers and dots, so the literal cannot break out of its quotes.
  return `'$.${assertFieldName(field)}'`;
}

/** `column` is `doc`, or `new.doc` inside a trigger. */
export function rankExpression(field: string, column = 'doc'): string {
  const path = jsonPath(field);
  return (
    `(CASE json_type(${column}, ${path}) WHEN 'integer' THEN 1 WHEN 'real' THEN 1 WHEN 'text' THEN 2 ` +
    `WHEN 'object' THEN 3 WHEN 'array' THEN 4 WHEN 'true' THEN 5 WHEN 'false' THEN 5 ELSE 0 END)`
  );
}

export function valueExpression(field: string, column = 'doc'): string {
  return `json_extract(${column}, ${jsonPath(field)})`;
}

/** Double-quoted SQL identifier; the names it gets are validated, the doubling is belt and braces. */
export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
