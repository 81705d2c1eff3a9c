import type { FieldChange } from '@portal/contracts';
import { canonicalJson } from '@portal/event-store';

/** Record fields that change with every event or carry no audit meaning (the text is audited by its hash). */
const IGNORED = new Set(['text', 'revision', 'updated_at']);

/** Nested objects compared as one field: the e-invoice's further terms are read together, as the readable view shows them. */
const WHOLE = new Set(['einvoice.terms']);

type Flat = Map<string, unknown>;

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Nested objects become dotted paths; arrays stay whole values (line items are compared as one field). */
function flatten(value: unknown, prefix: string, out: Flat): Flat {
  if (!isPlainObject(value) || WHOLE.has(prefix)) {
    if (prefix !== '') out.set(prefix, value);
    return out;
  }
  for (const key of Object.keys(value)) {
    if (prefix === '' && IGNORED.has(key)) continue;
    const member = value[key];
    if (member === undefined) continue;
    flatten(member, prefix === '' ? key : `${prefix}.${key}`, out);
  }
  return out;
}

/** Absent, null, an empty text or an empty list: a change between two of these tells the reader nothing. */
const isEmpty = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);

/** The fields that differ between two read-model records (null: no record), in a stable order. */
export function diffRecords(before: object | null, after: object | null): FieldChange[] {
  const old = flatten(before as Record<string, unknown> | null, '', new Map());
  const next = flatten(after as Record<string, unknown> | null, '', new Map());
  const fields = new Set([...old.keys(), ...next.keys()]);
  const changes: FieldChange[] = [];
  for (const field of [...fields].sort()) {
    const a = old.get(field);
    const b = next.get(field);
    if (isEmpty(a) && isEmpty(b)) continue;
    if (a !== undefined && b !== undefined && canonicalJson(a) === canonicalJson(b)) continue;
    changes.push({ field, old: a, new: b });
  }
  return changes;
}
