import { ublInvoice } from '../../testing/invoices';
import { chain, describeRuleCases, insertInto, remove, replace, rulesFired, type RuleCase } from '../../testing/rule-cases';

const U = 'UBL' as const;
const C = 'CII' as const;
const ublAc = (charge: boolean, amount: string, extra = '') =>
  insertInto(
    'ubl:Invoice',
    `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">${amount}</cbc:Amount>${extra}<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory></cac:AllowanceCharge>`,
  );
const ciiAc = (charge: boolean, amount: string, extra = '') =>
  insertInto(
    'ram:ApplicableHeaderTradeSettlement',
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>${extra}<ram:ActualAmount>${amount}</ram:ActualAmount><ram:Reason>Grund</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>`,
  );
const ublLineAc = (charge: boolean, amount: string, extra = '') =>
  insertInto(
    'cac:InvoiceLine',
    `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">${amount}</cbc:Amount>${extra}</cac:AllowanceCharge>`,
  );
const ciiLineAc = (charge: boolean, amount: string, extra = '') =>
  insertInto(
    'ram:SpecifiedLineTradeSettlement',
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>${extra}<ram:ActualAmount>${amount}</ram:ActualAmount><ram:Reason>Grund</ram:Reason></ram:SpecifiedTradeAllowanceCharge>`,
  );
const ublTotal = (name: string, value: string) => insertInto('cac:LegalMonetaryTotal', `<cbc:${name} currencyID="EUR">${value}</cbc:${name}>`);
const ciiTotal = (name: string, value: string) => insertInto('ram:SpecifiedTradeSettlementHeaderMonetarySummation', `<ram:${name}>${value}</ram:${name}>`);

const coCases: RuleCase[] = [
  {
    rule: 'BR-CO-03',
    syntax: U,
    fires: 'both the tax point date and its code are given',
    fire: chain(
      insertInto('ubl:Invoice', '<cbc:TaxPointDate>2026-03-31</cbc:TaxPointDate>'),
      insertInto('cac:InvoicePeriod', '<cbc:DescriptionCode>3</cbc:DescriptionCode>'),
    ),
    pass: insertInto('ubl:Invoice', '<cbc:TaxPointDate>2026-03-31</cbc:TaxPointDate>'),
  },
  {
    rule: 'BR-CO-03',
    syntax: C,
    fires: 'both the tax point date and its code are given',
    fire: chain(
      insertInto(
        'ram:ApplicableTradeTax',
        '<ram:TaxPointDate><udt:DateString format="102">20260331</udt:DateString></ram:TaxPointDate><ram:DueDateTypeCode>5</ram:DueDateTypeCode>',
        2,
      ),
    ),
    pass: insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>', 2),
  },
  {
    rule: 'BR-CO-04',
    syntax: U,
    fires: 'a line has no VAT category',
    fire: (x) => x.replace(/<cac:ClassifiedTaxCategory>[\s\S]*?<\/cac:ClassifiedTaxCategory>/, ''),
  },
  {
    rule: 'BR-CO-04',
    syntax: C,
    fires: 'a line has no VAT category',
    fire: replace([
      '<ram:CategoryCode>S</ram:CategoryCode>\n          <ram:RateApplicablePercent>19</ram:RateApplicablePercent>',
      '<ram:RateApplicablePercent>19</ram:RateApplicablePercent>',
    ]),
  },
  {
    rule: 'BR-CO-09',
    syntax: U,
    fires: 'the seller VAT identifier has no country prefix',
    fire: replace(['<cbc:CompanyID>DE123456789</cbc:CompanyID>', '<cbc:CompanyID>123456789</cbc:CompanyID>']),
  },
  {
    rule: 'BR-CO-09',
    syntax: C,
    fires: 'the seller VAT identifier has no country prefix',
    fire: replace(['<ram:ID schemeID="VA">DE123456789</ram:ID>', '<ram:ID schemeID="VA">123456789</ram:ID>']),
  },
  {
    rule: 'BR-CO-10',
    syntax: U,
    fires: 'the sum of line net amounts is not the sum of the lines',
    fire: replace([
      '<cbc:LineExtensionAmount currencyID="EUR">1100.00</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">1200.00</cbc:LineExtensionAmount>',
    ]),
  },
  {
    rule: 'BR-CO-10',
    syntax: C,
    fires: 'the sum of line net amounts is not the sum of the lines',
    fire: replace(['<ram:LineTotalAmount>1100.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>1200.00</ram:LineTotalAmount>']),
  },
  {
    rule: 'BR-CO-11',
    syntax: U,
    fires: 'the sum of allowances differs from the allowances',
    fire: ublAc(false, '10.00'),
    pass: chain(ublAc(false, '0.00'), ublTotal('AllowanceTotalAmount', '0.00')),
  },
  {
    rule: 'BR-CO-11',
    syntax: C,
    fires: 'the sum of allowances differs from the allowances',
    fire: ciiAc(false, '10.00'),
    pass: chain(ciiAc(false, '0.00'), ciiTotal('AllowanceTotalAmount', '0.00')),
  },
  {
    rule: 'BR-CO-12',
    syntax: U,
    fires: 'the sum of charges differs from the charges',
    fire: ublTotal('ChargeTotalAmount', '5.00'),
    pass: chain(ublAc(true, '0.00'), ublTotal('ChargeTotalAmount', '0.00')),
  },
  {
    rule: 'BR-CO-12',
    syntax: C,
    fires: 'the sum of charges differs from the charges',
    fire: ciiTotal('ChargeTotalAmount', '5.00'),
    pass: chain(ciiAc(true, '0.00'), ciiTotal('ChargeTotalAmount', '0.00')),
  },
  {
    rule: 'BR-CO-13',
    syntax: U,
    fires: 'the total without VAT is not lines − allowances + charges',
    fire: replace([
      '<cbc:TaxExclusiveAmount currencyID="EUR">1100.00</cbc:TaxExclusiveAmount>',
      '<cbc:TaxExclusiveAmount currencyID="EUR">1000.00</cbc:TaxExclusiveAmount>',
    ]),
  },
  {
    rule: 'BR-CO-13',
    syntax: C,
    fires: 'the total without VAT is not lines − allowances + charges',
    fire: replace(['<ram:TaxBasisTotalAmount>1100.00</ram:TaxBasisTotalAmount>', '<ram:TaxBasisTotalAmount>1000.00</ram:TaxBasisTotalAmount>']),
  },
  {
    rule: 'BR-CO-14',
    syntax: U,
    fires: 'the VAT total is not the sum of the category amounts',
    fire: replace(['<cbc:TaxAmount currencyID="EUR">197.00</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="EUR">200.00</cbc:TaxAmount>']),
  },
  {
    rule: 'BR-CO-14',
    syntax: C,
    fires: 'the VAT total is not the sum of the category amounts',
    fire: replace(['<ram:TaxTotalAmount currencyID="EUR">197.00</ram:TaxTotalAmount>', '<ram:TaxTotalAmount currencyID="EUR">200.00</ram:TaxTotalAmount>']),
  },
  {
    rule: 'BR-CO-15',
    syntax: U,
    fires: 'the total with VAT is not net + VAT',
    fire: chain(
      replace([
        '<cbc:TaxInclusiveAmount currencyID="EUR">1297.00</cbc:TaxInclusiveAmount>',
        '<cbc:TaxInclusiveAmount currencyID="EUR">1300.00</cbc:TaxInclusiveAmount>',
      ]),
    ),
  },
  {
    rule: 'BR-CO-15',
    syntax: C,
    fires: 'the total with VAT is not net + VAT',
    fire: replace(['<ram:GrandTotalAmount>1297.00</ram:GrandTotalAmount>', '<ram:GrandTotalAmount>1300.00</ram:GrandTotalAmount>']),
  },
  {
    rule: 'BR-CO-16',
    syntax: U,
    fires: 'the amount due is not total − paid + rounding',
    fire: replace(['<cbc:PayableAmount currencyID="EUR">1297.00</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="EUR">1290.00</cbc:PayableAmount>']),
    pass: chain(
      ublTotal('PrepaidAmount', '97.00'),
      replace(['<cbc:PayableAmount currencyID="EUR">1297.00</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="EUR">1200.00</cbc:PayableAmount>']),
    ),
  },
  {
    rule: 'BR-CO-16',
    syntax: C,
    fires: 'the amount due is not total − paid + rounding',
    fire: replace(['<ram:DuePayableAmount>1297.00</ram:DuePayableAmount>', '<ram:DuePayableAmount>1290.00</ram:DuePayableAmount>']),
    pass: chain(
      ciiTotal('TotalPrepaidAmount', '97.00'),
      replace(['<ram:DuePayableAmount>1297.00</ram:DuePayableAmount>', '<ram:DuePayableAmount>1200.00</ram:DuePayableAmount>']),
    ),
  },
  {
    rule: 'BR-CO-17',
    syntax: U,
    fires: 'a category tax amount is not taxable amount × rate',
    fire: replace(['<cbc:TaxAmount currencyID="EUR">190.00</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="EUR">200.00</cbc:TaxAmount>']),
  },
  {
    rule: 'BR-CO-17',
    syntax: C,
    fires: 'a category tax amount is not taxable amount × rate',
    fire: replace(['<ram:CalculatedAmount>190.00</ram:CalculatedAmount>', '<ram:CalculatedAmount>200.00</ram:CalculatedAmount>']),
  },
  { rule: 'BR-CO-18', syntax: U, fires: 'there is no VAT breakdown', fire: (x) => x.replace(/<cac:TaxSubtotal>[\s\S]*<\/cac:TaxSubtotal>/, '') },
  {
    rule: 'BR-CO-18',
    syntax: C,
    fires: 'there is no VAT breakdown',
    fire: (x) => x.replace(/<ram:ApplicableTradeTax>\s*<ram:CalculatedAmount>[\s\S]*<\/ram:ApplicableTradeTax>/, ''),
  },
  {
    rule: 'BR-CO-19',
    syntax: U,
    fires: 'the invoicing period has neither start nor end date',
    fire: replace(['<cbc:StartDate>2026-03-01</cbc:StartDate>\n    <cbc:EndDate>2026-03-31</cbc:EndDate>', '']),
  },
  {
    rule: 'BR-CO-19',
    syntax: C,
    fires: 'the invoicing period has neither start nor end date',
    fire: (x) => x.replace(/(<ram:BillingSpecifiedPeriod>)[\s\S]*?(<\/ram:BillingSpecifiedPeriod>)/, '$1$2'),
  },
  {
    rule: 'BR-CO-20',
    syntax: U,
    fires: 'a line period has neither start nor end date',
    fire: insertInto('cac:InvoiceLine', '<cac:InvoicePeriod></cac:InvoicePeriod>'),
    pass: insertInto('cac:InvoiceLine', '<cac:InvoicePeriod><cbc:EndDate>2026-03-31</cbc:EndDate></cac:InvoicePeriod>'),
  },
  {
    rule: 'BR-CO-20',
    syntax: C,
    fires: 'a line period has neither start nor end date',
    fire: insertInto('ram:SpecifiedLineTradeSettlement', '<ram:BillingSpecifiedPeriod></ram:BillingSpecifiedPeriod>'),
    pass: insertInto(
      'ram:SpecifiedLineTradeSettlement',
      '<ram:BillingSpecifiedPeriod><ram:EndDateTime><udt:DateTimeString format="102">20260331</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>',
    ),
  },
  ...(
    [
      [false, 'BR-CO-21'],
      [true, 'BR-CO-22'],
    ] as const
  ).flatMap(([charge, rule]): RuleCase[] => [
    {
      rule,
      syntax: U,
      fires: 'a document level allowance or charge has neither reason nor code',
      fire: (x) => ublAc(charge, '0.00')(x).replace('<cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason>', ''),
      pass: ublAc(charge, '0.00'),
    },
    {
      rule,
      syntax: C,
      fires: 'a document level allowance or charge has neither reason nor code',
      fire: (x) => ciiAc(charge, '0.00')(x).replace('<ram:Reason>Grund</ram:Reason>', ''),
      pass: ciiAc(charge, '0.00'),
    },
  ]),
  ...(
    [
      [false, 'BR-CO-23'],
      [true, 'BR-CO-24'],
    ] as const
  ).flatMap(([charge, rule]): RuleCase[] => [
    {
      rule,
      syntax: U,
      fires: 'a line allowance or charge has neither reason nor code',
      fire: (x) => ublLineAc(charge, '0.00')(x).replace('<cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason>', ''),
      pass: ublLineAc(charge, '0.00'),
    },
    {
      rule,
      syntax: C,
      fires: 'a line allowance or charge has neither reason nor code',
      fire: (x) => ciiLineAc(charge, '0.00')(x).replace('<ram:Reason>Grund</ram:Reason>', ''),
      pass: ciiLineAc(charge, '0.00'),
    },
  ]),
  { rule: 'BR-CO-26', syntax: U, fires: 'the seller has neither identifier, registration nor VAT identifier', fire: remove('cac:PartyTaxScheme') },
  { rule: 'BR-CO-26', syntax: C, fires: 'the seller has neither identifier, registration nor VAT identifier', fire: remove('ram:SpecifiedTaxRegistration') },
];

const three = '1.001';
const decCases: RuleCase[] = [
  ...(
    [
      [false, 'BR-DEC-01', 'BR-DEC-02'],
      [true, 'BR-DEC-05', 'BR-DEC-06'],
    ] as const
  ).flatMap(([charge, amount, base]): RuleCase[] => [
    { rule: amount, syntax: U, fires: 'the amount has three decimals', fire: ublAc(charge, three), pass: ublAc(charge, '1.00') },
    { rule: amount, syntax: C, fires: 'the amount has three decimals', fire: ciiAc(charge, three), pass: ciiAc(charge, '1.00') },
    {
      rule: base,
      syntax: U,
      fires: 'the base amount has three decimals',
      fire: ublAc(charge, '1.00', `<cbc:BaseAmount currencyID="EUR">${three}</cbc:BaseAmount>`),
      pass: ublAc(charge, '1.00', '<cbc:BaseAmount currencyID="EUR">10.00</cbc:BaseAmount>'),
    },
    {
      rule: base,
      syntax: C,
      fires: 'the base amount has three decimals',
      fire: ciiAc(charge, '1.00', `<ram:BasisAmount>${three}</ram:BasisAmount>`),
      pass: ciiAc(charge, '1.00', '<ram:BasisAmount>10.00</ram:BasisAmount>'),
    },
  ]),
  ...(
    [
      ['BR-DEC-09', 'LineExtensionAmount', 'LineTotalAmount', '1100.00'],
      ['BR-DEC-12', 'TaxExclusiveAmount', 'TaxBasisTotalAmount', '1100.00'],
      ['BR-DEC-14', 'TaxInclusiveAmount', 'GrandTotalAmount', '1297.00'],
      ['BR-DEC-18', 'PayableAmount', 'DuePayableAmount', '1297.00'],
    ] as const
  ).flatMap(([rule, u, c, v]): RuleCase[] => [
    {
      rule,
      syntax: U,
      fires: `${u} has three decimals`,
      fire: replace([`<cbc:${u} currencyID="EUR">${v}</cbc:${u}>`, `<cbc:${u} currencyID="EUR">${v}1</cbc:${u}>`]),
    },
    { rule, syntax: C, fires: `${c} has three decimals`, fire: replace([`<ram:${c}>${v}</ram:${c}>`, `<ram:${c}>${v}1</ram:${c}>`]) },
  ]),
  ...(
    [
      ['BR-DEC-10', 'AllowanceTotalAmount'],
      ['BR-DEC-11', 'ChargeTotalAmount'],
      ['BR-DEC-16', 'PrepaidAmount', 'TotalPrepaidAmount'],
      ['BR-DEC-17', 'PayableRoundingAmount', 'RoundingAmount'],
    ] as const
  ).flatMap(([rule, u, c]): RuleCase[] => [
    { rule, syntax: U, fires: `${u} has three decimals`, fire: ublTotal(u, '0.001'), pass: ublTotal(u, '0.00') },
    { rule, syntax: C, fires: `${c ?? u} has three decimals`, fire: ciiTotal(c ?? u, '0.001'), pass: ciiTotal(c ?? u, '0.00') },
  ]),
  {
    rule: 'BR-DEC-13',
    syntax: C,
    fires: 'the VAT total in invoice currency has three decimals',
    fire: replace(['<ram:TaxTotalAmount currencyID="EUR">197.00</ram:TaxTotalAmount>', '<ram:TaxTotalAmount currencyID="EUR">197.001</ram:TaxTotalAmount>']),
  },
  {
    rule: 'BR-DEC-15',
    syntax: C,
    fires: 'the VAT total in accounting currency has three decimals',
    fire: chain(
      insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>'),
      insertInto('ram:SpecifiedTradeSettlementHeaderMonetarySummation', '<ram:TaxTotalAmount currencyID="USD">230.001</ram:TaxTotalAmount>'),
    ),
    pass: chain(
      insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>'),
      insertInto('ram:SpecifiedTradeSettlementHeaderMonetarySummation', '<ram:TaxTotalAmount currencyID="USD">230.00</ram:TaxTotalAmount>'),
    ),
  },
  {
    rule: 'BR-DEC-19',
    syntax: U,
    fires: 'a category taxable amount has three decimals',
    fire: replace(['<cbc:TaxableAmount currencyID="EUR">1000.00</cbc:TaxableAmount>', '<cbc:TaxableAmount currencyID="EUR">1000.001</cbc:TaxableAmount>']),
  },
  {
    rule: 'BR-DEC-19',
    syntax: C,
    fires: 'a category taxable amount has three decimals',
    fire: replace(['<ram:BasisAmount>1000.00</ram:BasisAmount>', '<ram:BasisAmount>1000.001</ram:BasisAmount>']),
  },
  {
    rule: 'BR-DEC-20',
    syntax: U,
    fires: 'a category tax amount has three decimals',
    fire: replace(['<cbc:TaxAmount currencyID="EUR">190.00</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="EUR">190.001</cbc:TaxAmount>']),
  },
  {
    rule: 'BR-DEC-20',
    syntax: C,
    fires: 'a category tax amount has three decimals',
    fire: replace(['<ram:CalculatedAmount>190.00</ram:CalculatedAmount>', '<ram:CalculatedAmount>190.001</ram:CalculatedAmount>']),
  },
  {
    rule: 'BR-DEC-23',
    syntax: U,
    fires: 'a line net amount has three decimals',
    fire: replace([
      '<cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount>',
      '<cbc:LineExtensionAmount currencyID="EUR">1000.001</cbc:LineExtensionAmount>',
    ]),
  },
  {
    rule: 'BR-DEC-23',
    syntax: C,
    fires: 'a line net amount has three decimals',
    fire: replace(['<ram:LineTotalAmount>1000.00</ram:LineTotalAmount>', '<ram:LineTotalAmount>1000.001</ram:LineTotalAmount>']),
  },
  ...(
    [
      [false, 'BR-DEC-24', 'BR-DEC-25'],
      [true, 'BR-DEC-27', 'BR-DEC-28'],
    ] as const
  ).flatMap(([charge, amount, base]): RuleCase[] => [
    {
      rule: amount,
      syntax: U,
      fires: 'the line allowance or charge amount has three decimals',
      fire: ublLineAc(charge, three),
      pass: ublLineAc(charge, '1.00'),
    },
    {
      rule: amount,
      syntax: C,
      fires: 'the line allowance or charge amount has three decimals',
      fire: ciiLineAc(charge, three),
      pass: ciiLineAc(charge, '1.00'),
    },
    {
      rule: base,
      syntax: U,
      fires: 'the line allowance or charge base amount has three decimals',
      fire: ublLineAc(charge, '1.00', `<cbc:BaseAmount currencyID="EUR">${three}</cbc:BaseAmount>`),
      pass: ublLineAc(charge, '1.00', '<cbc:BaseAmount currencyID="EUR">10.00</cbc:BaseAmount>'),
    },
    {
      rule: base,
      syntax: C,
      fires: 'the line allowance or charge base amount has three decimals',
      fire: ciiLineAc(charge, '1.00', `<ram:BasisAmount>${three}</ram:BasisAmount>`),
      pass: ciiLineAc(charge, '1.00', '<ram:BasisAmount>10.00</ram:BasisAmount>'),
    },
  ]),
];

describeRuleCases('EN 16931 calculations and conditions BR-CO-*', coCases);
describeRuleCases('EN 16931 decimals BR-DEC-*', decCases);

describe('BR-DEC-13 and BR-DEC-15 in UBL', () => {
  it('BR-DEC-13 (UBL) cannot fire: the official UBL binding compares the currency with an element inside the amount', () => {
    const xml = replace(['<cbc:TaxAmount currencyID="EUR">197.00</cbc:TaxAmount>', '<cbc:TaxAmount currencyID="EUR">197.001</cbc:TaxAmount>'])(ublInvoice());
    expect(rulesFired(xml)).not.toContain('BR-DEC-13');
    expect(rulesFired(xml)).toContain('UBL-DT-01');
  });
});
