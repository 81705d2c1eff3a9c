import { BadRequest } from '@portal/contracts';
import type { Scalar, Where } from '@portal/contracts';
import type { Doc } from '../read-store.port';
import { isPlainObject } from './docs';
import { isId } from './ids';
import { isScalarValue, listOperand, logicalBranches, scalarOperand } from './where-operands';

/**
 * A Feathers where-clause evaluated on a stored record (its JSON round trip) in memory, with exactly the
 * semantics of the SQLite adapter's `whereToSql`: MongoDB's type brackets (a number never equals a string),
 * no matching into arrays, strings compared by their UTF-8 bytes, a missing field counting as null. For
 * rebuilds that fold records in memory and must find what the store would find.
 */
export function matchesWhere(doc: Doc, where: Where): boolean {
  for (const key of Object.keys(where)) {
    const condition = where[key];
    if (condition === undefined) continue;
    if (key === '$or' || key === '$and') {
      const branches = logicalBranches(key, condition);
      const matched = key === '$or' ? branches.some((branch) => matchesWhere(doc, branch)) : branches.every((branch) => matchesWhere(doc, branch));
      if (!matched) return false;
    } else if (!fieldMatches(doc, key, condition)) {
      return false;
    }
  }
  return true;
}

/** The value SQLite's json_extract(doc, '$.a.b') sees: only objects are walked (an array on the way gives null). */
export function storedValueAt(doc: Doc, field: string): unknown {
  let value: unknown = doc;
  for (const part of field.split('.')) {
    if (!isPlainObject(value) || !Object.prototype.hasOwnProperty.call(value, part)) return undefined;
    value = value[part];
  }
  return value;
}

/** 0 null or missing, 1 number, 2 string, 3 object, 4 array, 5 boolean (json-expressions' rank). */
export function rankOfStored(value: unknown): number {
  if (value === undefined || value === null) return 0;
  if (typeof value === 'number') return 1;
  if (typeof value === 'string') return 2;
  if (typeof value === 'boolean') return 5;
  return Array.isArray(value) ? 4 : 3;
}

function fieldMatches(doc: Doc, field: string, condition: unknown): boolean {
  if (isScalarValue(condition)) return equals(doc, field, condition);
  if (!isPlainObject(condition)) throw BadRequest(`Unsupported condition on '${field}'`);
  const entries = Object.entries(condition);
  if (entries.length === 0) throw BadRequest(`Empty condition on '${field}'`);
  // Every operator is checked (an invalid one throws as in SQL) before the answer is given.
  let matched = true;
  for (const [operator, operand] of entries) {
    let result: boolean;
    switch (operator) {
      case '$in':
        result = inList(doc, field, listOperand(field, operator, operand));
        break;
      case '$nin':
        result = !inList(doc, field, listOperand(field, operator, operand));
        break;
      case '$ne':
        result = !equals(doc, field, scalarOperand(field, operator, operand));
        break;
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        result = range(doc, field, operator, scalarOperand(field, operator, operand));
        break;
      default:
        throw BadRequest(`Unknown operator '${operator}' on '${field}'`);
    }
    matched = matched && result;
  }
  return matched;
}

function equals(doc: Doc, field: string, value: Scalar): boolean {
  // The store compares the id column (the JSON of the id): only a string or number id can match.
  if (field === 'id') return isId(value) && JSON.stringify(doc.id) === JSON.stringify(value);
  const stored = storedValueAt(doc, field);
  if (value === null) return rankOfStored(stored) === 0;
  return rankOfStored(stored) === rankOfStored(value) && stored === value;
}

function inList(doc: Doc, field: string, values: Scalar[]): boolean {
  return values.some((value) => (field === 'id' || value !== null ? equals(doc, field, value) : rankOfStored(storedValueAt(doc, field)) === 0));
}

/** Comparisons stay inside the operand's type bracket: a number range never matches strings. */
function range(doc: Doc, field: string, operator: '$lt' | '$lte' | '$gt' | '$gte', value: Scalar): boolean {
  if (value === null) throw BadRequest(`${operator} on '${field}' needs a string, number or boolean`);
  const stored = storedValueAt(doc, field);
  if (rankOfStored(stored) !== rankOfStored(value)) return false;
  const order = compareStored(stored as string | number | boolean, value);
  return operator === '$lt' ? order < 0 : operator === '$lte' ? order <= 0 : operator === '$gt' ? order > 0 : order >= 0;
}

/** Same bracket: numbers numerically, booleans false < true, strings by UTF-8 bytes (SQLite's BINARY collation). */
function compareStored(a: string | number | boolean, b: string | number | boolean): number {
  if (typeof a === 'string' && typeof b === 'string') return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
  return Number(a) - Number(b);
}
