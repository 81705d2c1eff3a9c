import { BadRequest } from '@portal/contracts';
import type { Query, Scalar, Where } from '@portal/contracts';
import { isPlainObject } from '../shared/docs';
import { isId } from '../shared/ids';
import { isScalarValue, listOperand, logicalBranches, scalarOperand } from '../shared/where-operands';
import { RANK_BOOLEAN, RANK_NULL, RANK_NUMBER, RANK_STRING, rankExpression, valueExpression } from './json-expressions';

export type SqlParam = string | number | null;

export interface SqlFragment {
  sql: string;
  params: SqlParam[];
}

const TRUE: SqlFragment = { sql: '1', params: [] };
const FALSE: SqlFragment = { sql: '0', params: [] };

/** A Feathers where-clause as one SQL condition with bound parameters, with MongoDB's semantics. */
export function whereToSql(where: Where): SqlFragment {
  const parts: SqlFragment[] = [];
  for (const key of Object.keys(where)) {
    const condition = where[key];
    if (condition === undefined) continue;
    if (key === '$or' || key === '$and') {
      const branches = logicalBranches(key, condition).map((branch) => whereToSql(branch));
      parts.push(join(branches, key === '$or' ? 'OR' : 'AND'));
    } else {
      parts.push(fieldToSql(key, condition));
    }
  }
  return parts.length === 0 ? TRUE : join(parts, 'AND');
}

export function orderBySql(sort: Query['sort']): string {
  const terms: string[] = [];
  for (const [field, direction] of sort) {
    const dir = direction === -1 ? 'DESC' : 'ASC';
    terms.push(`${rankExpression(field)} ${dir}`, `${valueExpression(field)} ${dir}`);
  }
  if (!sort.some(([field]) => field === 'id')) terms.push(`${rankExpression('id')} ASC`, `${valueExpression('id')} ASC`);
  return terms.join(', ');
}

function fieldToSql(field: string, condition: unknown): SqlFragment {
  if (isScalarValue(condition)) return equals(field, condition);
  if (!isPlainObject(condition)) throw BadRequest(`Unsupported condition on '${field}'`);
  const parts: SqlFragment[] = [];
  for (const [operator, operand] of Object.entries(condition)) {
    switch (operator) {
      case '$in':
        parts.push(inList(field, listOperand(field, operator, operand)));
        break;
      case '$nin':
        parts.push(not(inList(field, listOperand(field, operator, operand))));
        break;
      case '$ne':
        parts.push(not(equals(field, scalarOperand(field, operator, operand))));
        break;
      case '$lt':
      case '$lte':
      case '$gt':
      case '$gte':
        parts.push(range(field, operator, scalarOperand(field, operator, operand)));
        break;
      default:
        throw BadRequest(`Unknown operator '${operator}' on '${field}'`);
    }
  }
  if (parts.length === 0) throw BadRequest(`Empty condition on '${field}'`);
  return join(parts, 'AND');
}

function equals(field: string, value: Scalar): SqlFragment {
  if (field === 'id') return isId(value) ? { sql: 'id = ?', params: [JSON.stringify(value)] } : FALSE;
  if (value === null) return { sql: `${rankExpression(field)} = ${RANK_NULL}`, params: [] };
  return { sql: `${rankExpression(field)} = ${rankOf(value)} AND ${valueExpression(field)} = ?`, params: [toParam(value)] };
}

function inList(field: string, values: Scalar[]): SqlFragment {
  if (field === 'id') {
    const keys = [...new Set(values.filter(isId).map((value) => JSON.stringify(value)))];
    return keys.length === 0 ? FALSE : { sql: `id IN (${placeholders(keys.length)})`, params: keys };
  }
  const parts: SqlFragment[] = [];
  if (values.includes(null)) parts.push({ sql: `${rankExpression(field)} = ${RANK_NULL}`, params: [] });
  for (const rank of [RANK_NUMBER, RANK_STRING, RANK_BOOLEAN]) {
    const params = [...new Set(values.filter((value) => value !== null && rankOf(value) === rank).map(toParam))];
    if (params.length === 0) continue;
    parts.push({ sql: `${rankExpression(field)} = ${rank} AND ${valueExpression(field)} IN (${placeholders(params.length)})`, params });
  }
  return parts.length === 0 ? FALSE : join(parts, 'OR');
}

/** Comparisons stay inside the operand's type bracket: a number range never matches strings. */
function range(field: string, operator: '$lt' | '$lte' | '$gt' | '$gte', value: Scalar): SqlFragment {
  if (value === null) throw BadRequest(`${operator} on '${field}' needs a string, number or boolean`);
  const sqlOperator = { $lt: '<', $lte: '<=', $gt: '>', $gte: '>=' }[operator];
  return {
    sql: `${rankExpression(field)} = ${rankOf(value)} AND ${valueExpression(field)} ${sqlOperator} ?`,
    params: [toParam(value)],
  };
}

function rankOf(value: string | number | boolean): number {
  if (typeof value === 'number') return RANK_NUMBER;
  if (typeof value === 'string') return RANK_STRING;
  return RANK_BOOLEAN;
}

function toParam(value: Scalar): SqlParam {
  return typeof value === 'boolean' ? (value ? 1 : 0) : value;
}

function placeholders(count: number): string {
  return new Array<string>(count).fill('?').join(', ');
}

function not(fragment: SqlFragment): SqlFragment {
  return { sql: `NOT (${fragment.sql})`, params: fragment.params };
}

function join(parts: SqlFragment[], operator: 'AND' | 'OR'): SqlFragment {
  if (parts.length === 1) return parts[0]!;
  return { sql: parts.map((part) => `(${part.sql})`).join(` ${operator} `), params: parts.flatMap((part) => part.params) };
}
