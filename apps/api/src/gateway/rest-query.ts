import { parse } from 'qs';
import { BadRequest } from '@portal/contracts';

/** Query keys whose values are always text (an id of the caller's choosing, search words). */
const TEXT_KEYS = new Set(['commandId', 'search', '$search']);
const NUMBER = /^-?(0|[1-9]\d{0,14})(\.\d+)?$/;

/** A query-string value as the socket would have carried it: numbers, true, false and null by their look. */
function typed(value: unknown, key: string | null): unknown {
  if (Array.isArray(value)) return value.map((v) => typed(v, key));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, typed(v, /^\$|^\d+$/.test(k) ? key : k)]));
  }
  if (typeof value !== 'string' || (key !== null && TEXT_KEYS.has(key))) return value;
  if (value === 'true') return true;
  if (value === 'false') return false;
  if (value === 'null') return null;
  return NUMBER.test(value) ? Number(value) : value;
}

/**
 * The query of a REST call as the official Feathers REST client writes it (`qs`: `$limit=10&client_no=1001&
 * title[$in][0]=a`), with the same bounds as a socket payload. Query strings carry only text, so values
 * that read as numbers, `true`, `false` or `null` become those (the socket sends them typed); `commandId`
 * and search words stay text.
 */
export function restQuery(url: string): Record<string, unknown> {
  const at = url.indexOf('?');
  const raw = at < 0 ? '' : url.slice(at + 1);
  if (raw.length > 200_000) throw BadRequest('The query is too long.');
  try {
    const parsed = parse(raw, { depth: 12, arrayLimit: 2000, parameterLimit: 5000, allowPrototypes: false, plainObjects: true, strictDepth: true });
    return typed(parsed, null) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof RangeError) throw BadRequest('The query is nested too deeply.');
    throw error;
  }
}

/** An id from the path: a whole number when it reads as one (the stored ids' type), else text. */
export function restId(raw: string): string | number {
  return /^(0|[1-9]\d{0,15})$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : raw;
}
