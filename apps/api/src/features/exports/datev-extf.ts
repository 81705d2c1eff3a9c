import type { ExportBatch, ExportBooking } from '@portal/contracts';
import { bookingDateOf, checkBatch } from './batch-checks';
import { DATEV_BUCHUNGSSTAPEL_COLUMNS } from './datev-columns';
import { encode as iconvEncode } from 'iconv-lite';

const CRLF = '\r\n';
const column = (name: string) => DATEV_BUCHUNGSSTAPEL_COLUMNS.indexOf(name);

/** A DATEV text field: quoted, inner quotes doubled, no control characters, cut to `max`. */
export const datevText = (value: string, max: number) =>
  `"${value
    .replace(/[\u0000-\u001f\u007f]+/g, ' ')
    .trim()
    .slice(0, max)
    .replace(/"/g, '""')}"`;
/** Amounts: no thousands separator, comma decimal, always two decimals. */
export const datevAmount = (value: number) => value.toFixed(2).replace('.', ',');
const compactDate = (iso: string) => iso.replace(/-/g, '');
/** Belegdatum is TTMM; the year comes from the header's period. */
const dayMonth = (iso: string) => `${iso.slice(8, 10)}${iso.slice(5, 7)}`;
/** Belegfeld 1 allows letters, digits and $ & % * + - / (DATEV Formatbeschreibung), at most 36 characters. */
export const belegfeld1 = (invoiceNumber: string) => invoiceNumber.replace(/[^A-Za-z0-9$&%*+\-/]/g, '').slice(0, 36);

/** The creation stamp YYYYMMDDHHMMSSFFF, taken from the ISO time as written (its own zone). */
function createdStamp(iso: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,3}))?/.exec(iso);
  if (!m) throw new Error(`createdAt ${iso} is not an ISO 8601 time`);
  return `${m[1]}${m[2]}${m[3]}${m[4]}${m[5]}${m[6]}${(m[7] ?? '').padEnd(3, '0')}`;
}

/** Header line 1 (31 fields): format EXTF 700, category 21 Buchungsstapel, version 13. */
function headerLine(batch: ExportBatch): string {
  return [
    '"EXTF"',
    '700',
    '21',
    '"Buchungsstapel"',
    '13',
    createdStamp(batch.createdAt),
    '',
    '""',
    '""',
    '""',
    String(batch.consultantNumber),
    String(batch.clientNumber),
    compactDate(batch.fiscalYearStart),
    String(batch.accountLength),
    compactDate(batch.periodStart),
    compactDate(batch.periodEnd),
    datevText(batch.description, 30),
    '""',
    '1', // Buchungstyp: Finanzbuchführung
    '0', // Rechnungslegungszweck: unabhängig
    '0', // Festschreibung: none, so the firm can still correct imported bookings
    `"${batch.currency}"`,
    '',
    '""',
    '',
    '',
    '""',
    '',
    '',
    '""',
    '""',
  ].join(';');
}

/**
 * One booking: the person account (supplier or customer) is Konto, the expense or revenue account
 * Gegenkonto; an incoming invoice credits the supplier (H), an outgoing one debits the customer (S).
 */
function dataLine(batch: ExportBatch, b: ExportBooking): string {
  const fields = new Array<string>(DATEV_BUCHUNGSSTAPEL_COLUMNS.length).fill('');
  const set = (name: string, value: string) => {
    const index = column(name);
    if (index < 0) throw new Error(`unknown DATEV column ${name}`);
    fields[index] = value;
  };
  set('Umsatz (ohne Soll/Haben-Kz)', datevAmount(b.gross));
  set('Soll/Haben-Kennzeichen', b.direction === 'ER' ? '"H"' : '"S"');
  set('WKZ Umsatz', `"${batch.currency}"`);
  set('Konto', String(b.personAccount));
  set('Gegenkonto (ohne BU-Schlüssel)', String(b.ledgerAccount));
  if (b.datevTaxKey) set('BU-Schlüssel', `"${b.datevTaxKey}"`);
  // DATEV books by Belegdatum, which must lie inside the header's period: the booking date (default: invoice date).
  set('Belegdatum', dayMonth(bookingDateOf(b)));
  set('Belegfeld 1', `"${belegfeld1(b.invoiceNumber)}"`);
  set('Buchungstext', datevText(b.text, 60));
  set('Beleglink', datevText(`BEDI "${b.documentId}"`, 210));
  if (b.costCentre) set('KOST1 - Kostenstelle', datevText(b.costCentre, 36));
  return fields.join(';');
}

/** DATEV EXTF Buchungsstapel (format 700/21/13): semicolon separated, CRLF, Windows-1252. */
export function writeDatevExtf(batch: ExportBatch): Buffer {
  checkBatch(batch);
  const lines = [headerLine(batch), DATEV_BUCHUNGSSTAPEL_COLUMNS.join(';'), ...batch.bookings.map((b) => dataLine(batch, b))];
  return iconvEncode(lines.join(CRLF) + CRLF, 'windows-1252');
}
