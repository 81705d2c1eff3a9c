import { BadRequest } from '@portal/contracts';
import type { FieldOperators, Query, Scalar, Where } from '@portal/contracts';
import { FORBIDDEN_KEYS } from '../shared/names';
import { MAX_BOUND_VALUES, MAX_BRANCHES, MAX_CONDITIONS, MAX_IN_ENTRIES, MAX_NESTING_DEPTH, MAX_SKIP } from './limits';

export interface ParseQueryOptions {
  /** Fields the service lets callers filter, sort and select by; `id` is always allowed. */
  fields: readonly string[];
  defaultLimit: number;
  maxLimit: number;
  /** Non-query keys the service reads itself (e.g. `commandId`): returned in `extras`. */
  extraKeys?: readonly string[];
}

export interface ParsedQuery {
  query: Query;
  extras: Record<string, unknown>;
}

const LIST_OPERATORS = ['$in', '$nin'] as const;
const RANGE_OPERATORS = ['$lt', '$lte', '$gt', '$gte'] as const;
const FIELD_OPERATORS: ReadonlySet<string> = new Set([...LIST_OPERATORS, ...RANGE_OPERATORS, '$ne']);
const FILTERS: ReadonlySet<string> = new Set(['$limit', '$skip', '$sort', '$select']);

/** Turns a raw Feathers query (untrusted JSON from the socket) into a validated Query, or throws BadRequest. */
export function parseQuery(raw: unknown, options: ParseQueryOptions): ParsedQuery {
  const source = raw === undefined ? {} : raw;
  if (!isRecord(source)) throw BadRequest('Invalid query: the query must be an object');
  const allowed = new Set<string>(['id', ...options.fields]);
  const extraKeys = new Set<string>(options.extraKeys ?? []);

  const extras: Record<string, unknown> = {};
  const whereSource: Record<string, unknown> = {};
  for (const key of Object.keys(source)) {
    assertSafeKey(key);
    if (extraKeys.has(key)) extras[key] = source[key];
    else if (!FILTERS.has(key)) whereSource[key] = source[key];
  }

  const query: Query = {
    where: checkSize(parseWhere(whereSource, allowed, 0)),
    sort: parseSort(source.$sort, allowed),
    skip: source.$skip === undefined ? 0 : parseCount('$skip', source.$skip, MAX_SKIP),
    limit: source.$limit === undefined ? options.defaultLimit : parseCount('$limit', source.$limit, options.maxLimit),
  };
  const select = parseSelect(source.$select, allowed);
  if (select) query.select = select;
  return { query, extras };
}

function parseWhere(source: Record<string, unknown>, allowed: ReadonlySet<string>, depth: number): Where {
  const where: Where = {};
  for (const key of Object.keys(source)) {
    assertSafeKey(key);
    const value = source[key];
    if (key === '$or' || key === '$and') {
      where[key] = parseBranches(key, value, allowed, depth + 1);
    } else if (key.startsWith('$')) {
      throw BadRequest(`Invalid query: unknown operator '${key}'`);
    } else {
      assertField(key, allowed);
      where[key] = parseCondition(key, value);
    }
  }
  return where;
}

/** Counts comparisons and bound values of a parsed where-clause; too many answer BadRequest. */
function checkSize(where: Where): Where {
  let conditions = 0;
  let values = 0;
  const visit = (clause: Where) => {
    for (const [key, value] of Object.entries(clause)) {
      if (key === '$or' || key === '$and') {
        for (const branch of value as Where[]) visit(branch);
        continue;
      }
      if (value === null || typeof value !== 'object') {
        conditions += 1;
        values += 1;
        continue;
      }
      for (const operand of Object.values(value as Record<string, unknown>)) {
        conditions += 1;
        values += Array.isArray(operand) ? operand.length : 1;
      }
    }
  };
  visit(where);
  if (conditions > MAX_CONDITIONS) throw BadRequest(`Invalid query: more than ${MAX_CONDITIONS} conditions (found ${conditions})`);
  if (values > MAX_BOUND_VALUES) throw BadRequest(`Invalid query: more than ${MAX_BOUND_VALUES} values in conditions (found ${values})`);
  return where;
}

function parseBranches(operator: string, value: unknown, allowed: ReadonlySet<string>, depth: number): Where[] {
  if (depth > MAX_NESTING_DEPTH) throw BadRequest(`Invalid query: ${operator} is nested more than ${MAX_NESTING_DEPTH} levels deep`);
  if (!Array.isArray(value) || value.length === 0) throw BadRequest(`Invalid query: ${operator} must be a non-empty array of queries`);
  if (value.length > MAX_BRANCHES) throw BadRequest(`Invalid query: ${operator} has more than ${MAX_BRANCHES} entries`);
  return value.map((branch: unknown) => {
    if (!isRecord(branch)) throw BadRequest(`Invalid query: every ${operator} entry must be an object`);
    return parseWhere(branch, allowed, depth);
  });
}

function parseCondition(field: string, value: unknown): Scalar | FieldOperators {
  if (isScalar(value)) return checkScalar(field, value);
  if (Array.isArray(value)) throw BadRequest(`Invalid query: '${field}' must be a string, number, boolean or null (use $in for lists)`);
  if (!isRecord(value)) throw BadRequest(`Invalid query: '${field}' must be a string, number, boolean or null`);
  const keys = Object.keys(value);
  if (keys.length === 0) throw BadRequest(`Invalid query: '${field}' must not be an empty object`);
  const operators: FieldOperators = {};
  for (const key of keys) {
    assertSafeKey(key);
    if (!key.startsWith('$')) throw BadRequest(`Invalid query: '${field}' must not be an object (found key '${key}')`);
    if (!FIELD_OPERATORS.has(key)) throw BadRequest(`Invalid query: unknown operator '${key}' on '${field}'`);
    const operand = value[key];
    if (key === '$in' || key === '$nin') operators[key] = parseList(field, key, operand);
    else if (key === '$ne') operators.$ne = parseScalar(field, key, operand);
    else operators[key as (typeof RANGE_OPERATORS)[number]] = parseRangeBound(field, key, operand);
  }
  return operators;
}

function parseList(field: string, operator: string, value: unknown): Scalar[] {
  if (!Array.isArray(value)) throw BadRequest(`Invalid query: ${operator} on '${field}' must be an array`);
  if (value.length > MAX_IN_ENTRIES) throw BadRequest(`Invalid query: ${operator} on '${field}' has more than ${MAX_IN_ENTRIES} entries`);
  return value.map((entry: unknown) => parseScalar(field, operator, entry));
}

function parseScalar(field: string, operator: string, value: unknown): Scalar {
  if (!isScalar(value)) throw BadRequest(`Invalid query: ${operator} on '${field}' takes strings, numbers, booleans or null`);
  return checkScalar(field, value);
}

/** A null bound has no meaning the two engines agree on, so ranges take non-null scalars only. */
function parseRangeBound(field: string, operator: string, value: unknown): Scalar {
  if (value === null || !isScalar(value)) throw BadRequest(`Invalid query: ${operator} on '${field}' takes a string, number or boolean`);
  return checkScalar(field, value);
}

function checkScalar(field: string, value: Scalar): Scalar {
  if (typeof value === 'number' && !Number.isFinite(value)) throw BadRequest(`Invalid query: '${field}' compares with a number that is not finite`);
  return value;
}

function parseSort(value: unknown, allowed: ReadonlySet<string>): Query['sort'] {
  if (value === undefined) return [];
  if (!isRecord(value)) throw BadRequest('Invalid query: $sort must be an object like { field: 1 | -1 }');
  return Object.keys(value).map((field) => {
    assertSafeKey(field);
    assertField(field, allowed);
    const direction = value[field];
    if (direction === 1 || direction === '1') return [field, 1];
    if (direction === -1 || direction === '-1') return [field, -1];
    throw BadRequest(`Invalid query: $sort direction of '${field}' must be 1 or -1`);
  });
}

function parseSelect(value: unknown, allowed: ReadonlySet<string>): string[] | undefined {
  if (value === undefined) return undefined;
  if (!Array.isArray(value)) throw BadRequest('Invalid query: $select must be an array of field names');
  const fields: string[] = [];
  for (const field of value as unknown[]) {
    if (typeof field !== 'string') throw BadRequest('Invalid query: $select must be an array of field names');
    assertSafeKey(field);
    assertField(field, allowed);
    if (!fields.includes(field)) fields.push(field);
  }
  return fields;
}

/** `$limit`/`$skip`: a non-negative integer, also as a decimal string (query strings arrive as text). */
function parseCount(name: string, value: unknown, max: number): number {
  const number = typeof value === 'string' && /^\d{1,15}$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isInteger(number) || number < 0) {
    throw BadRequest(`Invalid query: ${name} must be a non-negative integer`);
  }
  if (number > max) throw BadRequest(`Invalid query: ${name} must not be more than ${max}`);
  return number;
}

function assertField(field: string, allowed: ReadonlySet<string>): void {
  if (!allowed.has(field)) throw BadRequest(`Invalid query: '${field}' is not a queryable field`);
}

function assertSafeKey(key: string): void {
  if (FORBIDDEN_KEYS.has(key)) throw BadRequest(`Invalid query: '${key}' is not allowed`);
}

function isScalar(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
