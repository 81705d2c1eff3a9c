import { BadRequest } from '@portal/contracts';

export type Id = string | number;

export function isId(value: unknown): value is Id {
  return typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value));
}

export function assertId(value: unknown): Id {
  if (!isId(value)) throw BadRequest('A record id must be a string or a finite number');
  return value;
}

/**
 * The id order of both adapters (and of MongoDB's `_id` sort): numbers before strings, numbers
 * numerically, strings by their UTF-8 bytes (binary, no collation).
 */
export function compareIds(a: Id, b: Id): number {
  if (typeof a === 'number') return typeof b === 'number' ? a - b : -1;
  if (typeof b === 'number') return 1;
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'));
}
