import { categoryInvoice, type InvoiceSpec } from '../../testing/invoices';
import { baseXml, chain, describeRuleCases, insertInto, replace, rulesFired, type Edit, type RuleCase } from '../../testing/rule-cases';

type Code = 'S' | 'Z' | 'E' | 'AE' | 'K' | 'G' | 'O' | 'L' | 'M';
const PREFIX: Record<Code, string> = { S: 'BR-S', Z: 'BR-Z', E: 'BR-E', AE: 'BR-AE', K: 'BR-IC', G: 'BR-G', O: 'BR-O', L: 'BR-AF', M: 'BR-AG' };
const RATE: Record<Code, string> = { S: '19', Z: '0', E: '0', AE: '0', K: '0', G: '0', O: '', L: '7', M: '4' };
const EXEMPT: Code[] = ['E', 'AE', 'K', 'G', 'O'];
const id = (c: Code, n: number) => `${PREFIX[c]}-${String(n).padStart(2, '0')}`;

/** A rate that breaks the category's rate rule on a line, allowance or charge. */
function wrongRate(c: Code, syntax: 'UBL' | 'CII'): string {
  if (c === 'S') return '0';
  if (c === 'L') return syntax === 'CII' ? '0' : '-1';
  if (c === 'M') return '-1';
  return '19';
}

function ublAc(c: string, charge: boolean, rate: string | null): Edit {
  return insertInto(
    'ubl:Invoice',
    `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.00</cbc:Amount><cac:TaxCategory><cbc:ID>${c}</cbc:ID>${rate === null ? '' : `<cbc:Percent>${rate}</cbc:Percent>`}<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>`,
  );
}
function ciiAc(c: string, charge: boolean, rate: string | null): Edit {
  return insertInto(
    'ram:ApplicableHeaderTradeSettlement',
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0.00</ram:ActualAmount><ram:Reason>Grund</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>${c}</ram:CategoryCode>${rate === null ? '' : `<ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent>`}</ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`,
  );
}
const ac = (syntax: 'UBL' | 'CII', c: string, charge: boolean, rate: string | null) => (syntax === 'UBL' ? ublAc(c, charge, rate) : ciiAc(c, charge, rate));
const okRate = (c: Code) => (c === 'O' ? null : RATE[c]);

/** Breaks the identifiers the category needs (or, for "not subject to VAT", adds the ones it forbids). */
function breakIdentifiers(c: Code): InvoiceSpec {
  const base = categoryInvoice(c);
  if (c === 'O') return { ...base, sellerVatId: 'DE123456789' };
  if (c === 'AE' || c === 'K') return { ...base, buyerVatId: undefined };
  return { ...base, sellerVatId: null, sellerId: 'K-4711' };
}

/** Replaces the breakdown's taxable or tax amount. */
function breakdownAmount(syntax: 'UBL' | 'CII', which: 'taxable' | 'tax', c: Code): Edit {
  const tax = ({ S: '19.00', L: '7.00', M: '4.00' } as Record<string, string>)[c] ?? '0.00';
  if (syntax === 'UBL') {
    return which === 'taxable'
      ? replace(['<cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount>', '<cbc:TaxableAmount currencyID="EUR">150.00</cbc:TaxableAmount>'])
      : replace([
          `<cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="EUR">${tax}</cbc:TaxAmount>`,
          `<cbc:TaxableAmount currencyID="EUR">100.00</cbc:TaxableAmount>\n      <cbc:TaxAmount currencyID="EUR">${(Number(tax) + 5).toFixed(2)}</cbc:TaxAmount>`,
        ]);
  }
  return which === 'taxable'
    ? replace(['<ram:BasisAmount>100.00</ram:BasisAmount>', '<ram:BasisAmount>150.00</ram:BasisAmount>'])
    : replace([`<ram:CalculatedAmount>${tax}</ram:CalculatedAmount>`, `<ram:CalculatedAmount>${(Number(tax) + 5).toFixed(2)}</ram:CalculatedAmount>`]);
}

function exemption(syntax: 'UBL' | 'CII', required: boolean): Edit {
  if (syntax === 'UBL')
    return required
      ? replace(['<cbc:TaxExemptionReason>Steuerbefreit</cbc:TaxExemptionReason>', ''])
      : replace([
          '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>\n      </cac:TaxCategory>',
          '<cbc:TaxExemptionReason>Befreit</cbc:TaxExemptionReason><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>\n      </cac:TaxCategory>',
        ]);
  return required
    ? replace(['<ram:ExemptionReason>Steuerbefreit</ram:ExemptionReason>', ''])
    : replace([
        '<ram:TypeCode>VAT</ram:TypeCode>\n        <ram:BasisAmount>',
        '<ram:TypeCode>VAT</ram:TypeCode>\n        <ram:ExemptionReason>Befreit</ram:ExemptionReason>\n        <ram:BasisAmount>',
      ]);
}

function lineRate(syntax: 'UBL' | 'CII', c: Code): Edit {
  if (c === 'O')
    return syntax === 'UBL'
      ? replace(['<cbc:ID>O</cbc:ID>\n        <cac:TaxScheme>', '<cbc:ID>O</cbc:ID><cbc:Percent>0</cbc:Percent>\n        <cac:TaxScheme>'])
      : replace([
          '<ram:CategoryCode>O</ram:CategoryCode>\n        </ram:ApplicableTradeTax>',
          '<ram:CategoryCode>O</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent>\n        </ram:ApplicableTradeTax>',
        ]);
  return syntax === 'UBL'
    ? replace([
        `<cac:ClassifiedTaxCategory>\n        <cbc:ID>${c}</cbc:ID>\n        <cbc:Percent>${RATE[c]}</cbc:Percent>`,
        `<cac:ClassifiedTaxCategory>\n        <cbc:ID>${c}</cbc:ID>\n        <cbc:Percent>${wrongRate(c, syntax)}</cbc:Percent>`,
      ])
    : replace([
        `<ram:CategoryCode>${c}</ram:CategoryCode>\n          <ram:RateApplicablePercent>${RATE[c]}</ram:RateApplicablePercent>`,
        `<ram:CategoryCode>${c}</ram:CategoryCode>\n          <ram:RateApplicablePercent>${wrongRate(c, syntax)}</ram:RateApplicablePercent>`,
      ]);
}

const removeBreakdown =
  (syntax: 'UBL' | 'CII'): Edit =>
  (xml) =>
    syntax === 'UBL'
      ? xml.replace(/\s*<cac:TaxSubtotal>[\s\S]*?<\/cac:TaxSubtotal>/, '')
      : xml.replace(/\s*<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>[\s\S]*?<\/ram:ApplicableTradeTax>/, '');

const cases: RuleCase[] = [];
/** Rules the official CII binding can never fail (the rate is read from the settlement, where it never is). */
const NEVER_IN_CII = new Set(['BR-AF-08', 'BR-AF-09', 'BR-AG-08', 'BR-AG-09']);

for (const c of Object.keys(PREFIX) as Code[]) {
  for (const syntax of ['UBL', 'CII'] as const) {
    const base = categoryInvoice(c);
    const push = (n: number, fires: string, fire: Edit, pass?: Edit, caseBase: InvoiceSpec = base) => {
      if (syntax === 'CII' && NEVER_IN_CII.has(id(c, n))) return;
      cases.push({ rule: id(c, n), syntax, fires, fire, pass, base: caseBase });
    };
    if (c === 'O' && syntax === 'CII') {
      push(
        1,
        'there are two VAT breakdowns for the category',
        insertInto(
          'ram:ApplicableHeaderTradeSettlement',
          '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:ExemptionReason>x</ram:ExemptionReason><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>O</ram:CategoryCode></ram:ApplicableTradeTax>',
        ),
      );
    } else {
      push(1, 'an item of the category has no VAT breakdown for it', removeBreakdown(syntax));
    }
    const broken = breakIdentifiers(c);
    const wrongIds = c === 'O' ? 'a VAT identifier is given' : 'the needed VAT identifiers are missing';
    cases.push({ rule: id(c, 2), syntax, fires: `an invoice line is in the category and ${wrongIds}`, fire: (x) => x, pass: undefined, base: broken });
    cases.push({
      rule: id(c, 3),
      syntax,
      fires: `a document level allowance is in the category and ${wrongIds}`,
      fire: ac(syntax, c, false, okRate(c)),
      pass: undefined,
      base: broken,
    });
    cases.push({
      rule: id(c, 4),
      syntax,
      fires: `a document level charge is in the category and ${wrongIds}`,
      fire: ac(syntax, c, true, okRate(c)),
      pass: undefined,
      base: broken,
    });
    push(5, 'the line rate breaks the category rate rule', lineRate(syntax, c));
    push(
      6,
      'a document level allowance rate breaks the category rate rule',
      ac(syntax, c, false, c === 'O' ? '0' : wrongRate(c, syntax)),
      ac(syntax, c, false, okRate(c)),
    );
    push(
      7,
      'a document level charge rate breaks the category rate rule',
      ac(syntax, c, true, c === 'O' ? '0' : wrongRate(c, syntax)),
      ac(syntax, c, true, okRate(c)),
    );
    push(8, 'the taxable amount differs from the items of the category', breakdownAmount(syntax, 'taxable', c));
    push(9, 'the tax amount is wrong for the category', breakdownAmount(syntax, 'tax', c));
    push(10, EXEMPT.includes(c) ? 'the exemption reason is missing' : 'an exemption reason is given', exemption(syntax, EXEMPT.includes(c)));
  }
}
// The passing case of -02/-03/-04 is the conforming invoice of the category (with the allowance or charge).
for (const k of cases) {
  if (/-0[234]$/.test(k.rule) && k.pass === undefined) {
    const c = (Object.keys(PREFIX) as Code[]).find((x) => k.rule.startsWith(`${PREFIX[x]}-`))!;
    const fire = k.fire;
    k.pass = (xml) => fire(baseXml(k.syntax, categoryInvoice(c))) ?? xml;
  }
}

const K = categoryInvoice('K');
cases.push(
  {
    rule: 'BR-IC-11',
    syntax: 'UBL',
    fires: 'an intra-community supply has neither delivery date nor invoicing period',
    fire: chain(replace(['<cbc:ActualDeliveryDate>2026-03-15</cbc:ActualDeliveryDate>', '']), (x) =>
      x.replace(/\s*<cac:InvoicePeriod>[\s\S]*?<\/cac:InvoicePeriod>/, ''),
    ),
    base: K,
  },
  {
    rule: 'BR-IC-11',
    syntax: 'CII',
    fires: 'an intra-community supply has neither delivery date nor invoicing period',
    fire: chain(
      (x) => x.replace(/<ram:ActualDeliverySupplyChainEvent>[\s\S]*?<\/ram:ActualDeliverySupplyChainEvent>/, ''),
      (x) => x.replace(/\s*<ram:BillingSpecifiedPeriod>[\s\S]*?<\/ram:BillingSpecifiedPeriod>/, ''),
    ),
    base: K,
  },
  {
    rule: 'BR-IC-12',
    syntax: 'UBL',
    fires: 'an intra-community supply has no deliver to country',
    fire: replace(['<cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country>', '']),
    base: K,
  },
  {
    rule: 'BR-IC-12',
    syntax: 'CII',
    fires: 'an intra-community supply has no deliver to country',
    fire: replace(['<ram:CountryID>FR</ram:CountryID>', '']),
    base: K,
  },
);
const O = categoryInvoice('O');
const otherBreakdown = (syntax: 'UBL' | 'CII') =>
  syntax === 'UBL'
    ? insertInto(
        'cac:TaxTotal',
        '<cac:TaxSubtotal><cbc:TaxableAmount currencyID="EUR">0.00</cbc:TaxableAmount><cbc:TaxAmount currencyID="EUR">0.00</cbc:TaxAmount><cac:TaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:TaxSubtotal>',
      )
    : insertInto(
        'ram:ApplicableHeaderTradeSettlement',
        '<ram:ApplicableTradeTax><ram:CalculatedAmount>0.00</ram:CalculatedAmount><ram:TypeCode>VAT</ram:TypeCode><ram:BasisAmount>0.00</ram:BasisAmount><ram:CategoryCode>Z</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>',
      );
const otherLine = (syntax: 'UBL' | 'CII') =>
  syntax === 'UBL'
    ? insertInto(
        'cac:Item',
        '<cac:ClassifiedTaxCategory><cbc:ID>Z</cbc:ID><cbc:Percent>0</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>',
      )
    : insertInto(
        'ram:SpecifiedLineTradeSettlement',
        '<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>Z</ram:CategoryCode><ram:RateApplicablePercent>0</ram:RateApplicablePercent></ram:ApplicableTradeTax>',
      );
for (const syntax of ['UBL', 'CII'] as const) {
  cases.push(
    { rule: 'BR-O-11', syntax, fires: '"not subject to VAT" comes with another VAT breakdown', fire: otherBreakdown(syntax), base: O },
    { rule: 'BR-O-12', syntax, fires: '"not subject to VAT" comes with a line in another category', fire: otherLine(syntax), base: O },
    { rule: 'BR-O-13', syntax, fires: '"not subject to VAT" comes with an allowance in another category', fire: ac(syntax, 'Z', false, '0'), base: O },
    { rule: 'BR-O-14', syntax, fires: '"not subject to VAT" comes with a charge in another category', fire: ac(syntax, 'Z', true, '0'), base: O },
    { rule: 'BR-B-01', syntax, fires: 'split payment is used outside Italy', fire: ac(syntax, 'B', true, '22') },
    { rule: 'BR-B-02', syntax, fires: 'split payment is used together with the standard rate', fire: ac(syntax, 'B', true, '22') },
  );
}

describeRuleCases('EN 16931 VAT category rules', cases);

describe('rules the official CII binding cannot fail', () => {
  it.each([...NEVER_IN_CII])('%s (CII) does not fire even on a wrong breakdown, as the official rules', (rule) => {
    const c: Code = rule.startsWith('BR-AF') ? 'L' : 'M';
    const xml = chain(breakdownAmount('CII', 'taxable', c), breakdownAmount('CII', 'tax', c))(baseXml('CII', categoryInvoice(c)));
    expect(rulesFired(xml)).not.toContain(rule);
  });
});
