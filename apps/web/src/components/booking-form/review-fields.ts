import type { DocumentRecord, ExtractedFieldName } from '@portal/contracts';
import { FIELD_DEFS, type EditableField } from './booking-values';
import { isHumanOrigin } from './origin-label';

/** Extracted fields without a form field of the same name, by the form field they fill. */
const FORM_FIELD_OF: Partial<Record<ExtractedFieldName, EditableField>> = { tax_rates: 'tax_rate', tax_breakdown: 'tax_rate' };

/**
 * The form fields the reading left empty for review (what the page showed did not check out),
 * as long as no person has filled them in.
 */
export function fieldsToCheck(record: Pick<DocumentRecord, 'review_fields' | 'booking_origins'>): EditableField[] {
  const fields = new Set<EditableField>();
  for (const name of record.review_fields ?? []) {
    const field = FORM_FIELD_OF[name] ?? (FIELD_DEFS.has(name as EditableField) ? (name as EditableField) : null);
    if (!field) continue;
    const origin = (record.booking_origins as Partial<Record<string, number>>)[field];
    if (origin === undefined || !isHumanOrigin(origin)) fields.add(field);
  }
  return [...fields];
}
