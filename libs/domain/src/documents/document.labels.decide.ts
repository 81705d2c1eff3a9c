import { LABEL_FIELDS, type LabelBox, type LabelField, type LabelValue } from '@portal/contracts';
import { isValidIban } from '../accounting/account.rules';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { DocumentEvent } from './document.events';
import { LABEL_BOOKING_FIELD } from './booking-fields.rules';
import { isConfirmed, isLocked, type ExistingDocument } from './document.state';

export type LabelDocumentField = { type: 'LabelField'; labelId: string; field: LabelField; box: LabelBox; text: string; value: LabelValue };
export type UndoLabel = { type: 'UndoLabel'; labelId: string };

const AMOUNTS = new Set<LabelField>(['net_amount', 'tax_amount', 'gross_amount', 'tax_rate']);
const DATES = new Set<LabelField>(['invoice_date', 'due_date']);
const MAX_POINTS = 20_000;

/** The field's value as stored, or a clear refusal. */
export function normalizeLabelValue(field: LabelField, value: unknown): LabelValue {
  if (AMOUNTS.has(field)) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw invalid(`The value of ${field} must be a number.`);
    if (field === 'tax_rate' && (value < 0 || value > 100)) throw invalid('tax_rate must be a percentage between 0 and 100.');
    return Math.round(value * 100) / 100;
  }
  if (typeof value !== 'string' || value.trim() === '') throw invalid(`The value of ${field} must be a text.`);
  const text = value.replace(/\s+/g, ' ').trim();
  if (text.length > 200) throw invalid(`The value of ${field} must be at most 200 characters.`);
  if (DATES.has(field) && !/^\d{4}-\d{2}-\d{2}$/.test(text)) throw invalid('Date invalid');
  if (field === 'iban') {
    const iban = text.replace(/\s/g, '').toUpperCase();
    if (!isValidIban(iban)) throw invalid('IBAN invalid');
    return iban;
  }
  if (field === 'currency') {
    if (!/^[A-Za-z]{3}$/.test(text)) throw invalid('The currency must be a three-letter code such as EUR.');
    return text.toUpperCase();
  }
  if (field === 'biller_vat_id' || field === 'recipient_vat_id') return text.replace(/\s/g, '').toUpperCase();
  return text;
}

function checkBox(box: LabelBox, pages: number | null): void {
  const numbers = [box.x, box.y, box.width, box.height];
  if (!Number.isInteger(box.page) || box.page < 1 || (pages !== null && box.page > pages))
    throw invalid(`The page ${String(box.page)} does not exist in the document.`);
  if (!numbers.every((n) => Number.isFinite(n) && n >= 0 && n <= MAX_POINTS) || box.width <= 0 || box.height <= 0)
    throw invalid('The box must lie on the page and have a width and a height.');
}

/** The current value of a label field on the document. */
export function labelFieldValue(doc: ExistingDocument, field: LabelField): LabelValue | null {
  if (field === 'biller_vat_id') return doc.vatIds.biller;
  if (field === 'recipient_vat_id') return doc.vatIds.recipient;
  const name = LABEL_BOOKING_FIELD[field]!;
  return (doc.fields[name] as LabelValue | null) ?? null;
}

const same = (a: LabelValue | null, b: LabelValue | null) => a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 0.005);

/**
 * A label sets its field (until the document is booked). On a confirmed document a label only marks
 * where the confirmed value stands: changing it is a correction, which needs app (the fields form).
 */
export function labelField(command: LabelDocumentField, doc: ExistingDocument): DocumentEvent[] {
  if (isLocked(doc)) throw conflict('A booked document cannot be changed.');
  if (!(LABEL_FIELDS as readonly string[]).includes(command.field)) throw invalid(`Unknown field ${String(command.field)}.`);
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(command.labelId)) throw invalid('A label id has 1 to 64 letters, digits, - or _.');
  if (doc.labels.some((l) => l.id === command.labelId)) throw conflict('This label was already recorded.');
  checkBox(command.box, doc.pages);
  if (typeof command.text !== 'string' || command.text.length > 500) throw invalid('The words under the box must be a text of at most 500 characters.');
  const value = normalizeLabelValue(command.field, command.value);
  const previous = labelFieldValue(doc, command.field);
  if (isConfirmed(doc) && !same(previous, value))
    throw conflict('The document is confirmed: a label can only mark where its value stands; correct the value in the fields form.');
  return [
    {
      type: 'DocumentFieldLabeled',
      data: { labelId: command.labelId, field: command.field, box: { ...command.box }, text: command.text.trim(), value, previous },
    },
  ];
}

/**
 * Takes a label back. The field returns to its value before the label when this is the field's latest
 * label and nobody changed the value since; otherwise only the label goes.
 */
export function undoLabel(command: UndoLabel, doc: ExistingDocument): DocumentEvent[] {
  if (isLocked(doc)) throw conflict('A booked document cannot be changed.');
  const label = doc.labels.find((l) => l.id === command.labelId);
  if (!label) throw notFound('The label does not exist.');
  const latest = [...doc.labels].reverse().find((l) => l.field === label.field);
  const restores = latest?.id === label.id && same(labelFieldValue(doc, label.field), label.value) && !isConfirmed(doc);
  return [{ type: 'DocumentLabelUndone', data: { labelId: label.id, field: label.field, restores, restored: restores ? label.previous : null } }];
}
