/** EN 16931 conditions and calculations BR-CO-*: totals, VAT breakdown arithmetic, dependent terms. */
import type { El } from '../xml/dom';
import { Dec, sum } from '../xml/decimal';
import * as C from './cii';
import { ciiGenericHeaderTaxes, ublLineAllowanceCharges, ublSubtotals, ciiHeaderIndicators, ciiLineIndicators } from './core';
import { dec, decAt, each, figures, ns, rule, same, type Doc, type Rule } from './rule';
import * as U from './ubl';
import { vatIdPrefixOk } from './vat-prefix';

const ONE = Dec.of(1);

const totals = (d: Doc) => d.root.descendants('cac:LegalMonetaryTotal');
const summations = (d: Doc) => d.root.descendants('ram:SpecifiedTradeSettlementHeaderMonetarySummation');

function ublSumLines(root: El): Dec {
  return sum(U.allLines(root).map((l) => decAt(l, 'cbc:LineExtensionAmount')));
}

export const calculationRules: Rule[] = [
  rule(
    'BR-CO-03',
    'fatal',
    {
      en: 'Value added tax point date (BT-7) and value added tax point date code (BT-8) are mutually exclusive.',
      de: 'Steuerzeitpunkt (BT-7) und Code für den Steuerzeitpunkt (BT-8) schließen sich gegenseitig aus.',
    },
    {
      ubl: (d) => each([d.root], (r) => !(r.has('cbc:TaxPointDate') && r.has('cac:InvoicePeriod/cbc:DescriptionCode'))),
      cii: (d) =>
        each(
          C.headerTaxes(d.root).filter((t) => ciiGenericHeaderTaxes(d.root).includes(t)),
          () => !(d.root.descendants('ram:TaxPointDate').length > 0 && d.root.descendants('ram:DueDateTypeCode').length > 0),
        ),
    },
  ),
  rule(
    'BR-CO-04',
    'fatal',
    {
      en: 'Each invoice line (BG-25) shall be categorized with an invoiced item VAT category code (BT-151).',
      de: 'Jede Rechnungsposition muss einen Umsatzsteuerkategoriecode (BT-151) haben.',
    },
    {
      ubl: (d) => each(U.allLines(d.root), (l) => l.at('cac:Item/cac:ClassifiedTaxCategory').some((c) => U.isVat(c) && c.has('cbc:ID'))),
      cii: (d) =>
        each(d.root.descendants('ram:IncludedSupplyChainTradeLineItem'), (l) =>
          l.at('ram:SpecifiedLineTradeSettlement/ram:ApplicableTradeTax').some((t) => C.isVat(t) && t.has('ram:CategoryCode')),
        ),
    },
  ),
  rule(
    'BR-CO-09',
    'fatal',
    {
      en: 'The VAT identifier (BT-31, BT-48, BT-63) shall have a prefix in accordance with ISO code ISO 3166-1 alpha-2 by which the country of issue may be identified (Greece may use EL).',
      de: 'Die Umsatzsteuer-Identifikationsnummer (BT-31, BT-48, BT-63) muss mit einem Ländercode nach ISO 3166-1 beginnen (Griechenland: EL).',
    },
    {
      ubl: (d) => each(d.root.descendants('cac:PartyTaxScheme').filter(U.isVat), (s) => vatIdPrefixOk('UBL', s.first('cbc:CompanyID')?.value() ?? '')),
      cii: (d) =>
        each(
          d.root
            .descendants('ram:SpecifiedTaxRegistration')
            .flatMap((r) => r.all('ram:ID'))
            .filter((id) => id.attr('schemeID') === 'VA'),
          (id) => vatIdPrefixOk('CII', id.value()),
        ),
    },
  ),
  rule(
    'BR-CO-10',
    'fatal',
    {
      en: 'Sum of invoice line net amount (BT-106) = Σ invoice line net amounts (BT-131).',
      de: 'Summe der Nettobeträge (BT-106) = Σ Nettobeträge der Positionen (BT-131).',
    },
    {
      ubl: (d) =>
        each(
          totals(d),
          (t) => same(decAt(t, 'cbc:LineExtensionAmount'), ublSumLines(d.root).round2()),
          (t) => figures((f) => `${f(decAt(t, 'cbc:LineExtensionAmount'))} ≠ ${f(ublSumLines(d.root).round2())}`),
        ),
      cii: (d) => {
        const lineSum = () =>
          sum(
            d.root
              .at(
                `${C.TX}/ram:IncludedSupplyChainTradeLineItem/ram:SpecifiedLineTradeSettlement/ram:SpecifiedTradeSettlementLineMonetarySummation/ram:LineTotalAmount`,
              )
              .map(dec),
          ).round2();
        return each(
          summations(d),
          (s) => same(decAt(s, 'ram:LineTotalAmount'), lineSum()),
          (s) => figures((f) => `${f(decAt(s, 'ram:LineTotalAmount'))} ≠ ${f(lineSum())}`),
        );
      },
    },
  ),
  rule(
    'BR-CO-11',
    'fatal',
    {
      en: 'Sum of allowances on document level (BT-107) = Σ document level allowance amounts (BT-92).',
      de: 'Summe der Nachlässe auf Dokumentebene (BT-107) = Σ Nachlassbeträge (BT-92).',
    },
    {
      ubl: (d) =>
        each(
          totals(d),
          (t) => ublAllowanceChargeTotal(t, false),
          (t) => ublAcFigures(t, false),
        ),
      cii: (d) =>
        each(
          summations(d),
          (s) => ciiAllowanceChargeTotal(d.root, s, false),
          (s) => ciiAcFigures(d.root, s, false),
        ),
    },
  ),
  rule(
    'BR-CO-12',
    'fatal',
    {
      en: 'Sum of charges on document level (BT-108) = Σ document level charge amounts (BT-99).',
      de: 'Summe der Zuschläge auf Dokumentebene (BT-108) = Σ Zuschlagsbeträge (BT-99).',
    },
    {
      ubl: (d) =>
        each(
          totals(d),
          (t) => ublAllowanceChargeTotal(t, true),
          (t) => ublAcFigures(t, true),
        ),
      cii: (d) =>
        each(
          summations(d),
          (s) => ciiAllowanceChargeTotal(d.root, s, true),
          (s) => ciiAcFigures(d.root, s, true),
        ),
    },
  ),
  rule(
    'BR-CO-13',
    'fatal',
    {
      en: 'Invoice total amount without VAT (BT-109) = Σ invoice line net amounts (BT-106) − sum of allowances (BT-107) + sum of charges (BT-108).',
      de: 'Gesamtbetrag ohne Umsatzsteuer (BT-109) = Summe der Positionen (BT-106) − Nachlässe (BT-107) + Zuschläge (BT-108).',
    },
    {
      ubl: (d) =>
        each(
          totals(d),
          (t) => {
            const net = decAt(t, 'cbc:TaxExclusiveAmount');
            const lines = decAt(t, 'cbc:LineExtensionAmount');
            const charges = t.has('cbc:ChargeTotalAmount');
            const allowances = t.has('cbc:AllowanceTotalAmount');
            const c = decAt(t, 'cbc:ChargeTotalAmount');
            const a = decAt(t, 'cbc:AllowanceTotalAmount');
            if (charges && allowances) return !!lines && !!c && !!a && same(net, lines.plus(c).minus(a).round2());
            if (allowances) return !!lines && !!a && same(net, lines.minus(a).round2());
            if (charges) return !!lines && !!c && same(net, lines.plus(c).round2());
            return same(net, lines);
          },
          (t) =>
            figures(
              (f) =>
                `${f(decAt(t, 'cbc:TaxExclusiveAmount'))} ≠ ${f(decAt(t, 'cbc:LineExtensionAmount'))} − ${f(decAt(t, 'cbc:AllowanceTotalAmount') ?? Dec.ZERO)} + ${f(decAt(t, 'cbc:ChargeTotalAmount') ?? Dec.ZERO)}`,
            ),
        ),
      cii: (d) =>
        each(
          summations(d),
          (s) => {
            const net = decAt(s, 'ram:TaxBasisTotalAmount');
            const lines = decAt(s, 'ram:LineTotalAmount');
            const a = decAt(s, 'ram:AllowanceTotalAmount');
            const c = decAt(s, 'ram:ChargeTotalAmount');
            const hasA = s.has('ram:AllowanceTotalAmount');
            const hasC = s.has('ram:ChargeTotalAmount');
            if (lines && a && c && same(net, lines.minus(a).plus(c).round2())) return true;
            if (lines && a && !hasC && same(net, lines.minus(a).round2())) return true;
            if (lines && c && !hasA && same(net, lines.plus(c).round2())) return true;
            return !!lines && !hasA && !hasC && same(net, lines.round2());
          },
          (s) =>
            figures(
              (f) =>
                `${f(decAt(s, 'ram:TaxBasisTotalAmount'))} ≠ ${f(decAt(s, 'ram:LineTotalAmount'))} − ${f(decAt(s, 'ram:AllowanceTotalAmount') ?? Dec.ZERO)} + ${f(decAt(s, 'ram:ChargeTotalAmount') ?? Dec.ZERO)}`,
            ),
        ),
    },
  ),
  rule(
    'BR-CO-14',
    'fatal',
    {
      en: 'Invoice total VAT amount (BT-110) = Σ VAT category tax amounts (BT-117).',
      de: 'Umsatzsteuer-Gesamtbetrag (BT-110) = Σ Steuerbeträge der Kategorien (BT-117).',
    },
    {
      ubl: (d) =>
        each(
          d.root.all('cac:TaxTotal'),
          (t) => !t.has('cac:TaxSubtotal') || same(decAt(t, 'cbc:TaxAmount'), sum(t.at('cac:TaxSubtotal/cbc:TaxAmount').map(dec)).round2()),
          (t) => figures((f) => `${f(decAt(t, 'cbc:TaxAmount'))} ≠ ${f(sum(t.at('cac:TaxSubtotal/cbc:TaxAmount').map(dec)).round2())}`),
        ),
      cii: (d) => {
        const currencies = d.root.at(`${C.SETTLEMENT}/ram:InvoiceCurrencyCode`).map((c) => c.value());
        const expected = () => sum(d.root.at(`${C.SETTLEMENT}/ram:ApplicableTradeTax/ram:CalculatedAmount`).map(dec)).round2();
        const amounts = summations(d)
          .flatMap((s) => s.all('ram:TaxTotalAmount'))
          .filter((a) => currencies.includes(a.attr('currencyID') ?? '\u0000'));
        return each(
          amounts,
          (a) => same(dec(a), expected()),
          (a) => figures((f) => `${f(dec(a))} ≠ ${f(expected())}`),
        );
      },
    },
  ),
  rule(
    'BR-CO-15',
    'fatal',
    {
      en: 'Invoice total amount with VAT (BT-112) = invoice total amount without VAT (BT-109) + invoice total VAT amount (BT-110).',
      de: 'Gesamtbetrag mit Steuer (BT-112) = Netto (BT-109) + Steuer (BT-110).',
    },
    {
      ubl: (d) => {
        const r = d.root;
        const total = r.first('cac:LegalMonetaryTotal');
        const detail = (currency: string) =>
          figures((f, lang) => {
            const tax = r
              .at('cac:TaxTotal/cbc:TaxAmount')
              .filter((a) => a.attr('currencyID') === currency)
              .map(dec)[0];
            const label = lang === 'de' ? 'Gesamtbetrag mit Steuer ≠ Netto + Steuer' : 'Total with VAT ≠ net total + VAT';
            return `${label}: ${f(decAt(total, 'cbc:TaxInclusiveAmount'))} ≠ ${f(decAt(total, 'cbc:TaxExclusiveAmount'))} + ${f(tax)}`;
          });
        const failing = r.all('cbc:DocumentCurrencyCode').find((c) => {
          const taxes = r.at('cac:TaxTotal/cbc:TaxAmount').filter((a) => a.attr('currencyID') === c.value());
          if (taxes.length !== 1) return true;
          const net = decAt(total, 'cbc:TaxExclusiveAmount');
          const tax = dec(taxes[0]);
          return !(net && tax && same(decAt(total, 'cbc:TaxInclusiveAmount'), net.plus(tax).round2()));
        });
        return failing ? [{ at: r, detail: detail(failing.value()) }] : [];
      },
      cii: (d) => {
        const s = d.root.first(C.SUMMATION);
        const grand = decAt(s, 'ram:GrandTotalAmount');
        const net = decAt(s, 'ram:TaxBasisTotalAmount');
        const failing = d.root.at(`${C.SETTLEMENT}/ram:InvoiceCurrencyCode`).find((c) => {
          const taxes = d.root.at(`${C.SUMMATION}/ram:TaxTotalAmount`).filter((a) => a.attr('currencyID') === c.value());
          const tax = dec(taxes[0]);
          const withTax = taxes.length === 1 && !!net && !!tax && same(grand, net.plus(tax).round2());
          return !(withTax || same(grand, net));
        });
        if (!failing) return [];
        const tax = dec(d.root.at(`${C.SUMMATION}/ram:TaxTotalAmount`).find((a) => a.attr('currencyID') === failing.value()));
        return [
          {
            at: d.root,
            detail: figures(
              (f, lang) =>
                `${lang === 'de' ? 'Gesamtbetrag mit Steuer ≠ Netto + Steuer' : 'Total with VAT ≠ net total + VAT'}: ${f(grand)} ≠ ${f(net)} + ${f(tax)}`,
            ),
          },
        ];
      },
    },
  ),
  rule(
    'BR-CO-16',
    'fatal',
    {
      en: 'Amount due for payment (BT-115) = invoice total amount with VAT (BT-112) − paid amount (BT-113) + rounding amount (BT-114).',
      de: 'Fälliger Betrag (BT-115) = Gesamtbetrag mit Steuer (BT-112) − bereits gezahlt (BT-113) + Rundungsbetrag (BT-114).',
    },
    {
      ubl: (d) =>
        each(
          totals(d),
          (t) => {
            const payable = decAt(t, 'cbc:PayableAmount');
            const gross = decAt(t, 'cbc:TaxInclusiveAmount');
            const prepaid = decAt(t, 'cbc:PrepaidAmount');
            const rounding = decAt(t, 'cbc:PayableRoundingAmount');
            const hasPrepaid = t.has('cbc:PrepaidAmount');
            const hasRounding = t.has('cbc:PayableRoundingAmount');
            if (hasPrepaid && !hasRounding) return !!gross && !!prepaid && same(payable, gross.minus(prepaid).round2());
            if (!hasPrepaid && !hasRounding) return same(payable, gross);
            if (hasPrepaid && hasRounding)
              return !!payable && !!rounding && !!gross && !!prepaid && payable.minus(rounding).round2().eq(gross.minus(prepaid).round2());
            return !!payable && !!rounding && same(payable.minus(rounding).round2(), gross);
          },
          (t) =>
            figures(
              (f) =>
                `${f(decAt(t, 'cbc:PayableAmount'))} ≠ ${f(decAt(t, 'cbc:TaxInclusiveAmount'))} − ${f(decAt(t, 'cbc:PrepaidAmount') ?? Dec.ZERO)} + ${f(decAt(t, 'cbc:PayableRoundingAmount') ?? Dec.ZERO)}`,
            ),
        ),
      cii: (d) =>
        each(
          summations(d),
          (s) => {
            const due = decAt(s, 'ram:DuePayableAmount');
            const grand = decAt(s, 'ram:GrandTotalAmount');
            const prepaid = decAt(s, 'ram:TotalPrepaidAmount');
            const rounding = decAt(s, 'ram:RoundingAmount');
            const hasPrepaid = s.has('ram:TotalPrepaidAmount');
            const hasRounding = s.has('ram:RoundingAmount');
            if (grand && prepaid && rounding && same(due, grand.minus(prepaid).plus(rounding))) return true;
            if (grand && rounding && !hasPrepaid && same(due, grand.plus(rounding))) return true;
            if (grand && prepaid && !hasRounding && same(due, grand.minus(prepaid))) return true;
            return !hasPrepaid && !hasRounding && same(due, grand);
          },
          (s) =>
            figures(
              (f) =>
                `${f(decAt(s, 'ram:DuePayableAmount'))} ≠ ${f(decAt(s, 'ram:GrandTotalAmount'))} − ${f(decAt(s, 'ram:TotalPrepaidAmount') ?? Dec.ZERO)} + ${f(decAt(s, 'ram:RoundingAmount') ?? Dec.ZERO)}`,
            ),
        ),
    },
  ),
  rule(
    'BR-CO-17',
    'fatal',
    {
      en: 'VAT category tax amount (BT-117) = VAT category taxable amount (BT-116) × VAT category rate (BT-119) / 100, rounded to two decimals.',
      de: 'Steuerbetrag der Kategorie (BT-117) = Nettobetrag (BT-116) × Steuersatz (BT-119) / 100, auf zwei Stellen gerundet.',
    },
    {
      ubl: (d) =>
        each(
          ublSubtotals(d),
          (s) => {
            const rates = s
              .all('cac:TaxCategory')
              .filter(U.isVat)
              .map((c) => decAt(c, 'cbc:Percent'))
              .filter((r): r is Dec => !!r);
            return vatAmountOk(decAt(s, 'cbc:TaxAmount'), decAt(s, 'cbc:TaxableAmount'), rates[0], false);
          },
          (s) =>
            vatFigures(
              decAt(s, 'cbc:TaxAmount'),
              decAt(s, 'cbc:TaxableAmount'),
              s
                .all('cac:TaxCategory')
                .filter(U.isVat)
                .map((c) => decAt(c, 'cbc:Percent'))[0],
            ),
        ),
      cii: (d) =>
        each(
          ciiGenericHeaderTaxes(d.root),
          (t) => {
            const rate = t.all('ram:TypeCode').some((c) => ns(c).toUpperCase() === 'VAT') ? decAt(t, 'ram:RateApplicablePercent') : undefined;
            return vatAmountOk(decAt(t, 'ram:CalculatedAmount'), decAt(t, 'ram:BasisAmount'), rate, true);
          },
          (t) => vatFigures(decAt(t, 'ram:CalculatedAmount'), decAt(t, 'ram:BasisAmount'), decAt(t, 'ram:RateApplicablePercent')),
        ),
    },
  ),
  rule(
    'BR-CO-18',
    'fatal',
    {
      en: 'An invoice shall at least have one VAT breakdown group (BG-23).',
      de: 'Die Rechnung muss mindestens eine Umsatzsteueraufschlüsselung (BG-23) enthalten.',
    },
    {
      ubl: (d) => each([d.root], (r) => r.has('cac:TaxTotal/cac:TaxSubtotal')),
      cii: (d) =>
        each(d.root.descendants('ram:IncludedSupplyChainTradeLineItem'), () =>
          d.root.descendants(C.TX).some((t) => t.has('ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax')),
        ),
    },
  ),
  rule(
    'BR-CO-19',
    'fatal',
    {
      en: 'If the invoicing period (BG-14) is used, the invoicing period start date (BT-73) or end date (BT-74) shall be filled, or both.',
      de: 'Wird ein Abrechnungszeitraum (BG-14) angegeben, muss sein Beginn (BT-73) oder sein Ende (BT-74) angegeben sein.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:InvoicePeriod').filter((p) => p.parent?.name !== 'cac:InvoiceLine' && p.parent?.name !== 'cac:CreditNoteLine'),
          (p) => p.has('cbc:StartDate') || p.has('cbc:EndDate') || p.has('cbc:DescriptionCode'),
        ),
      cii: (d) =>
        each(
          d.root.descendants('ram:ApplicableHeaderTradeSettlement').flatMap((s) => s.all('ram:BillingSpecifiedPeriod')),
          (p) => p.has('ram:StartDateTime') || p.has('ram:EndDateTime'),
        ),
    },
  ),
  rule(
    'BR-CO-20',
    'fatal',
    {
      en: 'If the invoice line period (BG-26) is used, its start date (BT-134) or end date (BT-135) shall be filled, or both.',
      de: 'Wird ein Positionszeitraum (BG-26) angegeben, muss sein Beginn (BT-134) oder sein Ende (BT-135) angegeben sein.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:InvoicePeriod').filter((p) => p.parent?.name === 'cac:InvoiceLine' || p.parent?.name === 'cac:CreditNoteLine'),
          (p) => p.has('cbc:StartDate') || p.has('cbc:EndDate'),
        ),
      cii: (d) =>
        each(
          d.root.descendants('ram:SpecifiedLineTradeSettlement').flatMap((s) => s.all('ram:BillingSpecifiedPeriod')),
          (p) => p.has('ram:StartDateTime') || p.has('ram:EndDateTime'),
        ),
    },
  ),
  ...reasonRules(),
  // The official rules state BR-CO-05 … BR-CO-08 (reason code and text name the same reason) with an
  // assertion that is always true: a code list cannot tell whether a free text means the same.
  ...(
    [
      ['BR-CO-05', 'document level allowance', 'Nachlasses'],
      ['BR-CO-06', 'document level charge', 'Zuschlags'],
      ['BR-CO-07', 'invoice line allowance', 'Positionsnachlasses'],
      ['BR-CO-08', 'invoice line charge', 'Positionszuschlags'],
    ] as const
  ).map(([id, en, de]) =>
    rule(
      id,
      'fatal',
      {
        en: `The ${en} reason code and reason text shall indicate the same reason (not checkable, never fails).`,
        de: `Grundcode und Grundtext des ${de} müssen denselben Grund nennen (nicht prüfbar, schlägt nie an).`,
      },
      { ubl: () => [], cii: () => [] },
    ),
  ),
  rule(
    'BR-CO-26',
    'fatal',
    {
      en: 'In order for the buyer to automatically identify a supplier, the seller identifier (BT-29), the seller legal registration identifier (BT-30) and/or the seller VAT identifier (BT-31) shall be present.',
      de: 'Damit der Käufer den Lieferanten erkennen kann, muss eine Verkäuferkennung (BT-29), Registernummer (BT-30) oder Umsatzsteuer-ID (BT-31) angegeben sein.',
    },
    {
      ubl: (d) =>
        each(
          d.root.descendants('cac:AccountingSupplierParty'),
          (p) =>
            p.at('cac:Party/cac:PartyTaxScheme').some((s) => U.isVat(s) && s.has('cbc:CompanyID')) ||
            p.at('cac:Party/cac:PartyIdentification/cbc:ID').some((i) => i.attr('schemeID') !== 'SEPA') ||
            p.has('cac:Party/cac:PartyLegalEntity/cbc:CompanyID'),
        ),
      cii: (d) =>
        each(
          d.root.descendants('ram:SellerTradeParty'),
          (p) => p.has('ram:ID') || p.has('ram:GlobalID') || p.has('ram:SpecifiedLegalOrganization/ram:ID') || C.taxRegistration(p, ['VA']),
        ),
    },
  ),
];

function reasonRules(): Rule[] {
  const text = (what: string, was: string) => ({
    en: `The ${what} reason (text) and reason code shall indicate the same reason; at least one of them shall be present.`,
    de: `Grund und Grundcode des ${was} müssen übereinstimmen; mindestens eines von beiden muss angegeben sein.`,
  });
  const ublReason = (ac: El) => ac.has('cbc:AllowanceChargeReason') || ac.has('cbc:AllowanceChargeReasonCode');
  const ciiReason = (i: El) => !!i.parent && (i.parent.has('ram:Reason') || i.parent.has('ram:ReasonCode'));
  return [
    rule('BR-CO-21', 'fatal', text('document level allowance', 'Nachlasses'), {
      ubl: (d) => each(U.documentAllowanceCharges(d.root, false), ublReason),
      cii: (d) => each(ciiHeaderIndicators(d.root, false), ciiReason),
    }),
    rule('BR-CO-22', 'fatal', text('document level charge', 'Zuschlags'), {
      ubl: (d) => each(U.documentAllowanceCharges(d.root, true), ublReason),
      cii: (d) => each(ciiHeaderIndicators(d.root, true), ciiReason),
    }),
    rule('BR-CO-23', 'fatal', text('invoice line allowance', 'Positionsnachlasses'), {
      ubl: (d) => each(ublLineAllowanceCharges(d.root, false), ublReason),
      cii: (d) => each(ciiLineIndicators(d.root, false), ciiReason),
    }),
    rule('BR-CO-24', 'fatal', text('invoice line charge', 'Positionszuschlags'), {
      ubl: (d) => each(ublLineAllowanceCharges(d.root, true), ublReason),
      cii: (d) => each(ciiLineIndicators(d.root, true), ciiReason),
    }),
  ];
}

function ublAllowanceChargeTotal(total: El, charge: boolean): boolean {
  const name = charge ? 'cbc:ChargeTotalAmount' : 'cbc:AllowanceTotalAmount';
  const items = (total.parent?.all('cac:AllowanceCharge') ?? []).filter((ac) => U.chargeIndicator(ac) === charge);
  if (!total.has(name) && items.length === 0) return true;
  return same(decAt(total, name), sum(items.map((ac) => decAt(ac, 'cbc:Amount'))).round2());
}

function ublAcFigures(total: El, charge: boolean) {
  const items = (total.parent?.all('cac:AllowanceCharge') ?? []).filter((ac) => U.chargeIndicator(ac) === charge);
  return figures(
    (f) => `${f(decAt(total, charge ? 'cbc:ChargeTotalAmount' : 'cbc:AllowanceTotalAmount'))} ≠ ${f(sum(items.map((ac) => decAt(ac, 'cbc:Amount'))).round2())}`,
  );
}

function ciiAllowanceChargeTotal(root: El, s: El, charge: boolean): boolean {
  const name = charge ? 'ram:ChargeTotalAmount' : 'ram:AllowanceTotalAmount';
  const items = C.headerAllowanceCharges(root, charge);
  if (items.length === 0 && !s.has(name)) return true;
  const expected = sum(items.map((ac) => dec(ac.all('ram:ActualAmount')[0]))).round2();
  return s.all(name).some((a) => same(dec(a), expected));
}

function ciiAcFigures(root: El, s: El, charge: boolean) {
  const items = C.headerAllowanceCharges(root, charge);
  return figures(
    (f) =>
      `${f(decAt(s, charge ? 'ram:ChargeTotalAmount' : 'ram:AllowanceTotalAmount'))} ≠ ${f(sum(items.map((ac) => dec(ac.all('ram:ActualAmount')[0]))).round2())}`,
  );
}

/** The BR-CO-17 tolerance: |tax| within ±1 of round(|base| × rate / 100, 2); a zero rate needs a zero tax. */
function vatAmountOk(tax: Dec | undefined, base: Dec | undefined, rate: Dec | undefined, inclusive: boolean): boolean {
  if (!rate) return !!tax && tax.round().isZero();
  if (rate.round().isZero()) return !!tax && tax.round().isZero();
  if (!tax || !base) return false;
  const expected = base.abs().times(rate).shift(2).round2();
  const low = tax.abs().minus(ONE).cmp(expected);
  const high = tax.abs().plus(ONE).cmp(expected);
  return inclusive ? low <= 0 && high >= 0 : low < 0 && high > 0;
}

function vatFigures(tax: Dec | undefined, base: Dec | undefined, rate: Dec | undefined) {
  const expected = base && rate ? base.abs().times(rate).shift(2).round2() : undefined;
  return figures((f, lang) => `${lang === 'de' ? 'Steuer' : 'VAT'} ${f(tax)} ≠ ${f(base)} × ${rate?.toString() ?? '–'} % = ${f(expected)}`);
}
