/**
 * EN 16931 VAT category rules BR-S/Z/E/AE/IC/G/O/AF/AG-01 … -10 (and IC-11/12, O-11…14, B-01/02): for each
 * VAT category code the breakdown, the seller's and buyer's identifiers, the rates and the exemption reasons.
 */
import type { El } from '../xml/dom';
import { Dec, sum } from '../xml/decimal';
import * as C from './cii';
import { dec, decAt, each, figures, ns, rule, type Doc, type Rule, type Text, type Violation } from './rule';
import * as U from './ubl';
import { xmlNumber } from '../xml/space';

type Code = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';
const PREFIX: Record<Code, string> = { S: 'BR-S', Z: 'BR-Z', E: 'BR-E', AE: 'BR-AE', K: 'BR-IC', G: 'BR-G', O: 'BR-O', L: 'BR-AF', M: 'BR-AG' };
const NAME: Record<Code, Text> = {
  S: { en: 'Standard rated', de: 'Normalsatz' },
  Z: { en: 'Zero rated', de: 'Nullsatz' },
  E: { en: 'Exempt from VAT', de: 'Steuerbefreit' },
  AE: { en: 'Reverse charge', de: 'Umkehrung der Steuerschuldnerschaft' },
  K: { en: 'Intra-community supply', de: 'Innergemeinschaftliche Lieferung' },
  G: { en: 'Export outside the EU', de: 'Ausfuhr außerhalb der EU' },
  O: { en: 'Not subject to VAT', de: 'Nicht steuerbar' },
  L: { en: 'IGIC (Canary Islands)', de: 'IGIC (Kanarische Inseln)' },
  M: { en: 'IPSI (Ceuta and Melilla)', de: 'IPSI (Ceuta und Melilla)' },
};
const ONE = Dec.of(1);

/** Rate rule per category: > 0, = 0, absent or >= 0 (CII IGIC requires > 0). */
type RateRule = 'positive' | 'zero' | 'absent' | 'nonNegative';
const RATE: Record<Code, { ubl: RateRule; cii: RateRule }> = {
  S: { ubl: 'positive', cii: 'positive' },
  Z: { ubl: 'zero', cii: 'zero' },
  E: { ubl: 'zero', cii: 'zero' },
  AE: { ubl: 'zero', cii: 'zero' },
  K: { ubl: 'zero', cii: 'zero' },
  G: { ubl: 'zero', cii: 'zero' },
  O: { ubl: 'absent', cii: 'absent' },
  L: { ubl: 'nonNegative', cii: 'positive' },
  M: { ubl: 'nonNegative', cii: 'nonNegative' },
};
const EXEMPTION_REQUIRED: Record<Code, boolean> = { S: false, Z: false, E: true, AE: true, K: true, G: true, O: true, L: false, M: false };
const RATE_BASED: readonly Code[] = ['S', 'L', 'M'];

function numberOf(el: El | undefined): number {
  return el ? xmlNumber(el.value()) : NaN;
}

function rateOk(kind: RateRule, percent: El | undefined, present: boolean): boolean {
  if (kind === 'absent') return !present;
  if (kind === 'zero') return !!dec(percent)?.isZero();
  const n = numberOf(percent);
  return kind === 'positive' ? n > 0 : n >= 0;
}

const rateText = (kind: RateRule): Text =>
  ({
    positive: { en: 'shall be greater than zero', de: 'muss größer als null sein' },
    zero: { en: 'shall be 0 (zero)', de: 'muss 0 sein' },
    absent: { en: 'shall not be given', de: 'darf nicht angegeben werden' },
    nonNegative: { en: 'shall be 0 (zero) or greater', de: 'muss 0 oder größer sein' },
  })[kind];

// ---------------- UBL ----------------

const ublCategoryIs = (code: string) => (c: El) => U.categoryCode(c) === code;
const ublVatCategory = (code: string) => (c: El) => U.categoryCode(c) === code && U.isVat(c);

function ublSellerOk(root: El, code: Code): boolean {
  const anySchemeForSeller = code !== 'G' && code !== 'K';
  return U.sellerVatId(root, anySchemeForSeller) || U.taxRepresentativeVatId(root);
}

function ublIdentifiersOk(root: El, code: Code): boolean {
  if (code === 'O') return !U.sellerVatId(root) && !U.taxRepresentativeVatId(root) && !U.buyerVatId(root);
  if (code === 'AE') return ublSellerOk(root, code) && (U.buyerVatId(root) || U.buyerLegalId(root));
  if (code === 'K') return ublSellerOk(root, code) && U.buyerVatId(root);
  return ublSellerOk(root, code);
}

function ublAcSum(root: El, code: string, charge: boolean, rate?: Dec): Dec {
  return sum(
    U.documentAllowanceCharges(root, charge)
      .filter(
        (ac) =>
          ac.all('cac:TaxCategory').some((c) => U.categoryCode(c) === code) &&
          (!rate || ac.all('cac:TaxCategory').some((c) => same(decAt(c, 'cbc:Percent'), rate))),
      )
      .map((ac) => decAt(ac, 'cbc:Amount')),
  );
}

function same(a: Dec | undefined, b: Dec | undefined): boolean {
  return !!a && !!b && a.eq(b);
}

function within(value: Dec | undefined, expected: Dec, inclusive = false): boolean {
  if (!value) return false;
  const lo = value.minus(ONE).cmp(expected);
  const hi = value.plus(ONE).cmp(expected);
  return inclusive ? lo <= 0 && hi >= 0 : lo < 0 && hi > 0;
}

function ublBreakdownOk(root: El, category: El, code: Code): { ok: boolean; expected?: Dec } {
  const subtotal = category.parent;
  const taxable = decAt(subtotal, 'cbc:TaxableAmount');
  const hasInvoiceLines = root.descendants('cac:InvoiceLine').length > 0;
  const hasCreditLines = root.descendants('cac:CreditNoteLine').length > 0;
  const linesOf = (name: string, rate?: Dec) =>
    sum(
      root
        .all(name)
        .filter(
          (l) =>
            l.at('cac:Item/cac:ClassifiedTaxCategory').some((c) => U.categoryCode(c) === code) &&
            (!rate || l.at('cac:Item/cac:ClassifiedTaxCategory').some((c) => same(decAt(c, 'cbc:Percent'), rate))),
        )
        .map((l) => decAt(l, 'cbc:LineExtensionAmount')),
    );
  const expectedFor = (name: string, rate?: Dec) =>
    linesOf(name, rate)
      .plus(ublAcSum(root, code, true, rate))
      .minus(ublAcSum(root, code, false, rate));
  if (!RATE_BASED.includes(code)) {
    const inv = hasInvoiceLines && same(taxable, expectedFor('cac:InvoiceLine'));
    const cn = hasCreditLines && same(taxable, expectedFor('cac:CreditNoteLine'));
    return { ok: inv || cn, expected: expectedFor(hasCreditLines && !hasInvoiceLines ? 'cac:CreditNoteLine' : 'cac:InvoiceLine') };
  }
  const percents = category.all('cbc:Percent');
  if (percents.length === 0) return { ok: true };
  const rate = dec(percents[0]);
  if (!rate) return { ok: false };
  const anyAc = root
    .descendants('cac:AllowanceCharge')
    .some(
      (ac) => ac.all('cac:TaxCategory').some((c) => U.categoryCode(c) === code) && ac.all('cac:TaxCategory').some((c) => same(decAt(c, 'cbc:Percent'), rate)),
    );
  const linesWithRate = (name: string) =>
    root
      .descendants(name)
      .some(
        (l) =>
          l.at('cac:Item/cac:ClassifiedTaxCategory').some((c) => U.categoryCode(c) === code) &&
          l.at('cac:Item/cac:ClassifiedTaxCategory').some((c) => same(decAt(c, 'cbc:Percent'), rate)),
      );
  const guard = (name: string) => (code === 'S' ? linesWithRate(name) || anyAc : root.descendants(name).length > 0);
  const inv = guard('cac:InvoiceLine') && within(taxable, expectedFor('cac:InvoiceLine', rate));
  const cn = guard('cac:CreditNoteLine') && within(taxable, expectedFor('cac:CreditNoteLine', rate));
  return { ok: inv || cn, expected: expectedFor(hasCreditLines && !hasInvoiceLines ? 'cac:CreditNoteLine' : 'cac:InvoiceLine', rate) };
}

function ublTaxAmountOk(category: El, code: Code): boolean {
  const subtotal = category.parent;
  const tax = decAt(subtotal, 'cbc:TaxAmount');
  if (!RATE_BASED.includes(code)) return !!tax && tax.isZero();
  const base = decAt(subtotal, 'cbc:TaxableAmount');
  const rate = decAt(category, 'cbc:Percent');
  if (!tax || !base || !rate) return false;
  return within(tax.abs(), base.abs().times(rate).shift(2).round2());
}

function ublFirstRule(root: El, code: Code): boolean {
  const breakdown = U.breakdownCategories(root);
  if (code === 'S') {
    const used =
      root
        .descendants('cac:AllowanceCharge')
        .flatMap((ac) => ac.all('cac:TaxCategory'))
        .filter(ublCategoryIs('S')).length + root.descendants('cac:ClassifiedTaxCategory').filter(ublCategoryIs('S')).length;
    const inBreakdown = breakdown.filter(ublCategoryIs('S')).length;
    return (used > 0 && inBreakdown > 0) || (used === 0 && inBreakdown === 0);
  }
  if (code === 'L' || code === 'M') {
    const used =
      root
        .descendants('cac:AllowanceCharge')
        .flatMap((ac) => ac.all('cac:TaxCategory'))
        .filter(ublVatCategory(code)).length + root.descendants('cac:ClassifiedTaxCategory').filter(ublVatCategory(code)).length;
    const inBreakdownLoose = breakdown.filter((c) => c.all('cbc:ID').some((i) => i.value() === code) && (code === 'L' || U.isVat(c))).length;
    const inBreakdown = breakdown.filter(ublVatCategory(code)).length;
    return (used > 0 && inBreakdownLoose > 0) || (used === 0 && inBreakdown === 0);
  }
  const anywhere = [...root.descendants('cac:TaxCategory'), ...root.descendants('cac:ClassifiedTaxCategory')].some(
    (c) => U.isVat(c) && c.all('cbc:ID').some((i) => ns(i) === code),
  );
  const count = breakdown
    .filter((c) => U.isVat(c))
    .flatMap((c) => c.all('cbc:ID'))
    .filter((i) => ns(i) === code).length;
  return anywhere ? count === 1 : true;
}

// ---------------- CII ----------------

const ciiLineTaxes = (root: El) => root.at(`${C.TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax`);
const ciiAllowanceChargeTaxes = (root: El, charge: boolean) =>
  root
    .descendants('ram:SpecifiedTradeAllowanceCharge')
    .filter((ac) => C.chargeIndicator(ac) === charge)
    .flatMap((ac) => ac.all('ram:CategoryTradeTax'));

function ciiIdentifiersOk(root: El, code: Code): boolean {
  const agreement = root.first(C.AGREEMENT);
  const sellerVaFc = agreement?.all('ram:SellerTradeParty').some((p) => C.taxRegistration(p, ['VA', 'FC'])) ?? false;
  const repVa = agreement?.all('ram:SellerTaxRepresentativeTradeParty').some((p) => C.taxRegistration(p, ['VA'])) ?? false;
  const anySellerVa = C.anySellerTaxRegistration(root, ['VA']);
  const anyRepVa = C.anyTaxRepresentativeVat(root);
  switch (code) {
    case 'O':
      return !(agreement?.all('ram:SellerTradeParty').some((p) => C.taxRegistration(p, ['VA'])) ?? false) && !repVa && !C.anyBuyerVat(root);
    case 'G':
      return anySellerVa || anyRepVa;
    case 'K':
      return (anySellerVa || anyRepVa) && C.anyBuyerVat(root);
    case 'AE':
      return (
        (C.anySellerTaxRegistration(root, ['VA', 'FC']) || anyRepVa) &&
        (C.anyBuyerVat(root) || root.descendants('ram:BuyerTradeParty').some((b) => b.has('ram:SpecifiedLegalOrganization/ram:ID')))
      );
    default:
      return sellerVaFc || repVa;
  }
}

function ciiRound(values: (Dec | undefined)[]): Dec {
  return sum(values).round2();
}

function ciiExpected(root: El, code: Code, rate?: Dec): Dec {
  const lineSets = root
    .at(`${C.TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement`)
    .filter(
      (s) =>
        s.all('ram:ApplicableTradeTax').some((t) => C.hasCategory(t, code)) &&
        (!rate || s.all('ram:ApplicableTradeTax').some((t) => same(decAt(t, 'ram:RateApplicablePercent'), rate))),
    );
  const lines = ciiRound(lineSets.map((s) => decAt(s, 'ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount')));
  const ac = (charge: boolean) =>
    ciiRound(
      C.headerAllowanceCharges(root, charge)
        .filter(
          (a) =>
            a.all('ram:CategoryTradeTax').some((t) => C.hasCategory(t, code)) &&
            (!rate || a.all('ram:CategoryTradeTax').some((t) => same(decAt(t, 'ram:RateApplicablePercent'), rate))),
        )
        .map((a) => dec(a.all('ram:ActualAmount')[0])),
    );
  return lines.plus(ac(true)).minus(ac(false));
}

/** Header breakdowns of a category as the rules address them (the category code element or the tax element). */
function ciiBreakdowns(root: El, code: Code): El[] {
  const taxes = C.headerTaxes(root).filter((t) => C.hasCategory(t, code) && (code === 'S' || code === 'Z' || C.isVat(t)));
  return taxes;
}

function ciiFirstRule(root: El, code: Code): boolean {
  const hdr = C.headerTaxes(root).filter((t) => C.hasCategory(t, code)).length;
  const line = C.lineTaxes(root).filter((t) => C.hasCategory(t, code)).length;
  const ac = C.allowanceTaxes(root).filter((t) => C.hasCategory(t, code)).length;
  if (code === 'S' || code === 'L' || code === 'M') return (line + hdr >= 2 || line === 0) && (ac + hdr >= 2 || ac === 0);
  if (code === 'O') return hdr === 0 || (hdr === 1 && (line > 0 || ac > 0));
  return (hdr === 0 && line === 0 && ac === 0) || (hdr === 1 && (line > 0 || ac > 0));
}

// ---------------- the rules ----------------

function categoryRules(code: Code): Rule[] {
  const p = PREFIX[code];
  const n = NAME[code];
  const vatCat = ublVatCategory(code);
  const id = (k: number) => `${p}-${String(k).padStart(2, '0')}`;
  const rules: Rule[] = [];

  rules.push(
    rule(
      id(1),
      'fatal',
      {
        en: `An invoice that contains an item, allowance or charge with VAT category "${n.en}" shall contain exactly one VAT breakdown (BG-23) for that category (and one only where the rules say so).`,
        de: `Eine Rechnung mit Positionen, Nachlässen oder Zuschlägen der Kategorie „${n.de}“ muss dafür eine Umsatzsteueraufschlüsselung (BG-23) enthalten.`,
      },
      { ubl: (d) => each([d.root], (r) => ublFirstRule(r, code)), cii: (d) => each([d.root], (r) => ciiFirstRule(r, code)) },
    ),
  );

  const idText =
    code === 'O'
      ? {
          en: `An invoice with VAT category "${n.en}" shall not contain the seller VAT identifier (BT-31), the seller tax representative VAT identifier (BT-63) or the buyer VAT identifier (BT-48).`,
          de: `Eine Rechnung der Kategorie „${n.de}“ darf keine Umsatzsteuer-IDs von Verkäufer (BT-31), Steuervertreter (BT-63) oder Käufer (BT-48) enthalten.`,
        }
      : {
          en: `An invoice with VAT category "${n.en}" shall contain the seller VAT identifier (BT-31), the seller tax registration identifier (BT-32) or the seller tax representative VAT identifier (BT-63)${code === 'AE' || code === 'K' ? ' and the buyer VAT identifier (BT-48)' : ''}.`,
          de: `Eine Rechnung der Kategorie „${n.de}“ muss die Umsatzsteuer-ID bzw. Steuernummer des Verkäufers (BT-31/BT-32) oder seines Steuervertreters (BT-63) enthalten${code === 'AE' || code === 'K' ? ', außerdem die Umsatzsteuer-ID des Käufers (BT-48)' : ''}.`,
        };
  const where = ['invoice line', 'document level allowance', 'document level charge'];
  const whereDe = ['Rechnungsposition', 'Nachlass auf Dokumentebene', 'Zuschlag auf Dokumentebene'];
  const ublContexts = [
    (r: El) =>
      U.allLines(r)
        .flatMap((l) => l.at('cac:Item/cac:ClassifiedTaxCategory'))
        .filter(vatCat),
    (r: El) =>
      U.anyAllowanceCharges(r, false)
        .flatMap((ac) => ac.all('cac:TaxCategory'))
        .filter(vatCat),
    (r: El) =>
      U.anyAllowanceCharges(r, true)
        .flatMap((ac) => ac.all('cac:TaxCategory'))
        .filter(vatCat),
  ];
  const ciiContexts = [
    (r: El) => ciiLineTaxes(r).filter((t) => C.hasCategory(t, code) && C.isVat(t)),
    (r: El) => ciiAllowanceChargeTaxes(r, false).filter((t) => C.hasCategory(t, code) && C.isVat(t)),
    (r: El) => ciiAllowanceChargeTaxes(r, true).filter((t) => C.hasCategory(t, code) && C.isVat(t)),
  ];
  for (let k = 0; k < 3; k++) {
    rules.push(
      rule(
        id(2 + k),
        'fatal',
        { en: `${idText.en} (${where[k]})`, de: `${idText.de} (${whereDe[k]})` },
        {
          ubl: (d) => ublIdentifierViolations(d, code, k),
          cii: (d) => each(ciiContexts[k]!(d.root), () => ciiIdentifiersOk(d.root, code)),
        },
      ),
    );
  }
  for (let k = 0; k < 3; k++) {
    rules.push(
      rule(
        id(5 + k),
        'fatal',
        {
          en: `In an ${where[k]} with VAT category "${n.en}" the VAT rate ${rateText(RATE[code].ubl).en}.`,
          de: `Bei ${whereDe[k]} der Kategorie „${n.de}“ ${rateText(RATE[code].ubl).de.replace('muss', 'muss der Steuersatz').replace('darf', 'darf der Steuersatz')}.`,
        },
        {
          ubl: (d) => each(ublContexts[k]!(d.root), (c) => rateOk(RATE[code].ubl, c.first('cbc:Percent'), c.has('cbc:Percent'))),
          cii: (d) => each(ciiContexts[k]!(d.root), (t) => rateOk(RATE[code].cii, t.first('ram:RateApplicablePercent'), t.has('ram:RateApplicablePercent'))),
        },
      ),
    );
  }
  rules.push(
    rule(
      id(8),
      'fatal',
      {
        en: `In a VAT breakdown for "${n.en}" the taxable amount (BT-116) shall equal the sum of the line net amounts plus charges minus allowances of that category${RATE_BASED.includes(code) ? ' and rate' : ''}.`,
        de: `In der Umsatzsteueraufschlüsselung für „${n.de}“ muss der Nettobetrag (BT-116) der Summe der Positionen zuzüglich Zuschlägen abzüglich Nachlässen dieser Kategorie${RATE_BASED.includes(code) ? ' und dieses Steuersatzes' : ''} entsprechen.`,
      },
      {
        ubl: (d) => {
          const out: Violation[] = [];
          for (const c of U.breakdownCategories(d.root).filter(vatCat)) {
            const r = ublBreakdownOk(d.root, c, code);
            if (!r.ok) out.push({ at: c, detail: figures((f) => `${f(decAt(c.parent, 'cbc:TaxableAmount'))} ≠ ${f(r.expected)}`) });
          }
          return out;
        },
        cii: (d) => ciiBreakdownViolations(d, code),
      },
    ),
  );
  rules.push(
    rule(
      id(9),
      'fatal',
      RATE_BASED.includes(code)
        ? {
            en: `The VAT amount (BT-117) for "${n.en}" shall equal the taxable amount (BT-116) multiplied by the VAT rate (BT-119).`,
            de: `Der Steuerbetrag (BT-117) für „${n.de}“ muss dem Nettobetrag (BT-116) mal dem Steuersatz (BT-119) entsprechen.`,
          }
        : {
            en: `The VAT amount (BT-117) in a VAT breakdown for "${n.en}" shall be 0 (zero).`,
            de: `Der Steuerbetrag (BT-117) der Aufschlüsselung „${n.de}“ muss 0 sein.`,
          },
      {
        ubl: (d) =>
          each(
            U.breakdownCategories(d.root).filter(vatCat),
            (c) => ublTaxAmountOk(c, code),
            (c) =>
              figures(
                (f) => `${f(decAt(c.parent, 'cbc:TaxAmount'))}; ${f(decAt(c.parent, 'cbc:TaxableAmount'))} × ${decAt(c, 'cbc:Percent')?.toString() ?? '–'} %`,
              ),
          ),
        cii: (d) => ciiTaxAmountViolations(d, code),
      },
    ),
  );
  rules.push(
    rule(
      id(10),
      'fatal',
      EXEMPTION_REQUIRED[code]
        ? {
            en: `A VAT breakdown for "${n.en}" shall have a VAT exemption reason code (BT-121) or text (BT-120).`,
            de: `Eine Aufschlüsselung „${n.de}“ muss einen Befreiungsgrund (BT-120) oder dessen Code (BT-121) enthalten.`,
          }
        : {
            en: `A VAT breakdown for "${n.en}" shall not have a VAT exemption reason code (BT-121) or text (BT-120).`,
            de: `Eine Aufschlüsselung „${n.de}“ darf keinen Befreiungsgrund (BT-120/BT-121) enthalten.`,
          },
      {
        ubl: (d) =>
          each(
            U.breakdownCategories(d.root).filter(vatCat),
            (c) => (c.has('cbc:TaxExemptionReason') || c.has('cbc:TaxExemptionReasonCode')) === EXEMPTION_REQUIRED[code],
          ),
        cii: (d) => each(ciiBreakdowns(d.root, code), (t) => (t.has('ram:ExemptionReason') || t.has('ram:ExemptionReasonCode')) === EXEMPTION_REQUIRED[code]),
      },
    ),
  );
  return rules;
}

function ublIdentifierViolations(d: Doc, code: Code, k: number): Violation[] {
  const r = d.root;
  if (k === 0) {
    const classified = r.descendants('cac:ClassifiedTaxCategory');
    const withVat = classified.some(ublVatCategory(code));
    const any = code === 'S' ? classified.some(ublCategoryIs('S')) : withVat;
    return each([r], () => (withVat && ublIdentifiersOk(r, code)) || !any);
  }
  const charge = k === 2;
  const taxCats = U.anyAllowanceCharges(r, charge).flatMap((ac) => ac.all('cac:TaxCategory'));
  const relevant =
    code === 'O'
      ? r
          .all('cac:AllowanceCharge')
          .filter((ac) => U.chargeIndicator(ac) === charge)
          .flatMap((ac) => ac.all('cac:TaxCategory'))
          .some(ublVatCategory(code))
      : taxCats.some(ublVatCategory(code));
  return each([r], () => !relevant || ublIdentifiersOk(r, code));
}

function ciiBreakdownViolations(d: Doc, code: Code): Violation[] {
  const out: Violation[] = [];
  const r = d.root;
  if (code === 'L' || code === 'M') return out; // the rules read the rate from the settlement, where it never is
  for (const t of ciiBreakdowns(r, code)) {
    const basis = decAt(t, 'ram:BasisAmount');
    let ok: boolean;
    let expected: Dec | undefined;
    if (code === 'S') {
      const rates = t.all('ram:RateApplicablePercent').map(dec);
      ok = rates.every((rate) => !!rate && same(basis, (expected = ciiExpected(r, code, rate))));
      if (rates.some((x) => !x)) ok = false;
    } else if (code === 'O') {
      expected = ciiExpected(r, code);
      ok = same(basis, expected);
    } else {
      expected = ciiExpected(r, code);
      ok = within(basis, expected);
    }
    if (!ok) out.push({ at: t.first('ram:CategoryCode') ?? t, detail: figures((f) => `${f(basis)} ≠ ${f(expected)}`) });
  }
  return out;
}

function ciiTaxAmountViolations(d: Doc, code: Code): Violation[] {
  if (code === 'L' || code === 'M') return [];
  return each(
    ciiBreakdowns(d.root, code),
    (t) => {
      const tax = decAt(t, 'ram:CalculatedAmount');
      if (code !== 'S') return !!tax && tax.isZero();
      const base = decAt(t, 'ram:BasisAmount');
      const rate = decAt(t, 'ram:RateApplicablePercent');
      if (!tax || !base || !rate) return false;
      return within(tax.abs(), base.abs().times(rate).round().shift(2));
    },
    (t) =>
      figures(
        (f) => `${f(decAt(t, 'ram:CalculatedAmount'))}; ${f(decAt(t, 'ram:BasisAmount'))} × ${decAt(t, 'ram:RateApplicablePercent')?.toString() ?? '–'} %`,
      ),
  );
}

function extraRules(): Rule[] {
  const kText = (what: Text): Text => what;
  const ublK = (r: El) => r.at('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').some((c) => U.isVat(c) && c.all('cbc:ID').some((i) => ns(i) === 'K'));
  const ublO = (r: El) => r.at('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').some((c) => U.isVat(c) && c.all('cbc:ID').some((i) => ns(i) === 'O'));
  const ciiK = (r: El) => C.headerTaxes(r).filter((t) => C.hasCategory(t, 'K') && C.isVat(t));
  const ciiO = (r: El) => C.headerTaxes(r).filter((t) => C.hasCategory(t, 'O') && C.isVat(t));
  const notO = (c: El) => U.isVat(c) && U.categoryCode(c) !== 'O';
  return [
    rule(
      'BR-IC-11',
      'fatal',
      kText({
        en: 'In an invoice with an "Intra-community supply" VAT breakdown the actual delivery date (BT-72) or the invoicing period (BG-14) shall not be blank.',
        de: 'Bei innergemeinschaftlicher Lieferung muss das Lieferdatum (BT-72) oder der Abrechnungszeitraum (BG-14) angegeben sein.',
      }),
      {
        ubl: (d) =>
          each(
            [d.root],
            (r) =>
              !ublK(r) || (r.first('cac:Delivery/cbc:ActualDeliveryDate')?.value().length ?? 0) > 1 || r.at('cac:InvoicePeriod').some((p) => p.kids.length > 0),
          ),
        cii: (d) =>
          each(
            ciiK(d.root).map((t) => t.first('ram:CategoryCode') ?? t),
            (c) =>
              d.root.has(`${C.DELIVERY}/ram:ActualDeliverySupplyChainEvent/ram:OccurrenceDateTime/udt:DateTimeString`) ||
              !!c.parent?.parent?.has('ram:BillingSpecifiedPeriod/ram:StartDateTime') ||
              !!c.parent?.parent?.has('ram:BillingSpecifiedPeriod/ram:EndDateTime'),
          ),
      },
    ),
    rule(
      'BR-IC-12',
      'fatal',
      {
        en: 'In an invoice with an "Intra-community supply" VAT breakdown the deliver to country code (BT-80) shall not be blank.',
        de: 'Bei innergemeinschaftlicher Lieferung muss das Lieferland (BT-80) angegeben sein.',
      },
      {
        ubl: (d) =>
          each(
            [d.root],
            (r) => !ublK(r) || (r.first('cac:Delivery/cac:DeliveryLocation/cac:Address/cac:Country/cbc:IdentificationCode')?.value().length ?? 0) > 1,
          ),
        cii: (d) => each(ciiK(d.root), () => d.root.has(`${C.DELIVERY}/ram:ShipToTradeParty/ram:PostalTradeAddress/ram:CountryID`)),
      },
    ),
    rule(
      'BR-O-11',
      'fatal',
      {
        en: 'An invoice with a "Not subject to VAT" breakdown shall not contain other VAT breakdowns.',
        de: 'Eine Rechnung mit der Aufschlüsselung „Nicht steuerbar“ darf keine weiteren Aufschlüsselungen enthalten.',
      },
      {
        ubl: (d) => each([d.root], (r) => !ublO(r) || !r.at('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory').some(notO)),
        cii: (d) =>
          each(ciiO(d.root), () => !d.root.descendants('ram:ApplicableTradeTax').some((t) => t.all('ram:CategoryCode').some((c) => c.value() !== 'O'))),
      },
    ),
    rule(
      'BR-O-12',
      'fatal',
      {
        en: 'An invoice with a "Not subject to VAT" breakdown shall not contain invoice lines with another VAT category.',
        de: 'Eine Rechnung mit der Aufschlüsselung „Nicht steuerbar“ darf keine Positionen anderer Kategorien enthalten.',
      },
      {
        ubl: (d) => each([d.root], (r) => !ublO(r) || !r.descendants('cac:ClassifiedTaxCategory').some(notO)),
        cii: (d) =>
          each(ciiO(d.root), () => !d.root.descendants('ram:ApplicableTradeTax').some((t) => t.all('ram:CategoryCode').some((c) => c.value() !== 'O'))),
      },
    ),
    rule(
      'BR-O-13',
      'fatal',
      {
        en: 'An invoice with a "Not subject to VAT" breakdown shall not contain document level allowances with another VAT category.',
        de: 'Eine Rechnung mit der Aufschlüsselung „Nicht steuerbar“ darf keine Nachlässe anderer Kategorien enthalten.',
      },
      {
        ubl: (d) =>
          each(
            [d.root],
            (r) =>
              !ublO(r) ||
              !U.anyAllowanceCharges(r, false)
                .flatMap((ac) => ac.all('cac:TaxCategory'))
                .some(notO),
          ),
        cii: (d) => each(ciiO(d.root), () => !d.root.descendants('ram:CategoryTradeTax').some((t) => t.all('ram:CategoryCode').some((c) => c.value() !== 'O'))),
      },
    ),
    rule(
      'BR-O-14',
      'fatal',
      {
        en: 'An invoice with a "Not subject to VAT" breakdown shall not contain document level charges with another VAT category.',
        de: 'Eine Rechnung mit der Aufschlüsselung „Nicht steuerbar“ darf keine Zuschläge anderer Kategorien enthalten.',
      },
      {
        ubl: (d) =>
          each(
            [d.root],
            (r) =>
              !ublO(r) ||
              !U.anyAllowanceCharges(r, true)
                .flatMap((ac) => ac.all('cac:TaxCategory'))
                .some(notO),
          ),
        cii: (d) => each(ciiO(d.root), () => !d.root.descendants('ram:CategoryTradeTax').some((t) => t.all('ram:CategoryCode').some((c) => c.value() !== 'O'))),
      },
    ),
    rule(
      'BR-B-01',
      'fatal',
      {
        en: 'An invoice where the VAT category code is "Split payment" shall be a domestic Italian invoice.',
        de: 'Eine Rechnung mit der Kategorie „Split payment“ muss eine italienische Inlandsrechnung sein.',
      },
      {
        ubl: (d) =>
          each([d.root], (r) => {
            const b = [...r.descendants('cac:TaxCategory'), ...r.descendants('cac:ClassifiedTaxCategory')].some((c) =>
              c.all('cbc:ID').some((i) => i.value() === 'B'),
            );
            return !b || !r.descendants('cbc:IdentificationCode').some((c) => c.value() !== 'IT');
          }),
        cii: (d) =>
          each([d.root], (r) => {
            const b = r.descendants('ram:CategoryCode').some((c) => c.value() === 'B');
            return !b || !r.descendants('ram:CountryID').some((c) => c.value() !== 'IT');
          }),
      },
    ),
    rule(
      'BR-B-02',
      'fatal',
      {
        en: 'An invoice with VAT category "Split payment" shall not contain the VAT category "Standard rated".',
        de: 'Eine Rechnung mit der Kategorie „Split payment“ darf nicht zugleich den Normalsatz enthalten.',
      },
      {
        ubl: (d) =>
          each([d.root], (r) => {
            const ids = (code: string) =>
              r.at('cac:TaxTotal/cac:TaxSubtotal/cac:TaxCategory/cbc:ID').some((i) => i.value() === code) ||
              r.at('cac:AllowanceCharge/cac:TaxCategory/cbc:ID').some((i) => i.value() === code) ||
              r.descendants('cac:ClassifiedTaxCategory').some((c) => c.all('cbc:ID').some((i) => i.value() === code));
            return !ids('B') || !ids('S');
          }),
        cii: (d) =>
          each([d.root], (r) => {
            const has = (code: string) => r.descendants('ram:CategoryCode').some((c) => c.value() === code);
            return !has('B') || !has('S');
          }),
      },
    ),
  ];
}

export const vatCategoryRules: Rule[] = [...(['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const).flatMap(categoryRules), ...extraRules()];
