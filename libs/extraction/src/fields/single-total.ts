import type { TaxBreakdownLine } from '@portal/contracts';
import { findAmounts, roundCents } from './amount';
import { lineItemsByRate, lineItemsSum } from './line-items';
import { vocabulary } from './vocabulary';

/** How the page's one total was split into net and tax, if at all. */
export type SingleTotalReading = 'included' | 'zero-rated' | 'rate' | 'alone';

export interface SingleTotal {
  how: SingleTotalReading;
  net?: number;
  tax?: number;
  breakdown?: TaxBreakdownLine[];
}

const INCLUDED = vocabulary('includedTax', (a) => `(?<!\\p{L})(?:${a})(?!\\p{L})`);
const ZERO_RATED = vocabulary('zeroRated');
const TAX_WORD = /(ust|mwst|umsatzsteuer|mehrwertsteuer|steuer|vat|tax|tva|iva|btw|gst)/i;
const RATE = /(?<![\d.,])(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g;

const rateOf = (raw: string): number => Number(raw.replace(',', '.'));

/**
 * A page that prints one total and no net or tax line. The tax it says the total holds ("includes VAT 20 %: 127,38")
 * is believed when gross × rate / (100 + rate) gives it; a supply it says is not taxed (reverse charge, exempt) has
 * tax 0; with one rate printed for all its lines and nothing else the tax is taken out of the total by that rate; with
 * no rate at all only the total is known.
 */
export function readSingleTotal(lines: readonly string[], gross: number, pageRates: ReadonlySet<number>): SingleTotal {
  for (const line of lines) {
    if (!INCLUDED.test(line) || !TAX_WORD.test(line)) continue;
    const rates = [...line.matchAll(RATE)].map((m) => rateOf(m[1]));
    const amounts = findAmounts(line.replace(RATE, ' '));
    if (rates.length !== 1 || amounts.length !== 1) continue;
    const [rate] = rates;
    const [tax] = amounts;
    if (Math.abs(roundCents((gross * rate) / (100 + rate)) - tax) <= 0.01) {
      const net = roundCents(gross - tax);
      return { how: 'included', net, tax, breakdown: [{ rate, net, tax }] };
    }
  }
  const itemRates = lineItemsByRate(lines);
  const rates = new Set([...pageRates, ...(itemRates?.keys() ?? [])]);
  const taxed = [...rates].filter((r) => r > 0);
  if (lines.some((l) => ZERO_RATED.test(l)) && taxed.length === 0)
    return { how: 'zero-rated', net: gross, tax: 0, breakdown: [{ rate: 0, net: gross, tax: 0 }] };
  if (taxed.length === 1 && rates.size === 1) {
    const [rate] = taxed;
    // Lines that add up to the total hold the tax; lines that add up to the total less its tax are the net.
    const items = lineItemsSum(lines);
    const net = items !== undefined && items !== gross ? items : roundCents((gross * 100) / (100 + rate));
    const tax = roundCents(gross - net);
    if (Math.abs(roundCents((net * rate) / 100) - tax) <= 0.01) return { how: 'rate', net, tax, breakdown: [{ rate, net, tax }] };
  }
  return { how: 'alone' };
}
