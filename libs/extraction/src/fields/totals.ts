import type { TaxBreakdownLine } from '@portal/contracts';
import { findAmounts, roundCents } from './amount';
import { restOfBlock, valueBelow } from './layout';
import { findTotalsTable } from './totals-table';
import { vocabulary } from './vocabulary';

export interface Totals {
  net_amount?: number;
  tax_amount?: number;
  gross_amount?: number;
  tax_rates?: number[];
  tax_breakdown?: TaxBreakdownLine[];
}

const NET = vocabulary('netTotal', (a) => `(${a})`);
const TAX = vocabulary('taxTotal', (a) => `(${a})`);
const GROSS = vocabulary('grossTotal');
const PAYABLE = vocabulary('payable');
const NOT_GROSS = vocabulary('notGross');
const INCLUSIVE = vocabulary('inclusive');
// Lines that carry a tax label but not the tax total (ids, headers, discounts).
const NOT_TAX_TOTAL = /(ust-?id|ust\.?-?idnr|uid|vat\s*(?:id|no|reg)|steuernummer|st\.?-?nr|tax\s*id|satz|rate|%.*%|skonto|rabatt|discount|ohne|excl|exkl|without|inkl|incl)/i;
const DISCOUNT = /(skonto|rabatt|discount|nachlass)/i;
const RATE = /(\d{1,2}(?:[.,]\d{1,2})?)\s?%/g;
const TAX_WORD = /(ust|mwst|umsatzsteuer|mehrwertsteuer|steuer|vat|tax|tva|iva)/i;
const CURRENCY_CODE = /\b(EUR|USD|GBP|CHF)\b/;
// A rate printed without "%" in a table column: a bare number that is not part of an amount.
const BARE_NUMBER = /(?<![\d.,])\d{1,2}(?:[.,]\d)?(?![\d.,]*\d)/g;

function rate(raw: string): number {
  return Number(raw.replace(',', '.'));
}

function plausibleRate(r: number): boolean {
  return r >= 0 && r <= 27;
}

/** The last amount on the label's line, or the first on the next line when the label stands alone. */
function labelledAmount(lines: readonly string[], label: RegExp, skip?: RegExp | ((line: string) => boolean), currency?: string): number[] {
  const found: number[] = [];
  const skipped = (line: string): boolean => (skip instanceof RegExp ? skip.test(line) : skip ? skip(line) : false);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    const match = line.match(label);
    if (!match || match.index === undefined || skipped(line)) continue;
    // "Steuerbetrag in EUR" on a GBP invoice is a second statement in another currency.
    const named = line.match(CURRENCY_CODE)?.[1];
    if (currency && named && named !== currency) continue;
    const amounts = findAmounts(line.slice(match.index + match[0].length));
    if (amounts.length > 0) found.push(amounts[amounts.length - 1]);
    else if (restOfBlock(line, match.index, match.index + match[0].length).trim().replace(/[:€]|EUR/g, '') === '') {
      const next = findAmounts(valueBelow(lines, i, match.index, match.index + match[0].length) ?? '');
      if (next.length > 0) found.push(next[0]);
    }
  }
  return found;
}

/** Rows like "19 % 336,00 € 63,84 €" or "USt 19% auf 100,00 = 19,00" whose tax matches rate × basis. */
export function findTaxBreakdown(lines: readonly string[]): TaxBreakdownLine[] {
  const rows: TaxBreakdownLine[] = [];
  for (const line of lines) {
    const percent = [...line.matchAll(RATE)].map((m) => rate(m[1])).filter(plausibleRate);
    const amounts = findAmounts(line.replace(RATE, ' '));
    if (percent.length > 1 || amounts.length < 2 || DISCOUNT.test(line)) continue;
    const bare = TAX_WORD.test(line) ? [...line.replace(RATE, ' ').matchAll(BARE_NUMBER)].map((m) => rate(m[0])) : [];
    const [net, tax] = amounts.slice(-2);
    // Only a rate for which basis × rate = tax is believed, so amounts from other columns do not pass.
    const fits = (percent.length === 1 ? percent : bare.filter(plausibleRate)).find(
      (r) => Math.abs(roundCents((net * r) / 100) - tax) <= 0.02,
    );
    if (fits !== undefined && !rows.some((r) => r.rate === fits && r.net === net)) rows.push({ rate: fits, net, tax });
  }
  return rows;
}

/** The labelled total that net + tax confirm, else the largest in magnitude ("Total" also heads sub-sums); never a lone 0. */
function pickGross(candidates: readonly number[], net: number | undefined, tax: number | undefined): number | undefined {
  if (net !== undefined && tax !== undefined) {
    const confirmed = candidates.find((g) => Math.abs(roundCents(net + tax) - g) <= 0.01);
    if (confirmed !== undefined) return confirmed;
  }
  const nonZero = candidates.filter((g) => g !== 0);
  if (nonZero.length === 0) return candidates.length > 0 && (net ?? 0) === 0 ? candidates[0] : undefined;
  return nonZero.reduce((best, g) => (Math.abs(g) > Math.abs(best) ? g : best));
}

/** Net, tax and gross totals, tax rates and breakdown, by label, checked against each other. */
export function findTotals(all: readonly string[], currency?: string): Totals {
  const table = findTotalsTable(all);
  // The table's headings are no labels of values beside them.
  const lines = table ? all.map((l, i) => (i === table.header ? '' : l)) : all;
  const breakdown = findTaxBreakdown(lines);
  const nets = labelledAmount(lines, NET, DISCOUNT, currency);
  const taxes = labelledAmount(lines, TAX, NOT_TAX_TOTAL, currency);
  const notGross = (line: string): boolean => NOT_GROSS.test(line) && !INCLUSIVE.test(line);
  const grossTotals = labelledAmount(lines, GROSS, notGross, currency);
  // The amount to pay equals the total unless prepayments or an old balance are set off: only a fallback.
  const grosses = grossTotals.length > 0 ? grossTotals : labelledAmount(lines, PAYABLE, notGross, currency);

  let net = nets[nets.length - 1];
  let tax = taxes[taxes.length - 1];
  let gross = pickGross(grosses, net, tax);
  // A table of totals whose rows check out wins over labelled amounts, unless those check out too and differ.
  const labelledChecks = net !== undefined && tax !== undefined && gross !== undefined && roundCents(net + tax) === gross;
  if (table && (!labelledChecks || (net === table.net && tax === table.tax))) {
    net = table.net;
    tax = table.tax;
    gross = table.gross ?? gross;
    if (breakdown.length === 0) breakdown.push(...table.breakdown);
  }
  if (breakdown.length > 0) {
    const sumTax = roundCents(breakdown.reduce((s, b) => s + b.tax, 0));
    net ??= roundCents(breakdown.reduce((s, b) => s + b.net, 0));
    // With several rates the last labelled "VAT" line is one rate's row; the sum of the rows is the total.
    if (tax === undefined || (gross !== undefined && roundCents(net + tax) !== gross)) tax = sumTax;
  }
  const rates = new Set<number>(breakdown.map((b) => b.rate));
  for (const line of lines) {
    if (!TAX_WORD.test(line) || DISCOUNT.test(line)) continue;
    for (const m of line.matchAll(RATE)) if (plausibleRate(rate(m[1]))) rates.add(rate(m[1]));
  }
  // A total computed from the other two is believed only when a rate the page prints gives its tax ("zu zahlender
  // Beitrag" may hold an old balance too: 440,00 − 35,13 is no net whose 19 % are 35,13).
  // Or when the page prints the computed amount itself (a net that "19 % of 86 %" gives no printed rate for).
  const printed = new Set(lines.flatMap((l) => findAmounts(l)));
  const rateConfirms = (n: number, t: number): boolean =>
    [...rates].some((r) => Math.abs(roundCents((n * r) / 100) - t) <= 0.02) ||
    (printed.has(n) && printed.has(t)) ||
    (breakdown.length > 0 && roundCents(breakdown.reduce((s, b) => s + b.net, 0)) === n && roundCents(breakdown.reduce((s, b) => s + b.tax, 0)) === t);
  if (gross === undefined && net !== undefined && tax !== undefined && rateConfirms(net, tax)) gross = roundCents(net + tax);
  if (net === undefined && gross !== undefined && tax !== undefined && rateConfirms(roundCents(gross - tax), tax)) net = roundCents(gross - tax);
  if (tax === undefined && net !== undefined && gross !== undefined && gross >= net && rateConfirms(net, roundCents(gross - net))) tax = roundCents(gross - net);
  // One rate, and net and gross that agree with it, overrule a tax amount OCR misread ("10:25 €", "322€").
  if (breakdown.length === 0 && rates.size === 1 && net !== undefined && gross !== undefined && tax !== undefined) {
    const difference = roundCents(gross - net);
    if (roundCents(net + tax) !== gross && Math.abs(roundCents((net * [...rates][0]) / 100) - difference) <= 0.02) tax = difference;
  }
  // One rate and totals that agree with it make a one-line breakdown.
  if (breakdown.length === 0 && rates.size === 1 && net !== undefined && tax !== undefined) {
    const only = [...rates][0];
    if (Math.abs(roundCents((net * only) / 100) - tax) <= 0.02) breakdown.push({ rate: only, net, tax });
  }
  return {
    net_amount: net,
    tax_amount: tax,
    gross_amount: gross,
    tax_rates: rates.size > 0 ? [...rates].sort((a, b) => a - b) : undefined,
    tax_breakdown: breakdown.length > 0 ? breakdown : undefined,
  };
}
