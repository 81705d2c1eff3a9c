import { toCents } from '@portal/domain';
import { StatementParseError, type StatementBalance } from '../statement';
import { at, textAt, type XmlNode } from '../xml/xml-node';

/** ISO dates of camt: Dt ("2026-03-31", also with a time zone) or DtTm; the day must exist. */
export function isoDay(value: string | null): string | null {
  if (!value) return null;
  const day = value.trim().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return null;
  const d = new Date(`${day}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().startsWith(day) ? day : null;
}

/** The day of a date choice element (BookgDt, ValDt, Bal/Dt): Dt or DtTm. */
export const dayOf = (node: XmlNode | undefined): string | null => isoDay(textAt(node, 'Dt') ?? textAt(node, 'DtTm'));

/** A camt amount (ActiveOrHistoricCurrencyAndAmount): digits with an optional decimal point, never negative. */
export function amountOf(node: XmlNode, where: string): { cents: number; currency: string | null } {
  const amount = at(node, 'Amt');
  const raw = amount?.text.trim() ?? '';
  if (!amount || raw === '') throw new StatementParseError(`${where}: element Amt is missing.`);
  const cents = /^\d+(\.\d+)?$/.test(raw) ? toCents(raw) : null;
  if (cents === null) throw new StatementParseError(`${where}: Amt "${raw}" is not an amount.`);
  return { cents, currency: amount.attributes?.Ccy ?? null };
}

export function signOf(node: XmlNode, where: string): 1 | -1 {
  const indicator = textAt(node, 'CdtDbtInd');
  if (indicator === 'CRDT') return 1;
  if (indicator === 'DBIT') return -1;
  throw new StatementParseError(`${where}: CdtDbtInd must be CRDT or DBIT${indicator ? `, not "${indicator}"` : ' (element CdtDbtInd is missing)'}.`);
}

/** A Bal: its type code (OPBD, CLBD, ...) and the signed amount on its date. Amounts of CdtLine and Avlbty are their own. */
export function balanceOf(node: XmlNode, where: string): { type: string; balance: StatementBalance } {
  const { cents } = amountOf(node, where);
  const date = dayOf(at(node, 'Dt'));
  if (!date) throw new StatementParseError(`${where}: element Dt is missing or not a date.`);
  const type = textAt(node, 'Tp', 'CdOrPrtry', 'Cd') ?? textAt(node, 'Tp', 'CdOrPrtry', 'Prtry') ?? '';
  return { type: type.toUpperCase(), balance: { amountCents: signOf(node, where) * cents, date } };
}
