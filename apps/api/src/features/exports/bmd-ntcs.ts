import type { ExportBatch, ExportBooking } from '@portal/contracts';
import { bookingDateOf, checkBatch } from './batch-checks';
import { encode as iconvEncode } from 'iconv-lite';

/**
 * Columns of the BMD NTCS booking import (BuErf "Import von Buchungen", satzart 0 = FIBU booking),
 * named as BMD's ASCII import expects them in the first line.
 */
export const BMD_COLUMNS = [
  'satzart',
  'konto',
  'gkonto',
  'belegnr',
  'belegdatum',
  'buchdatum',
  'buchsymbol',
  'buchcode',
  'betrag',
  'steuer',
  'steuercode',
  'mwst',
  'periode',
  'text',
  'kost',
  'extbelegnr',
] as const;

/** BMD's default tax codes: 9 input tax (Vorsteuer) on incoming, 1 VAT (Umsatzsteuer) on outgoing invoices. */
const DEFAULT_TAX_CODE = { ER: 9, AR: 1 } as const;

/** Plain text field: no separators or control characters, cut to `max`. */
export const bmdText = (value: string, max: number) =>
  value
    .replace(/[;\u0000-\u001f\u007f]+/g, ' ')
    .replace(/ {2,}/g, ' ')
    .trim()
    .slice(0, max);
/** Comma decimal, two places, minus sign in front. */
export const bmdAmount = (value: number) => value.toFixed(2).replace('.', ',');
/** TT.MM.JJJJ */
export const bmdDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const bmdRate = (rate: number) => String(Math.round(rate * 1000) / 1000).replace('.', ',');

/**
 * One booking led by the person account: an incoming invoice is a credit on the supplier
 * (buchcode 2, negative gross, input tax positive); an outgoing one a debit on the customer
 * (buchcode 1, positive gross, VAT negative).
 */
function line(b: ExportBooking): string {
  const incoming = b.direction === 'ER';
  const booked = bookingDateOf(b);
  const values: Record<(typeof BMD_COLUMNS)[number], string> = {
    satzart: '0',
    konto: String(b.personAccount),
    gkonto: String(b.ledgerAccount),
    belegnr: String(b.documentId),
    belegdatum: bmdDate(b.invoiceDate),
    buchdatum: bmdDate(booked),
    buchsymbol: b.direction,
    buchcode: incoming ? '2' : '1',
    betrag: bmdAmount(incoming ? -b.gross : b.gross),
    steuer: bmdAmount(incoming ? b.tax : -b.tax),
    steuercode: b.taxRate === null ? '' : String(b.bmdTaxCode ?? DEFAULT_TAX_CODE[b.direction]),
    mwst: b.taxRate === null ? '' : bmdRate(b.taxRate),
    periode: booked.slice(5, 7),
    text: bmdText(b.text, 255),
    kost: b.costCentre ? bmdText(b.costCentre, 20) : '',
    extbelegnr: bmdText(b.invoiceNumber, 36),
  };
  return BMD_COLUMNS.map((c) => values[c]).join(';');
}

/** BMD NTCS booking import: a header line of field names, semicolon separated, CRLF, Windows-1252. */
export function writeBmdNtcs(batch: ExportBatch): Buffer {
  checkBatch(batch);
  const lines = [BMD_COLUMNS.join(';'), ...batch.bookings.map(line)];
  return iconvEncode(lines.join('\r\n') + '\r\n', 'windows-1252');
}
