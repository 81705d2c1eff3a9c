import type { DocumentRecord } from '@portal/contracts';
import type { CreditTransfer } from './epc-payload';

const text = (...values: unknown[]): string | null => {
  for (const value of values) if (typeof value === 'string' && value.trim() !== '') return value;
  return null;
};
const number = (...values: unknown[]): number | null => {
  for (const value of values) if (typeof value === 'number') return value;
  return null;
};
const object = (value: unknown): Record<string, unknown> => (typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {});

/**
 * The credit transfer of a documents record: the reviewed booking fields where the record has them,
 * else the extracted fields (IBAN, biller name, gross amount, payment reference or invoice number).
 */
export function creditTransferOf(doc: DocumentRecord): CreditTransfer {
  const booking = object(doc.booking);
  const fields = object(doc.fields);
  return {
    name: text(booking.biller, object(fields.biller).name, doc.biller_name),
    iban: text(booking.iban, fields.iban),
    bic: text(fields.bic),
    amount: number(booking.gross_amount, doc.gross_amount, fields.gross_amount),
    currency: text(booking.currency, doc.currency, fields.currency),
    reference: text(booking.payment_reference, fields.payment_reference, booking.invoice_number, doc.invoice_number, fields.invoice_number),
  };
}
