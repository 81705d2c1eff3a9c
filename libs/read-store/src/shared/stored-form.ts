import type { Doc } from '../read-store.port';
import { checkRecord, docToJson } from './docs';

/** Deeper than this, the copy leaves the value to JSON (which reports a cycle as the store would). */
const MAX_DEPTH = 64;
/** A value the fast copy leaves to JSON itself: anything but plain objects, arrays and primitives. */
const EXOTIC = Symbol('exotic');
/**
 * Nested values this module froze in stored form. Frozen, they stay so: a record that takes one over from a
 * record it read shares it without walking it again.
 */
const FROZEN_STORED = new WeakSet<object>();

/**
 * The record as the store keeps it (`JSON.parse(docToJson(doc))`), checked as `docToJson` checks it, without
 * writing and parsing a string for the plain records projections build: a copy of their plain objects, arrays
 * and primitives made with JSON's rules (undefined properties left out, undefined in arrays and non-finite
 * numbers as null, -0 as 0). A value JSON treats specially (toJSON, class instances, boxed values, a
 * `__proto__` key) sends the whole record through JSON instead.
 *
 * `frozen`: every object of it frozen (a record shared with readers that must not change it); frozen parts
 * already in stored form are shared, not copied. `adopt` (implies `frozen`): the caller hands the record over
 * (a fresh copy nobody else holds), so it is frozen in place when JSON keeps its top-level values as they are.
 */
export function storedForm(doc: Doc, options: { frozen?: boolean; adopt?: boolean } = {}): Doc {
  const frozen = (options.frozen ?? false) || (options.adopt ?? false);
  const fast = options.adopt ? adoptAsJson(doc) : copyAsJson(doc, 0, frozen);
  if (fast === EXOTIC || fast === null || typeof fast !== 'object' || Array.isArray(fast)) {
    const parsed = JSON.parse(docToJson(doc)) as Doc;
    return frozen ? freezeParsed(parsed) : parsed;
  }
  // The same checks as a put: a plain object with a valid id and no reserved key.
  checkRecord(doc);
  return fast as Doc;
}

/** A fresh deep copy of a value already in stored form (what a store read would return). */
export function copyStored<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) out[i] = copyStored(value[i]);
    return out as T;
  }
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    const item = copyStored((value as Record<string, unknown>)[key]);
    if (key === '__proto__') Object.defineProperty(out, key, { value: item, enumerable: true, writable: true, configurable: true });
    else out[key] = item;
  }
  return out as T;
}

function copyAsJson(value: unknown, depth: number, frozen: boolean): unknown {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isFinite(value) ? (value === 0 ? 0 : value) : null;
    case 'object':
      break;
    default:
      // undefined, functions, symbols are left out by the caller; a bigint makes JSON throw.
      return typeof value === 'bigint' ? EXOTIC : undefined;
  }
  if (value === null) return null;
  if (depth > MAX_DEPTH) return EXOTIC;
  if (frozen && (FROZEN_STORED.has(value) || isFrozenStoredForm(value, depth))) return value;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return EXOTIC;
    const out = new Array<unknown>(value.length);
    for (let i = 0; i < value.length; i++) {
      const item = copyAsJson(value[i], depth + 1, frozen);
      if (item === EXOTIC) return EXOTIC;
      out[i] = item === undefined ? null : item;
    }
    return frozen ? frozenStored(out) : out;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return EXOTIC;
  if (typeof (value as { toJSON?: unknown }).toJSON === 'function') return EXOTIC;
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value)) {
    if (key === '__proto__') return EXOTIC;
    const item = copyAsJson((value as Record<string, unknown>)[key], depth + 1, frozen);
    if (item === EXOTIC) return EXOTIC;
    if (item !== undefined) out[key] = item;
  }
  return frozen ? frozenStored(out) : out;
}

function frozenStored<T extends object>(value: T): T {
  FROZEN_STORED.add(value);
  return Object.freeze(value);
}

/** The record frozen in place with its top-level values as JSON keeps them (nested parts as `copyAsJson` makes them), or a frozen copy when JSON would drop a key. */
function adoptAsJson(doc: Doc): unknown {
  const record = doc as Record<string, unknown>;
  const proto: unknown = Object.getPrototypeOf(doc);
  // Symbol keys JSON leaves out would stay on an adopted record (a spread copies them): such a record is copied.
  if (
    Object.isFrozen(doc) ||
    (proto !== Object.prototype && proto !== null) ||
    typeof record.toJSON === 'function' ||
    Object.getOwnPropertySymbols(doc).length > 0
  )
    return copyAsJson(doc, 0, true);
  // for…in, not Object.keys: no array per record (V8 walks its cached keys). It also yields inherited enumerable
  // keys, which a record's prototype (Object.prototype or null) does not have unless polluted: then copied.
  for (const key in record) {
    if (key === '__proto__' || !Object.hasOwn(record, key)) return copyAsJson(doc, 0, true);
    const value = record[key];
    switch (typeof value) {
      case 'string':
      case 'boolean':
        continue;
      case 'number':
        // 0 for -0, null for NaN and the infinities.
        if (!Number.isFinite(value) || Object.is(value, -0)) record[key] = Number.isFinite(value) ? 0 : null;
        continue;
      case 'object':
        if (value === null || FROZEN_STORED.has(value)) continue;
        break;
      case 'bigint':
        return EXOTIC;
      default:
        // JSON leaves the key out: a copy without it (the values replaced so far have the same JSON).
        return copyAsJson(doc, 0, true);
    }
    const kept = copyAsJson(value, 1, true);
    if (kept === EXOTIC) return EXOTIC;
    // Replaced by what JSON gives for it (a frozen copy): the same JSON as before.
    if (kept !== value) record[key] = kept;
  }
  return Object.freeze(doc);
}

/** A frozen value that is its own JSON round trip all the way down (so it can be shared as it is). */
function isFrozenStoredForm(value: object, depth: number): boolean {
  if (depth > MAX_DEPTH || !Object.isFrozen(value)) return false;
  if (Array.isArray(value)) {
    if (Object.getPrototypeOf(value) !== Array.prototype) return false;
    for (let i = 0; i < value.length; i++) if (!(i in value) || !isStoredValue(value[i], depth)) return false;
    return true;
  }
  const proto: unknown = Object.getPrototypeOf(value);
  if ((proto !== Object.prototype && proto !== null) || typeof (value as { toJSON?: unknown }).toJSON === 'function') return false;
  for (const key of Object.keys(value)) if (key === '__proto__' || !isStoredValue((value as Record<string, unknown>)[key], depth)) return false;
  return true;
}

function isStoredValue(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      return value === null || isFrozenStoredForm(value, depth + 1);
    default:
      return false;
  }
}

/** A value fresh from JSON.parse (nobody else holds it), frozen all the way down in place. */
function freezeParsed<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value;
  for (const item of Object.values(value)) freezeParsed(item);
  return Object.freeze(value);
}
