import { BadRequest } from '@portal/contracts';
import type { Scalar } from '@portal/contracts';

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
