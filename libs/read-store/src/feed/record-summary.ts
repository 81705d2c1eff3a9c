import type { Doc } from '../read-store.port';

/** A field longer than this (as JSON) is left out of a summary: long texts, line items, histories. */
const MAX_FIELD_BYTES = 1024;
/** A summary never grows past this; the shortest fields go first. */
const MAX_SUMMARY_BYTES = 4096;

/**
 * The small form of a record the change feed keeps of the record as it was: its id and its short top-level
 * fields (shortest first, up to 4 KB). Read rules look at short fields (client numbers, payroll marks,
 * categories, permission lists), so the gateway can decide from it who could read the record before.
 */
export function recordSummary(doc: Doc): Doc {
  const fields = Object.entries(doc)
    .filter(([key, value]) => key !== 'id' && value !== undefined)
    .map(([key, value]) => ({ key, value, bytes: key.length + jsonLength(value) + 4 }))
    .filter((field) => field.bytes <= MAX_FIELD_BYTES)
    .sort((a, b) => a.bytes - b.bytes || (a.key < b.key ? -1 : 1));
  const summary: Doc = { id: doc.id };
  let total = 0;
  for (const field of fields) {
    if (total + field.bytes > MAX_SUMMARY_BYTES) break;
    summary[field.key] = field.value;
    total += field.bytes;
  }
  return summary;
}

/** Whether two summaries differ (a patch that changed none of the short fields needs no record as it was). */
export function summariesDiffer(a: Doc, b: Doc): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const key of keys) if (JSON.stringify(a[key]) !== JSON.stringify(b[key])) return true;
  return false;
}

/** The length of a value's JSON; a long text is not serialised just to be measured. */
function jsonLength(value: unknown): number {
  if (typeof value === 'string') return value.length > MAX_FIELD_BYTES ? value.length : JSON.stringify(value).length;
  return JSON.stringify(value)?.length ?? 0;
}
