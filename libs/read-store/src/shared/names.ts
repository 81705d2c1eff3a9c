import { BadRequest } from '@portal/contracts';

/** A field name or dotted path of identifiers: safe to embed in a JSON path and in SQL. */
const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]*(\.[A-Za-z_][A-Za-z0-9_]*)*$/;
/** Collection names become table names; `__` is reserved for the store's own helper tables. */
const COLLECTION_PATTERN = /^[A-Za-z][A-Za-z0-9_-]{0,62}$/;

export const FORBIDDEN_KEYS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

export function isSafeFieldName(field: string): boolean {
  return FIELD_PATTERN.test(field) && !field.split('.').some((part) => FORBIDDEN_KEYS.has(part));
}

export function assertFieldName(field: string): string {
  if (!isSafeFieldName(field)) throw BadRequest(`Invalid field name '${field}'`);
  return field;
}

export function assertCollectionName(name: string): string {
  if (!COLLECTION_PATTERN.test(name) || name.includes('__')) {
    throw new Error(`Invalid collection name '${name}': letters, digits, '-' and '_' (no '__'), starting with a letter`);
  }
  return name;
}
