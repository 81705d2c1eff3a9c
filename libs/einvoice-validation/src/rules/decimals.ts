/** EN 16931 BR-DEC-*: amounts carry at most two decimals. */
import type { El } from '../xml/dom';
import { Dec } from '../xml/decimal';
import { ciiGenericHeaderTaxes, ciiHeaderIndicators, ciiLineIndicators, ublLineAllowanceCharges, ublSubtotals } from './core';
import { each, rule, twoDecimals, type Doc, type Rule } from './rule';
import * as U from './ubl';

const text = (term: string, de: string) => ({
  en: `The allowed maximum number of decimals for the ${term} is 2.`,
  de: `${de} darf höchstens zwei Nachkommastellen haben.`,
});

/** string-length(substring-after(path, '.')) <= 2 on the first node of the path. */
const ok = (path: string) => (el: El) => twoDecimals(el.first(path));
const okParent = (path: string) => (el: El) => twoDecimals(el.parent?.first(path));

const totals = (d: Doc) => d.root.descendants('cac:LegalMonetaryTotal');
const sums = (d: Doc) => d.root.descendants('ram:SpecifiedTradeSettlementHeaderMonetarySummation');

function dec(id: string, en: string, de: string, ubl: (d: Doc) => ReturnType<typeof each>, cii: (d: Doc) => ReturnType<typeof each>): Rule {
  return rule(id, 'fatal', text(en, de), { ubl, cii });
}

/** CII BR-DEC-13/15: the tax total in a currency must equal itself rounded to two decimals. */
function ciiTaxTotalRounded(d: Doc, currencyElement: 'ram:InvoiceCurrencyCode' | 'ram:TaxCurrencyCode'): ReturnType<typeof each> {
  const currencies = d.root.at(`rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/${currencyElement}`).map((c) => c.value());
  return each(sums(d), (s) => {
    const amounts = s.all('ram:TaxTotalAmount');
    if (amounts.length === 0) return true;
    return amounts.some((a) => {
      const inCurrency = currencies.includes(a.attr('currencyID') ?? '\u0000');
      if (currencyElement === 'ram:TaxCurrencyCode' && currencies.length === 0) return true;
      if (!inCurrency) return currencyElement === 'ram:InvoiceCurrencyCode';
      const v = Dec.parse(a.value());
      return !!v && v.eq(v.round2());
    });
  });
}

/**
 * UBL BR-DEC-13/15: the official UBL binding selects the VAT total whose currency equals a currency code
 * *inside the amount element*, which never exists, so these two rules cannot fail in UBL. The figures are
 * still guarded by UBL-DT-01 (every amount has at most two decimals).
 */
function ublTaxTotalDecimals(d: Doc, currencyElement: 'cbc:DocumentCurrencyCode' | 'cbc:TaxCurrencyCode'): ReturnType<typeof each> {
  const amounts = d.root
    .descendants('cac:TaxTotal')
    .flatMap((t) => t.all('cbc:TaxAmount'))
    .filter((a) => a.all(currencyElement).some((c) => c.value() === a.attr('currencyID')));
  return each([d.root], () => amounts.length === 0 || twoDecimals(amounts[0]));
}

export const decimalRules: Rule[] = [
  dec(
    'BR-DEC-01',
    'document level allowance amount (BT-92)',
    'Der Nachlassbetrag (BT-92)',
    (d) => each(U.documentAllowanceCharges(d.root, false), ok('cbc:Amount')),
    (d) => each(ciiHeaderIndicators(d.root, false), okParent('ram:ActualAmount')),
  ),
  dec(
    'BR-DEC-02',
    'document level allowance base amount (BT-93)',
    'Der Grundbetrag des Nachlasses (BT-93)',
    (d) => each(U.documentAllowanceCharges(d.root, false), ok('cbc:BaseAmount')),
    (d) => each(ciiHeaderIndicators(d.root, false), okParent('ram:BasisAmount')),
  ),
  dec(
    'BR-DEC-05',
    'document level charge amount (BT-99)',
    'Der Zuschlagsbetrag (BT-99)',
    (d) => each(U.documentAllowanceCharges(d.root, true), ok('cbc:Amount')),
    (d) => each(ciiHeaderIndicators(d.root, true), okParent('ram:ActualAmount')),
  ),
  dec(
    'BR-DEC-06',
    'document level charge base amount (BT-100)',
    'Der Grundbetrag des Zuschlags (BT-100)',
    (d) => each(U.documentAllowanceCharges(d.root, true), ok('cbc:BaseAmount')),
    (d) => each(ciiHeaderIndicators(d.root, true), okParent('ram:BasisAmount')),
  ),
  dec(
    'BR-DEC-09',
    'sum of invoice line net amount (BT-106)',
    'Die Summe der Nettobeträge (BT-106)',
    (d) => each(totals(d), ok('cbc:LineExtensionAmount')),
    (d) => each(sums(d), ok('ram:LineTotalAmount')),
  ),
  dec(
    'BR-DEC-10',
    'sum of allowances on document level (BT-107)',
    'Die Summe der Nachlässe (BT-107)',
    (d) => each(totals(d), ok('cbc:AllowanceTotalAmount')),
    (d) => each(sums(d), ok('ram:AllowanceTotalAmount')),
  ),
  dec(
    'BR-DEC-11',
    'sum of charges on document level (BT-108)',
    'Die Summe der Zuschläge (BT-108)',
    (d) => each(totals(d), ok('cbc:ChargeTotalAmount')),
    (d) => each(sums(d), ok('ram:ChargeTotalAmount')),
  ),
  dec(
    'BR-DEC-12',
    'invoice total amount without VAT (BT-109)',
    'Der Gesamtbetrag ohne Umsatzsteuer (BT-109)',
    (d) => each(totals(d), ok('cbc:TaxExclusiveAmount')),
    (d) => each(sums(d), ok('ram:TaxBasisTotalAmount')),
  ),
  dec(
    'BR-DEC-13',
    'invoice total VAT amount (BT-110)',
    'Der Umsatzsteuer-Gesamtbetrag (BT-110)',
    (d) => ublTaxTotalDecimals(d, 'cbc:DocumentCurrencyCode'),
    (d) => ciiTaxTotalRounded(d, 'ram:InvoiceCurrencyCode'),
  ),
  dec(
    'BR-DEC-14',
    'invoice total amount with VAT (BT-112)',
    'Der Gesamtbetrag mit Umsatzsteuer (BT-112)',
    (d) => each(totals(d), ok('cbc:TaxInclusiveAmount')),
    (d) => each(sums(d), ok('ram:GrandTotalAmount')),
  ),
  dec(
    'BR-DEC-15',
    'invoice total VAT amount in accounting currency (BT-111)',
    'Der Umsatzsteuer-Gesamtbetrag in Steuerwährung (BT-111)',
    (d) => ublTaxTotalDecimals(d, 'cbc:TaxCurrencyCode'),
    (d) => ciiTaxTotalRounded(d, 'ram:TaxCurrencyCode'),
  ),
  dec(
    'BR-DEC-16',
    'paid amount (BT-113)',
    'Der bereits gezahlte Betrag (BT-113)',
    (d) => each(totals(d), ok('cbc:PrepaidAmount')),
    (d) => each(sums(d), ok('ram:TotalPrepaidAmount')),
  ),
  dec(
    'BR-DEC-17',
    'rounding amount (BT-114)',
    'Der Rundungsbetrag (BT-114)',
    (d) => each(totals(d), ok('cbc:PayableRoundingAmount')),
    (d) => each(sums(d), ok('ram:RoundingAmount')),
  ),
  dec(
    'BR-DEC-18',
    'amount due for payment (BT-115)',
    'Der fällige Betrag (BT-115)',
    (d) => each(totals(d), ok('cbc:PayableAmount')),
    (d) => each(sums(d), ok('ram:DuePayableAmount')),
  ),
  dec(
    'BR-DEC-19',
    'VAT category taxable amount (BT-116)',
    'Der Nettobetrag je Steuerkategorie (BT-116)',
    (d) => each(ublSubtotals(d), ok('cbc:TaxableAmount')),
    (d) => each(ciiGenericHeaderTaxes(d.root), ok('ram:BasisAmount')),
  ),
  dec(
    'BR-DEC-20',
    'VAT category tax amount (BT-117)',
    'Der Steuerbetrag je Steuerkategorie (BT-117)',
    (d) => each(ublSubtotals(d), ok('cbc:TaxAmount')),
    (d) => each(ciiGenericHeaderTaxes(d.root), ok('ram:CalculatedAmount')),
  ),
  dec(
    'BR-DEC-23',
    'invoice line net amount (BT-131)',
    'Der Nettobetrag der Position (BT-131)',
    (d) => each(U.allLines(d.root), ok('cbc:LineExtensionAmount')),
    (d) =>
      each(
        d.root.descendants('ram:IncludedSupplyChainTradeLineItem'),
        ok('ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount'),
      ),
  ),
  dec(
    'BR-DEC-24',
    'invoice line allowance amount (BT-136)',
    'Der Nachlassbetrag der Position (BT-136)',
    (d) => each(ublLineAllowanceCharges(d.root, false), ok('cbc:Amount')),
    (d) => each(ciiLineIndicators(d.root, false), okParent('ram:ActualAmount')),
  ),
  dec(
    'BR-DEC-25',
    'invoice line allowance base amount (BT-137)',
    'Der Grundbetrag des Positionsnachlasses (BT-137)',
    (d) => each(ublLineAllowanceCharges(d.root, false), ok('cbc:BaseAmount')),
    (d) => each(ciiLineIndicators(d.root, false), okParent('ram:BasisAmount')),
  ),
  dec(
    'BR-DEC-27',
    'invoice line charge amount (BT-141)',
    'Der Zuschlagsbetrag der Position (BT-141)',
    (d) => each(ublLineAllowanceCharges(d.root, true), ok('cbc:Amount')),
    (d) => each(ciiLineIndicators(d.root, true), okParent('ram:ActualAmount')),
  ),
  dec(
    'BR-DEC-28',
    'invoice line charge base amount (BT-142)',
    'Der Grundbetrag des Positionszuschlags (BT-142)',
    (d) => each(ublLineAllowanceCharges(d.root, true), ok('cbc:BaseAmount')),
    (d) => each(ciiLineIndicators(d.root, true), okParent('ram:BasisAmount')),
  ),
];
