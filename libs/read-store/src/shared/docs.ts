import { BadRequest } from '@portal/contracts';
import type { Doc } from '../read-store.port';
import { assertId } from './ids';

/**
 * The stored form of a doc: its JSON round trip (undefined dropped, Dates as strings), so both
 * adapters store and checksum exactly the same content.
 */
export function normalizeDoc(doc: Doc): Doc {
  const json: unknown = JSON.parse(docToJson(doc));
  return json as Doc;
}

/** Keys the stores use themselves: MongoDB's `_id` and the full-text token field `_fts`. */
const RESERVED_KEYS = ['_id', '_fts'];

/** The doc's JSON after checking it is an object with a valid id and no reserved key. */
export function docToJson(doc: Doc): string {
  checkRecord(doc);
  return JSON.stringify(doc);
}

/** What the stores ask of a record before they write it: an object with a valid id and no reserved key. */
export function checkRecord(doc: Doc): void {
  if (!isPlainObject(doc)) throw BadRequest('A record must be an object');
  assertId(doc.id);
  for (const key of RESERVED_KEYS) {
    if (Object.prototype.hasOwnProperty.call(doc, key)) throw BadRequest(`A record must not have an '${key}' field`);
  }
}

/** The record without these top-level fields. */
export function omitFields<T extends object>(doc: T, omit: readonly string[] | undefined): T {
  if (!omit || omit.length === 0) return doc;
  const rest = { ...doc } as Record<string, unknown>;
  for (const field of omit) if (field !== 'id') delete rest[field];
  return rest as T;
}

/** Only the selected fields (dotted paths allowed) plus `id`; missing fields stay absent. */
export function pickFields(doc: Doc, select: readonly string[]): Doc {
  const picked: Doc = { id: doc.id };
  for (const path of select) {
    if (path === 'id') continue;
    const parts = path.split('.');
    let source: unknown = doc;
    for (const part of parts) {
      source = isPlainObject(source) && Object.prototype.hasOwnProperty.call(source, part) ? source[part] : undefined;
    }
    if (source === undefined) continue;
    let target: Record<string, unknown> = picked;
    for (const part of parts.slice(0, -1)) {
      const next = target[part];
      if (!isPlainObject(next)) target[part] = {};
      target = target[part] as Record<string, unknown>;
    }
    target[parts[parts.length - 1]!] = source;
  }
  return picked;
}

export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
