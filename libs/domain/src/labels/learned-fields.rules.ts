import {
  EXTRACTED_FIELD_OF,
  ORIGIN,
  type ExtractedFieldName,
  type ExtractedFields,
  type LabelField,
  type LabelValue,
  type OriginCode,
} from '@portal/contracts';
import type { Prediction } from './supplier-model.rules';

/** The label fields' values in extracted fields (what the reader found, or an e-invoice holds). */
export function labelValuesOf(fields: ExtractedFields): Partial<Record<LabelField, LabelValue>> {
  const values: Partial<Record<LabelField, LabelValue | undefined>> = {
    invoice_number: fields.invoice_number,
    invoice_date: fields.invoice_date,
    due_date: fields.due_date,
    biller: fields.biller?.name,
    recipient: fields.recipient?.name,
    biller_vat_id: fields.biller?.vat_id,
    recipient_vat_id: fields.recipient?.vat_id,
    net_amount: fields.net_amount,
    tax_amount: fields.tax_amount,
    gross_amount: fields.gross_amount,
    tax_rate: fields.tax_rates?.length === 1 ? fields.tax_rates[0] : undefined,
    currency: fields.currency,
    iban: fields.iban,
    payment_reference: fields.payment_reference,
  };
  return Object.fromEntries(Object.entries(values).filter(([, v]) => v !== undefined && v !== null && v !== '')) as Partial<Record<LabelField, LabelValue>>;
}

function withValue(fields: ExtractedFields, field: LabelField, value: LabelValue): ExtractedFields {
  switch (field) {
    case 'biller':
      return { ...fields, biller: { ...fields.biller, name: String(value) } };
    case 'recipient':
      return { ...fields, recipient: { ...fields.recipient, name: String(value) } };
    case 'biller_vat_id':
      return { ...fields, biller: { ...fields.biller, vat_id: String(value) } };
    case 'recipient_vat_id':
      return { ...fields, recipient: { ...fields.recipient, vat_id: String(value) } };
    case 'tax_rate':
      return { ...fields, tax_rates: [Number(value)] };
    default:
      return { ...fields, [field]: value };
  }
}

/** Whether the reader (or an e-invoice) already gave the field a value: learned values only fill what is empty. */
export function hasLabelValue(fields: ExtractedFields, field: LabelField): boolean {
  if (field === 'tax_rate') return (fields.tax_rates?.length ?? 0) > 0;
  const value = labelValuesOf(fields)[field];
  return value !== undefined;
}

/** Below this the page reader's own reading stays. */
export const MIN_LEARNED_CONFIDENCE = 0.5;

/**
 * The reader's fields with a supplier model's predictions (origin Machine_Learning 10) in the fields the
 * reader left empty (not found, or left for review because the page's values disagreed). A value the
 * reader found and checked, a structured e-invoice's value and a person's value are never replaced; the
 * caller checks the filled fields against the rest (net + tax = gross, due date after invoice date).
 */
export function applyPredictions(
  fields: ExtractedFields,
  origins: Partial<Record<ExtractedFieldName, OriginCode>>,
  confidence: Partial<Record<ExtractedFieldName, number>>,
  predictions: Partial<Record<LabelField, Prediction>>,
): {
  fields: ExtractedFields;
  origins: Partial<Record<ExtractedFieldName, OriginCode>>;
  confidence: Partial<Record<ExtractedFieldName, number>>;
  learned: LabelField[];
} {
  let next = fields;
  const nextOrigins = { ...origins };
  const nextConfidence = { ...confidence };
  const learned: LabelField[] = [];
  for (const [field, prediction] of Object.entries(predictions) as Array<[LabelField, Prediction]>) {
    const target = EXTRACTED_FIELD_OF[field];
    if (origins[target] === ORIGIN.EInvoice_XML || prediction.confidence < MIN_LEARNED_CONFIDENCE || hasLabelValue(fields, field)) continue;
    next = withValue(next, field, prediction.value);
    nextOrigins[target] = ORIGIN.Machine_Learning;
    nextConfidence[target] = prediction.confidence;
    learned.push(field);
  }
  return { fields: next, origins: nextOrigins, confidence: nextConfidence, learned };
}
