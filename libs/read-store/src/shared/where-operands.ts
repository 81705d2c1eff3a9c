import { BadRequest } from '@portal/contracts';
import type { Scalar, Where } from '@portal/contracts';
import { isPlainObject } from './docs';

/** The operands of a where-clause's operators, checked as every adapter checks them. */
export function listOperand(field: string, operator: string, operand: unknown): Scalar[] {
  if (!Array.isArray(operand) || !operand.every(isScalarValue)) throw BadRequest(`${operator} on '${field}' must be an array of scalars`);
  return operand;
}

export function scalarOperand(field: string, operator: string, operand: unknown): Scalar {
  if (!isScalarValue(operand)) throw BadRequest(`${operator} on '${field}' must be a scalar`);
  return operand;
}

export function isScalarValue(value: unknown): value is Scalar {
  return value === null || typeof value === 'string' || typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value));
}

/** The branches of an `$or` or `$and`: a non-empty array of where-clauses, checked as every adapter checks them. */
export function logicalBranches(key: string, condition: unknown): Where[] {
  if (!Array.isArray(condition) || condition.length === 0) throw BadRequest(`${key} must be a non-empty array`);
  return condition.map((branch: unknown) => {
    if (!isPlainObject(branch)) throw BadRequest(`Every ${key} entry must be an object`);
    return branch as Where;
  });
}
