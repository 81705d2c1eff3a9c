import { BadRequest, STANDARD_METHODS, type StandardMethod } from '@portal/contracts';
import type { CallArgs } from './service-definition';

const MAX_DEPTH = 12;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** Rejects deep nesting and prototype-pollution keys anywhere in a payload. */
export function assertSafePayload(value: unknown, depth = 0): void {
  if (depth > MAX_DEPTH) throw BadRequest('Payload is nested too deeply.');
  if (Array.isArray(value)) {
    for (const item of value) assertSafePayload(item, depth + 1);
    return;
  }
  if (typeof value !== 'object' || value === null) return;
  for (const key of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(key)) throw BadRequest(`Invalid key '${key}'.`);
    assertSafePayload((value as Record<string, unknown>)[key], depth + 1);
  }
}

/** Plain JSON objects only: no arrays, no binary attachments (Buffers), no class instances. */
const isPlainObject = (value: unknown): value is Record<string, unknown> => {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
};

const idOf = (value: unknown, allowNull: boolean): string | number | null => {
  if (value === null && allowNull) return null;
  if (typeof value === 'string' && value.length > 0 && value.length <= 200) return value;
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  throw BadRequest('Invalid id.');
};

const queryOf = (value: unknown): Record<string, unknown> => {
  if (value === undefined || value === null) return {};
  if (!isPlainObject(value)) throw BadRequest('The query must be an object.');
  return value;
};

const dataOf = (value: unknown): Record<string, unknown> => {
  if (!isPlainObject(value)) throw BadRequest('The data must be an object.');
  return value;
};

export function isStandardMethod(method: string): method is StandardMethod {
  return (STANDARD_METHODS as readonly string[]).includes(method);
}

/**
 * The positional arguments of a Feathers socket call (after the path, before the ack), as
 * feathers-protocol.md lists them: find(query) get(id, query) create(data, query)
 * update(id, data, query) patch(id, data, query) remove(id, query).
 */
export function normalizeArguments(method: StandardMethod, args: unknown[]): CallArgs {
  assertSafePayload(args);
  switch (method) {
    case 'find':
      return { id: null, data: null, query: queryOf(args[0]) };
    case 'get':
      return { id: idOf(args[0], false), data: null, query: queryOf(args[1]) };
    case 'create':
      return { id: null, data: dataOf(args[0]), query: queryOf(args[1]) };
    case 'update':
    case 'patch':
      return { id: idOf(args[0], true), data: dataOf(args[1]), query: queryOf(args[2]) };
    case 'remove':
      return { id: idOf(args[0], true), data: null, query: queryOf(args[1]) };
  }
}
