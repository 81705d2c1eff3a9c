import { EXTRACTED_FIELD_OF, type DocumentRecord, type LabelField, type LabelValue, type OriginCode } from '@portal/contracts';

const BOOKING: Partial<Record<LabelField, keyof DocumentRecord['booking']>> = {
  invoice_number: 'invoice_number',
  invoice_date: 'invoice_date',
  due_date: 'due_date',
  biller: 'biller',
  recipient: 'recipient',
  net_amount: 'net_amount',
  tax_amount: 'tax_amount',
  gross_amount: 'gross_amount',
  tax_rate: 'tax_rate',
  currency: 'currency',
  iban: 'iban',
  payment_reference: 'payment_reference',
};

/**
 * A label field's current value on the document, where it came from (booking fields; VAT IDs from the parties)
 * and, when the extraction or a supplier's model set it, how sure that reading was (0–1).
 */
export function labelFieldState(record: DocumentRecord, field: LabelField): { value: LabelValue | null; origin: OriginCode | null; confidence: number | null } {
  const confidence = record.field_confidence?.[EXTRACTED_FIELD_OF[field]] ?? null;
  const name = BOOKING[field];
  if (name) {
    const value = record.booking[name];
    return { value: typeof value === 'string' || typeof value === 'number' ? value : null, origin: record.booking_origins[name] ?? null, confidence };
  }
  const party = field === 'biller_vat_id' ? 'biller' : 'recipient';
  return { value: record.fields[party]?.vat_id ?? null, origin: record.field_origins[party] ?? null, confidence };
}
