import { StatementParseError, type StatementBalance } from '../statement';
import { child, textAt, type XmlNode } from '../xml/xml-node';
import { isoAmountCents } from './iso-amount';

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;

/** ISO dates of camt: Dt ("2026-03-31", also with a time zone) or DtTm; the day must exist. */
export function isoDay(value: string | null): string | null {
  if (!value) return null;
  const day = value.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const y = Number(day.slice(0, 4));
  const m = Number(day.slice(5, 7));
  const d = Number(day.slice(8, 10));
  if (m < 1 || m > 12 || d < 1 || d > (m === 2 && leap(y) ? 29 : DAYS_IN_MONTH[m - 1]!)) return null;
  return day;
}

const DT = ['Dt'] as const;
const DT_TM = ['DtTm'] as const;

/** The day of a date choice element (BookgDt, ValDt, Bal/Dt): Dt or DtTm. */
export const dayOf = (node: XmlNode | undefined): string | null => (node ? isoDay(textAt(node, DT) ?? textAt(node, DT_TM)) : null);

/** The cents of an amount element's text (`name` for messages); a value the ISO 20022 schema does not allow is refused. */
export function centsOf(raw: string, name: string, where: string | (() => string)): number {
  const amount = isoAmountCents(raw);
  if ('refused' in amount) throw new StatementParseError(`${typeof where === 'string' ? where : where()}: ${name} "${raw}" ${amount.refused}.`);
  return amount.cents;
}

/** A camt amount (ActiveOrHistoricCurrencyAndAmount): at most 18 digits, 5 of them after the point, never negative. */
export function amountOf(node: XmlNode, where: string | (() => string)): { cents: number; currency: string | null } {
  const amount = child(node, 'Amt');
  const raw = amount?.text.trim() ?? '';
  if (!amount || raw === '') throw new StatementParseError(`${typeof where === 'string' ? where : where()}: element Amt is missing.`);
  return { cents: centsOf(raw, 'Amt', where), currency: amount.attributes?.Ccy ?? null };
}

const INDICATOR = ['CdtDbtInd'] as const;

export function signOf(node: XmlNode, where: string | (() => string)): 1 | -1 {
  const indicator = textAt(node, INDICATOR);
  if (indicator === 'CRDT') return 1;
  if (indicator === 'DBIT') return -1;
  throw new StatementParseError(
    `${typeof where === 'string' ? where : where()}: CdtDbtInd must be CRDT or DBIT${indicator ? `, not "${indicator}"` : ' (element CdtDbtInd is missing)'}.`,
  );
}

const TYPE_CODE = ['Tp', 'CdOrPrtry', 'Cd'] as const;
const TYPE_PROPRIETARY = ['Tp', 'CdOrPrtry', 'Prtry'] as const;

/** A Bal: its type code (OPBD, CLBD, ...) and the signed amount on its date. Amounts of CdtLine and Avlbty are their own. */
export function balanceOf(node: XmlNode, where: string): { type: string; balance: StatementBalance } {
  const { cents } = amountOf(node, where);
  const date = dayOf(child(node, 'Dt'));
  if (!date) throw new StatementParseError(`${where}: element Dt is missing or not a date.`);
  const type = textAt(node, TYPE_CODE) ?? textAt(node, TYPE_PROPRIETARY) ?? '';
  return { type: type.toUpperCase(), balance: { amountCents: signOf(node, where) * cents, date } };
}
