import { findAmounts, roundCents } from './amount';
import { vocabulary } from './vocabulary';

const QUANTITY_HEADING = vocabulary('itemQuantity', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const TOTALS = [vocabulary('netTotal'), vocabulary('grossTotal'), vocabulary('payable')];

/**
 * The sum of the line items: below a heading row with a quantity column, each row's last amount (its line total),
 * up to the first line of totals. Undefined without such a table.
 */
export function lineItemsSum(lines: readonly string[]): number | undefined {
  const header = lines.findIndex((l) => QUANTITY_HEADING.test(l) && findAmounts(l).length === 0);
  if (header < 0) return undefined;
  let sum = 0;
  let rows = 0;
  for (const line of lines.slice(header + 1)) {
    if (TOTALS.some((re) => re.test(line))) break;
    const amounts = findAmounts(line);
    // A row of an item has its unit price and its total at least; a lone amount is a note ("Bruttopreis: 4,00").
    if (amounts.length < 2) continue;
    sum += amounts[amounts.length - 1];
    rows++;
  }
  return rows > 0 ? roundCents(sum) : undefined;
}
