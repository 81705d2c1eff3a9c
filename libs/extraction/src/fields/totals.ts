import type { TaxBreakdownLine } from '@portal/contracts';
import { findAmounts, roundCents } from './amount';
import { restOfBlock, valueBelow } from './layout';
import { itemHeading, lineItemsByRate, lineItemsSum } from './line-items';
import { readSingleTotal, type SingleTotalReading } from './single-total';
import { findTotalsTable } from './totals-table';
import { vocabulary } from './vocabulary';

export interface Totals {
  /** Set when the page prints one total: how net and tax were had from it, or that only the total is known. */
  single?: SingleTotalReading;
  net_amount?: number;
  tax_amount?: number;
  gross_amount?: number;
  tax_rates?: number[];
  tax_breakdown?: TaxBreakdownLine[];
}

const NET = vocabulary('netTotal', (a) => `(${a})`);
const TAX = vocabulary('taxTotal', (a) => `(?<!\\p{L})(${a})`);
const GROSS = vocabulary('grossTotal');
const PAYABLE = vocabulary('payable');
const NOT_GROSS = vocabulary('notGross');
const INCLUSIVE = vocabulary('inclusive');
// Lines that carry a tax label but not the tax total (ids, headers, discounts).
const NOT_TAX_TOTAL =
  /(ust-?id|ust\.?-?idnr|uid|vat\s*(?:id|no|reg)|steuernummer|st\.?-?nr|tax\s*id|gstin|satz|rate|%.*%|skonto|rabatt|discount|ohne|excl|exkl|without|inkl|incl|enthalten(?!\p{L})|includes|dont|di\s+cui|inclusief|waarvan)/iu;
const DISCOUNT = /(skonto|rabatt|discount|nachlass)/i;
// A line of a tax total that names no single rate's tax: ids, headings, "incl." notes.
const NOT_TAX_LINE = /(ust-?id|ust\.?-?idnr|uid|vat\s*(?:id|no|reg)|steuernummer|st\.?-?nr|tax\s*id|inkl|incl|enthalten|includes|dont|di\s+cui|inclusief)/i;
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
    else if (
      restOfBlock(line, match.index, match.index + match[0].length)
        .trim()
        .replace(/[:€]|EUR/g, '') === ''
    ) {
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
    const fits = (percent.length === 1 ? percent : bare.filter(plausibleRate)).find((r) => Math.abs(roundCents((net * r) / 100) - tax) <= 0.02);
    if (fits !== undefined && !rows.some((r) => r.rate === fits && r.net === net)) rows.push({ rate: fits, net, tax });
  }
  return rows;
}

interface RateTax {
  rate: number;
  tax: number;
}

/** Tax lines that each name one rate and its tax ("19 % USt. 368,06 €", "TVA 6 % 689,27 €", "CGST @ 9% 900.00"). */
function taxPerRateLines(lines: readonly string[]): RateTax[] {
  const out: RateTax[] = [];
  for (const line of lines) {
    if (!TAX.test(line) || NOT_TAX_LINE.test(line) || DISCOUNT.test(line)) continue;
    const percent = [...line.matchAll(RATE)].map((m) => rate(m[1])).filter(plausibleRate);
    const amounts = findAmounts(line.replace(RATE, ' '));
    if (percent.length !== 1 || amounts.length !== 1) continue;
    out.push({ rate: percent[0], tax: amounts[0] });
  }
  return out;
}

/**
 * Several tax lines with a rate each but no base (one per rate, or two taxes at one rate as CGST and SGST): their
 * taxes sum to the tax total when net + sum = gross, and the line items summed per rate give each rate's base when
 * rate × base gives its tax.
 */
function perRateTaxes(
  lines: readonly string[],
  net: number | undefined,
  gross: number | undefined,
): { tax: number; breakdown: TaxBreakdownLine[] } | undefined {
  const perRate = taxPerRateLines(lines);
  if (perRate.length < 2 || net === undefined || gross === undefined) return undefined;
  const tax = roundCents(perRate.reduce((s, r) => s + r.tax, 0));
  if (Math.abs(roundCents(net + tax) - gross) > 0.01) return undefined;
  const items = lineItemsByRate(lines);
  const distinct = new Set(perRate.map((r) => r.rate)).size === perRate.length;
  const fits =
    distinct &&
    items !== undefined &&
    items.size === perRate.length &&
    perRate.every((r) => items.has(r.rate) && Math.abs(roundCents((items.get(r.rate)! * r.rate) / 100) - r.tax) <= 0.01);
  const breakdown = fits ? perRate.map((r) => ({ rate: r.rate, net: items.get(r.rate)!, tax: r.tax })) : [];
  return { tax, breakdown: breakdown.length > 0 && roundCents(breakdown.reduce((s, b) => s + b.net, 0)) === net ? breakdown : [] };
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
  // The headings of the totals table and of the line items are no labels of values beside or below them.
  const lines = table ? all.map((l, i) => (i === table.header ? '' : l)) : all;
  const items = itemHeading(all);
  const labelLines = lines.map((l, i) => (i === items ? '' : l));
  const breakdown = findTaxBreakdown(lines);
  const nets = labelledAmount(labelLines, NET, DISCOUNT, currency);
  const taxes = labelledAmount(labelLines, TAX, NOT_TAX_TOTAL, currency);
  const notGross = (line: string): boolean => NOT_GROSS.test(line) && !INCLUSIVE.test(line);
  const grossTotals = labelledAmount(labelLines, GROSS, notGross, currency);
  // The amount to pay equals the total unless prepayments or an old balance are set off: only a fallback.
  const grosses = grossTotals.length > 0 ? grossTotals : labelledAmount(labelLines, PAYABLE, notGross, currency);

  let net = nets[nets.length - 1];
  let tax = taxes[taxes.length - 1];
  let gross = pickGross(grosses, net, tax);
  if (table === undefined && breakdown.length === 0 && net !== undefined && tax !== undefined && (gross === undefined || roundCents(net + tax) !== gross)) {
    const several = perRateTaxes(lines, net, pickGross(grosses, undefined, undefined));
    if (several) {
      tax = several.tax;
      gross = pickGross(grosses, net, tax);
      breakdown.push(...several.breakdown);
    }
  }
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
  // The rates the page prints: beside a tax word, and in every row of its line items.
  const rates = new Set<number>([...breakdown.map((b) => b.rate), ...(lineItemsByRate(lines)?.keys() ?? [])]);
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
  if (tax === undefined && net !== undefined && gross !== undefined && gross >= net && rateConfirms(net, roundCents(gross - net)))
    tax = roundCents(gross - net);
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
  // One total and nothing else: split by what the page says about its tax, or shown alone.
  let single: SingleTotalReading | undefined;
  if (gross !== undefined && net === undefined && tax === undefined && breakdown.length === 0 && new Set(grosses).size === 1) {
    const split = readSingleTotal(lines, gross, rates);
    // An amount to pay may hold an old balance: it is split by a rate or shown alone only when the line items add up
    // to it (or to the net it leaves).
    const itemSum = lineItemsSum(all);
    const itemsConfirm = itemSum !== undefined && (itemSum === gross || itemSum === split.net);
    if (grossTotals.length > 0 || split.how === 'included' || split.how === 'zero-rated' || itemsConfirm) {
      single = split.how;
      if (split.net !== undefined && split.tax !== undefined) {
        net = split.net;
        tax = split.tax;
      }
      breakdown.push(...(split.breakdown ?? []));
      for (const b of split.breakdown ?? []) rates.add(b.rate);
    }
  }
  return {
    ...(single ? { single } : {}),
    net_amount: net,
    tax_amount: tax,
    gross_amount: gross,
    tax_rates: rates.size > 0 ? [...rates].sort((a, b) => a - b) : undefined,
    tax_breakdown: breakdown.length > 0 ? breakdown : undefined,
  };
}
