/** A changed value as one short line: ∅ for a field that did not exist, — for null. */
export function formatChangeValue(value: unknown, max = 80): string {
  if (value === undefined) return '∅';
  if (value === null) return '—';
  const text = typeof value === 'string' ? value : typeof value === 'number' || typeof value === 'boolean' ? String(value) : JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** i18n key of a changed read-model field's label, when the form knows it (`booking.subject` → invoices.fields.subject). */
export function changeLabelKey(field: string): string | null {
  const m = /^booking\.(\w+)$/.exec(field);
  if (m) return `invoices.fields.${m[1]}`;
  if (field === 'title' || field === 'category') return `invoices.fields.${field}`;
  return null;
}
