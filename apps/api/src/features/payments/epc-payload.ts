import { Unprocessable } from '@portal/contracts';
import { creditorReference, validIban } from './payment-identifiers';

/** What a credit transfer needs; raw values as found on the invoice. */
export interface CreditTransfer {
  name: string | null;
  iban: string | null;
  bic: string | null;
  amount: number | null;
  currency: string | null;
  /** A payment reference or, without one, the invoice number. */
  reference: string | null;
}

const MAX_NAME = 70;
const MAX_REMITTANCE = 140;
const MAX_PAYLOAD_BYTES = 331;
const BIC = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/;

const refuse = (message: string) => Unprocessable(message);

function amountLine(amount: number | null, currency: string | null): string {
  if (currency !== null && currency.toUpperCase() !== 'EUR') throw refuse(`An EPC QR code carries euro amounts only; this invoice is in ${currency}.`);
  if (amount === null) throw refuse('The invoice has no gross amount for a payment QR code.');
  const cents = Math.round(amount * 100);
  if (!Number.isFinite(amount) || Math.abs(amount * 100 - cents) > 1e-6 || cents < 1 || cents > 99_999_999_999) {
    throw refuse(`The gross amount ${String(amount)} is not payable by QR code (EUR 0.01 to 999999999.99, two decimals).`);
  }
  return `EUR${(cents / 100).toFixed(2)}`;
}

/**
 * The EPC069-12 payload (GiroCode, version 002, UTF-8, SEPA credit transfer), one element per
 * line: service tag, version, character set, identification, BIC, name, IBAN, amount, purpose,
 * structured reference, unstructured remittance. Trailing empty elements are left off.
 */
export function epcPayload(transfer: CreditTransfer): string {
  if (!transfer.iban) throw refuse('The invoice has no IBAN for a payment QR code.');
  const iban = validIban(transfer.iban);
  if (!iban) throw refuse(`The IBAN ${transfer.iban} is invalid.`);
  const name = (transfer.name ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_NAME);
  if (name === '') throw refuse('The invoice names no beneficiary (biller) for a payment QR code.');
  const amount = amountLine(transfer.amount, transfer.currency);
  // BIC is optional in version 002; a malformed one is left out rather than sent to the bank.
  const bic = transfer.bic && BIC.test(transfer.bic.replace(/\s+/g, '').toUpperCase()) ? transfer.bic.replace(/\s+/g, '').toUpperCase() : '';
  const reference = (transfer.reference ?? '').replace(/\s+/g, ' ').trim();
  const structured = reference ? creditorReference(reference) : null;
  const unstructured = structured ? '' : reference.slice(0, MAX_REMITTANCE);
  const lines = ['BCD', '002', '1', 'SCT', bic, name, iban, amount, '', structured ?? '', unstructured];
  while (lines[lines.length - 1] === '') lines.pop();
  const payload = lines.join('\n');
  if (Buffer.byteLength(payload, 'utf8') > MAX_PAYLOAD_BYTES) throw refuse('The payment data exceed the 331 bytes of an EPC QR code.');
  return payload;
}
