import { StatementParseError } from '../statement';
import type { SwiftField } from './swift-fields';
import { bookingDay, swiftCents, swiftDate } from './swift-values';

export interface StatementLine {
  valueDate: string;
  bookingDate: string;
  /** Signed: credits positive. RC (reversal of a credit) is a debit, RD a credit. */
  amountCents: number;
  reversal: boolean;
  /** Expected (EC/ED): announced, not booked. */
  expected: boolean;
  /** The SWIFT transaction type (NTRF, NMSC, S051, ...). */
  type: string | null;
  customerReference: string | null;
  bankReference: string | null;
  /** Supplementary details on the line's continuation (some banks put the counterparty's account or name there). */
  supplementary: string;
}

/**
 * :61: value date YYMMDD, entry date MMDD (or blank, or missing, or no date), D/C mark (C, D, RC, RD, EC, ED), the funds
 * code (the third letter of the currency, so "DR" is a debit in EUR), the amount, the transaction type
 * ([NSF] and three characters; some banks leave it out), the customer reference up to "//", the bank's
 * reference, and supplementary details on the next line. Some banks put a space after the amount.
 */
const LINE = /^(\d{6})(\d{4}|\s{4})?(RC|RD|EC|ED|C|D)([A-Z])?(\d+(?:[.,]\d*)?)\s?(.*)$/;
const TYPE = /^([NSF][A-Z0-9]{2}[A-Z0-9 ])/;

export function statementLine(field: SwiftField, where: string): StatementLine {
  const [first = '', ...rest] = field.value.split('\n');
  const m = LINE.exec(first.trimEnd());
  const valueDate = m ? swiftDate(m[1]!) : null;
  if (!m || !valueDate)
    throw new StatementParseError(`${where} (line ${field.line}): :61: "${first.trim()}" is not a statement line (value date YYMMDD, C/D mark, amount).`);
  // The entry date is optional: four digits that are no month and day (a time some producers write there) are
  // no entry date either, and the booking falls on its value date as when the subfield is left out.
  const bookingDate = (m[2] && m[2].trim() !== '' ? bookingDay(valueDate, m[2]) : null) ?? valueDate;
  const cents = swiftCents(m[5]!);
  if (cents === null) throw new StatementParseError(`${where} (line ${field.line}): :61: "${m[5]}" is not an amount.`);
  const mark = m[3]!;
  let tail = m[6]!;
  let type: string | null = null;
  if (!/^NONREF/.test(tail)) {
    const t = TYPE.exec(tail);
    if (t) {
      type = t[1]!.trim();
      tail = tail.slice(t[1]!.length);
    }
  }
  const [customer = '', bank = ''] = splitOnce(tail, '//');
  const credit = mark === 'C' || mark === 'RD' || mark === 'EC';
  return {
    valueDate,
    bookingDate,
    amountCents: credit ? cents : -cents,
    reversal: mark.startsWith('R'),
    expected: mark.startsWith('E'),
    type,
    customerReference: cleanReference(customer),
    bankReference: cleanReference(bank),
    supplementary: rest.join(' ').replace(/\s+/g, ' ').trim(),
  };
}

const splitOnce = (text: string, separator: string): [string, string] => {
  const i = text.indexOf(separator);
  return i === -1 ? [text, ''] : [text.slice(0, i), text.slice(i + separator.length)];
};

const cleanReference = (text: string) => {
  const value = text.trim();
  return value === '' || value.toUpperCase() === 'NONREF' ? null : value;
};
