import {
  BOOKING_FIELD_NAMES,
  type BookingFieldName,
  type DocumentBookingFields,
  type ExtractedFieldName,
  type ExtractedFields,
  type LabelField,
  type OriginCode,
} from '@portal/contracts';

export const EMPTY_BOOKING_FIELDS: DocumentBookingFields = Object.fromEntries(
  BOOKING_FIELD_NAMES.map((name) => [name, null]),
) as unknown as DocumentBookingFields;

/** The booking fields an extraction suggests; values it did not find stay null. */
export function bookingFieldsFromExtraction(f: ExtractedFields): Partial<DocumentBookingFields> {
  const suggested: Partial<DocumentBookingFields> = {
    invoice_number: f.invoice_number ?? null,
    biller: f.biller?.name ?? null,
    recipient: f.recipient?.name ?? null,
    invoice_date: f.invoice_date ?? null,
    currency: f.currency ?? null,
    net_amount: f.net_amount ?? null,
    tax_amount: f.tax_amount ?? null,
    gross_amount: f.gross_amount ?? null,
    tax_rate: f.tax_rates?.length === 1 ? f.tax_rates[0]! : null,
    due_date: f.due_date ?? null,
    payment_reference: f.payment_reference ?? null,
    iban: f.iban ?? null,
  };
  return Object.fromEntries(Object.entries(suggested).filter(([, v]) => v !== null)) as Partial<DocumentBookingFields>;
}

const EXTRACTED_TO_BOOKING: Partial<Record<ExtractedFieldName, BookingFieldName>> = {
  invoice_number: 'invoice_number',
  biller: 'biller',
  recipient: 'recipient',
  invoice_date: 'invoice_date',
  currency: 'currency',
  net_amount: 'net_amount',
  tax_amount: 'tax_amount',
  gross_amount: 'gross_amount',
  tax_rates: 'tax_rate',
  due_date: 'due_date',
  payment_reference: 'payment_reference',
  iban: 'iban',
};

/**
 * Extraction fills only fields nobody has set yet: an extraction finishing after a reviewer
 * already typed a value never overwrites it. Returns the merged fields and the fields it filled.
 */
export function mergeExtracted(current: DocumentBookingFields, extracted: ExtractedFields): { fields: DocumentBookingFields; filled: BookingFieldName[] } {
  const fields = { ...current };
  const filled: BookingFieldName[] = [];
  for (const [name, value] of Object.entries(bookingFieldsFromExtraction(extracted)) as Array<[BookingFieldName, never]>) {
    if (fields[name] === null) {
      fields[name] = value;
      filled.push(name);
    }
  }
  return { fields, filled };
}

/** The origin code per booking field from the extraction's origin per extracted field. */
export function extractionOrigins(
  fieldOrigins: Partial<Record<ExtractedFieldName, OriginCode>>,
  filled: BookingFieldName[],
  fallback: OriginCode,
): Partial<Record<BookingFieldName, OriginCode>> {
  const byBooking: Partial<Record<BookingFieldName, OriginCode>> = {};
  for (const [extracted, origin] of Object.entries(fieldOrigins) as Array<[ExtractedFieldName, OriginCode]>) {
    const name = EXTRACTED_TO_BOOKING[extracted];
    if (name) byBooking[name] = origin;
  }
  return Object.fromEntries(filled.map((name) => [name, byBooking[name] ?? fallback]));
}

/** The booking field a label sets; VAT IDs have none (they belong to the parties). */
export const LABEL_BOOKING_FIELD: Partial<Record<LabelField, BookingFieldName>> = {
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
