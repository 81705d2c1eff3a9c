import { findAmounts, roundCents } from './amount';
import { vocabulary } from './vocabulary';

const QUANTITY_HEADING = vocabulary('itemQuantity', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const TOTALS = [vocabulary('netTotal'), vocabulary('grossTotal'), vocabulary('payable')];

/**
 * The sum of the line items: below a heading row with a quantity column, each row's last amount (its line total),
 * up to the first line of totals. Undefined without such a table.
 */
export function lineItemsSum(lines: readonly string[]): number | undefined {
  const rows = itemRows(lines);
  return rows.length > 0 ? roundCents(rows.reduce((sum, r) => sum + r.total, 0)) : undefined;
}

interface ItemRow {
  total: number;
  /** The one VAT rate the row prints ("19 %"), if it prints one. */
  rate?: number;
}

const RATE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g;

/** The heading row of the line items: a quantity column and no amount. Its words head columns, they label no total. */
export function itemHeading(lines: readonly string[]): number {
  return lines.findIndex((l) => QUANTITY_HEADING.test(l) && findAmounts(l).length === 0);
}

function itemRows(lines: readonly string[]): ItemRow[] {
  const header = itemHeading(lines);
  if (header < 0) return [];
  const rows: ItemRow[] = [];
  for (const line of lines.slice(header + 1)) {
    if (TOTALS.some((re) => re.test(line))) break;
    const amounts = findAmounts(line);
    // A row of an item has its unit price and its total at least; a lone amount is a note ("Bruttopreis: 4,00").
    if (amounts.length < 2) continue;
    const rates = [...line.matchAll(RATE)].map((m) => Number(m[1].replace(',', '.')));
    rows.push({ total: amounts[amounts.length - 1], ...(rates.length === 1 ? { rate: rates[0] } : {}) });
  }
  return rows;
}

/** The line items' totals summed per VAT rate, when every row prints its rate; undefined otherwise. */
export function lineItemsByRate(lines: readonly string[]): Map<number, number> | undefined {
  const rows = itemRows(lines);
  if (rows.length === 0 || rows.some((r) => r.rate === undefined)) return undefined;
  const byRate = new Map<number, number>();
  for (const r of rows) byRate.set(r.rate!, roundCents((byRate.get(r.rate!) ?? 0) + r.total));
  return byRate;
}
