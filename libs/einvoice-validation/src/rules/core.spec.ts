import { chain, describeRuleCases, insertInto, remove, replace, type RuleCase } from '../../testing/rule-cases';

const U = 'UBL' as const;
const C = 'CII' as const;

const payeeUbl = (name: string) => insertInto('ubl:Invoice', `<cac:PayeeParty><cac:PartyName><cbc:Name>${name}</cbc:Name></cac:PartyName></cac:PayeeParty>`);
const payeeCii = (name: string) => insertInto('ram:ApplicableHeaderTradeSettlement', `<ram:PayeeTradeParty><ram:Name>${name}</ram:Name></ram:PayeeTradeParty>`);
const repUbl = (inner: string) => insertInto('ubl:Invoice', `<cac:TaxRepresentativeParty>${inner}</cac:TaxRepresentativeParty>`);
const repCii = (inner: string) =>
  insertInto('ram:ApplicableHeaderTradeAgreement', `<ram:SellerTaxRepresentativeTradeParty>${inner}</ram:SellerTaxRepresentativeTradeParty>`);
const REP_UBL =
  '<cac:PartyName><cbc:Name>Vertreter GmbH</cbc:Name></cac:PartyName><cac:PostalAddress><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress><cac:PartyTaxScheme><cbc:CompanyID>DE987654321</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>';
const REP_CII =
  '<ram:Name>Vertreter GmbH</ram:Name><ram:PostalTradeAddress><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress><ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE987654321</ram:ID></ram:SpecifiedTaxRegistration>';
const ublAc = (charge: boolean, inner: string) =>
  insertInto('ubl:Invoice', `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator>${inner}</cac:AllowanceCharge>`);
const ciiAc = (charge: boolean, inner: string) =>
  insertInto(
    'ram:ApplicableHeaderTradeSettlement',
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`,
  );
const UBL_AC_CAT = '<cac:TaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:TaxCategory>';
const CII_AC_CAT =
  '<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>19</ram:RateApplicablePercent></ram:CategoryTradeTax>';
const ublLineAc = (charge: boolean, inner: string) =>
  insertInto('cac:InvoiceLine', `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator>${inner}</cac:AllowanceCharge>`);
const ciiLineAc = (charge: boolean, inner: string) =>
  insertInto(
    'ram:SpecifiedLineTradeSettlement',
    `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`,
  );

const cases: RuleCase[] = [
  {
    rule: 'BR-01',
    syntax: U,
    fires: 'the specification identifier is empty',
    fire: replace([
      '<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>',
      '<cbc:CustomizationID> </cbc:CustomizationID>',
    ]),
  },
  {
    rule: 'BR-01',
    syntax: C,
    fires: 'the specification identifier is empty',
    fire: replace(['<ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID>', '<ram:ID></ram:ID>']),
  },
  { rule: 'BR-02', syntax: U, fires: 'the invoice number is missing', fire: replace(['<cbc:ID>RE-2026-0042</cbc:ID>', '']) },
  { rule: 'BR-02', syntax: C, fires: 'the invoice number is blank', fire: replace(['<ram:ID>RE-2026-0042</ram:ID>', '<ram:ID> </ram:ID>']) },
  {
    rule: 'BR-02',
    syntax: U,
    fires: 'the invoice number is only XML white space (normalize-space takes space, tab, CR and LF)',
    fire: replace(['<cbc:ID>RE-2026-0042</cbc:ID>', '<cbc:ID> \t\n </cbc:ID>']),
    // A no-break space is a character to normalize-space, not white space: the number is there.
    pass: replace(['<cbc:ID>RE-2026-0042</cbc:ID>', '<cbc:ID>\u00a0</cbc:ID>']),
  },
  { rule: 'BR-03', syntax: U, fires: 'the issue date is missing', fire: remove('cbc:IssueDate') },
  {
    rule: 'BR-03',
    syntax: C,
    fires: 'the issue date is not in format 102',
    fire: replace([
      '<udt:DateTimeString format="102">20260331</udt:DateTimeString></ram:IssueDateTime>',
      '<udt:DateTimeString format="610">202603</udt:DateTimeString></ram:IssueDateTime>',
    ]),
  },
  { rule: 'BR-04', syntax: U, fires: 'the invoice type code is missing', fire: remove('cbc:InvoiceTypeCode') },
  { rule: 'BR-04', syntax: C, fires: 'the invoice type code is empty', fire: replace(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode></ram:TypeCode>']) },
  { rule: 'BR-05', syntax: U, fires: 'the invoice currency is missing', fire: remove('cbc:DocumentCurrencyCode') },
  { rule: 'BR-05', syntax: C, fires: 'the invoice currency is missing', fire: remove('ram:InvoiceCurrencyCode') },
  {
    rule: 'BR-06',
    syntax: U,
    fires: 'the seller name is missing',
    fire: replace(['<cbc:RegistrationName>Kanzlei Muster Steuerberatung GmbH</cbc:RegistrationName>', '']),
  },
  { rule: 'BR-06', syntax: C, fires: 'the seller name is missing', fire: replace(['<ram:Name>Kanzlei Muster Steuerberatung GmbH</ram:Name>', '']) },
  { rule: 'BR-07', syntax: U, fires: 'the buyer name is missing', fire: replace(['<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>', '']) },
  { rule: 'BR-07', syntax: C, fires: 'the buyer name is missing', fire: replace(['<ram:Name>Kunde AG</ram:Name>', '']) },
  { rule: 'BR-08', syntax: U, fires: 'the seller postal address is missing', fire: remove('cac:PostalAddress') },
  { rule: 'BR-08', syntax: C, fires: 'the seller postal address is missing', fire: remove('ram:PostalTradeAddress') },
  { rule: 'BR-09', syntax: U, fires: 'the seller country code is missing', fire: remove('cac:Country') },
  { rule: 'BR-09', syntax: C, fires: 'the seller country code is missing', fire: remove('ram:CountryID') },
  { rule: 'BR-10', syntax: U, fires: 'the buyer postal address is missing', fire: remove('cac:PostalAddress', 1) },
  { rule: 'BR-10', syntax: C, fires: 'the buyer postal address is missing', fire: remove('ram:PostalTradeAddress', 1) },
  { rule: 'BR-11', syntax: U, fires: 'the buyer country code is missing', fire: remove('cac:Country', 1) },
  { rule: 'BR-11', syntax: C, fires: 'the buyer country code is missing', fire: remove('ram:CountryID', 1) },
  { rule: 'BR-12', syntax: U, fires: 'the sum of line net amounts is missing', fire: remove('cbc:LineExtensionAmount') },
  { rule: 'BR-12', syntax: C, fires: 'the sum of line net amounts is missing', fire: replace(['<ram:LineTotalAmount>1100.00</ram:LineTotalAmount>', '']) },
  { rule: 'BR-13', syntax: U, fires: 'the total without VAT is missing', fire: remove('cbc:TaxExclusiveAmount') },
  { rule: 'BR-13', syntax: C, fires: 'the total without VAT is missing', fire: remove('ram:TaxBasisTotalAmount') },
  { rule: 'BR-14', syntax: U, fires: 'the total with VAT is missing', fire: remove('cbc:TaxInclusiveAmount') },
  { rule: 'BR-14', syntax: C, fires: 'the total with VAT is missing', fire: remove('ram:GrandTotalAmount') },
  { rule: 'BR-15', syntax: U, fires: 'the amount due is missing', fire: remove('cbc:PayableAmount') },
  { rule: 'BR-15', syntax: C, fires: 'the amount due is missing', fire: remove('ram:DuePayableAmount') },
  { rule: 'BR-16', syntax: U, fires: 'there is no invoice line', fire: chain(remove('cac:InvoiceLine'), remove('cac:InvoiceLine')) },
  {
    rule: 'BR-16',
    syntax: C,
    fires: 'there is no invoice line',
    fire: chain(remove('ram:IncludedSupplyChainTradeLineItem'), remove('ram:IncludedSupplyChainTradeLineItem')),
  },
  {
    rule: 'BR-17',
    syntax: U,
    fires: 'the payee has the seller name',
    fire: chain(payeeUbl('Muster'), insertInto('cac:Party', '<cac:PartyName><cbc:Name>Muster</cbc:Name></cac:PartyName>')),
    pass: payeeUbl('Factoring GmbH'),
  },
  {
    rule: 'BR-17',
    syntax: C,
    fires: 'the payee has no name',
    fire: insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:PayeeTradeParty><ram:ID>1</ram:ID></ram:PayeeTradeParty>'),
    pass: payeeCii('Factoring GmbH'),
  },
  {
    rule: 'BR-18',
    syntax: U,
    fires: 'the tax representative has no name',
    fire: repUbl(REP_UBL.replace('<cac:PartyName><cbc:Name>Vertreter GmbH</cbc:Name></cac:PartyName>', '')),
    pass: repUbl(REP_UBL),
  },
  {
    rule: 'BR-18',
    syntax: C,
    fires: 'the tax representative has no name',
    fire: repCii(REP_CII.replace('<ram:Name>Vertreter GmbH</ram:Name>', '')),
    pass: repCii(REP_CII),
  },
  {
    rule: 'BR-19',
    syntax: U,
    fires: 'the tax representative has no postal address',
    fire: repUbl(REP_UBL.replace(/<cac:PostalAddress>.*<\/cac:PostalAddress>/, '')),
    pass: repUbl(REP_UBL),
  },
  {
    rule: 'BR-19',
    syntax: C,
    fires: 'the tax representative has no postal address',
    fire: repCii(REP_CII.replace(/<ram:PostalTradeAddress>.*<\/ram:PostalTradeAddress>/, '')),
    pass: repCii(REP_CII),
  },
  {
    rule: 'BR-20',
    syntax: U,
    fires: 'the tax representative address has no country',
    fire: repUbl(REP_UBL.replace(/<cac:Country>.*<\/cac:Country>/, '')),
    pass: repUbl(REP_UBL),
  },
  {
    rule: 'BR-20',
    syntax: C,
    fires: 'the tax representative address has no country',
    fire: repCii(REP_CII.replace('<ram:CountryID>DE</ram:CountryID>', '')),
    pass: repCii(REP_CII),
  },
  { rule: 'BR-21', syntax: U, fires: 'a line has no identifier', fire: replace(['<cbc:ID>1</cbc:ID>', '<cbc:ID></cbc:ID>']) },
  { rule: 'BR-21', syntax: C, fires: 'a line has no identifier', fire: replace(['<ram:LineID>1</ram:LineID>', '<ram:LineID> </ram:LineID>']) },
  { rule: 'BR-22', syntax: U, fires: 'a line has no quantity', fire: remove('cbc:InvoicedQuantity') },
  { rule: 'BR-22', syntax: C, fires: 'a line has no quantity', fire: remove('ram:BilledQuantity') },
  { rule: 'BR-23', syntax: U, fires: 'a quantity has no unit', fire: replace(['<cbc:InvoicedQuantity unitCode="C62">', '<cbc:InvoicedQuantity>']) },
  { rule: 'BR-23', syntax: C, fires: 'a quantity has no unit', fire: replace(['<ram:BilledQuantity unitCode="C62">', '<ram:BilledQuantity>']) },
  {
    rule: 'BR-24',
    syntax: U,
    fires: 'a line has no net amount',
    fire: replace(['<cbc:LineExtensionAmount currencyID="EUR">1000.00</cbc:LineExtensionAmount>', '']),
  },
  {
    rule: 'BR-24',
    syntax: C,
    fires: 'a line has no net amount',
    fire: replace([
      '<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>1000.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>',
      '',
    ]),
  },
  { rule: 'BR-25', syntax: U, fires: 'an item has no name', fire: replace(['<cbc:Name>Beratung Jahresabschluss</cbc:Name>', '<cbc:Name> </cbc:Name>']) },
  { rule: 'BR-25', syntax: C, fires: 'an item has no name', fire: replace(['<ram:Name>Beratung Jahresabschluss</ram:Name>', '']) },
  { rule: 'BR-26', syntax: U, fires: 'a line has no net price', fire: remove('cbc:PriceAmount') },
  { rule: 'BR-26', syntax: C, fires: 'a line has no net price', fire: remove('ram:ChargeAmount') },
  {
    rule: 'BR-27',
    syntax: U,
    fires: 'a net price is negative',
    fire: replace(['<cbc:PriceAmount currencyID="EUR">100.00</cbc:PriceAmount>', '<cbc:PriceAmount currencyID="EUR">-100.00</cbc:PriceAmount>']),
  },
  {
    rule: 'BR-27',
    syntax: C,
    fires: 'a net price is negative',
    fire: replace(['<ram:ChargeAmount>100.00</ram:ChargeAmount>', '<ram:ChargeAmount>-100.00</ram:ChargeAmount>']),
  },
  {
    rule: 'BR-28',
    syntax: U,
    fires: 'a gross price is negative',
    fire: insertInto(
      'cac:Price',
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">-1.00</cbc:BaseAmount></cac:AllowanceCharge>',
    ),
    pass: insertInto(
      'cac:Price',
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount><cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount></cac:AllowanceCharge>',
    ),
  },
  {
    rule: 'BR-28',
    syntax: C,
    fires: 'a gross price is negative',
    fire: insertInto(
      'ram:SpecifiedLineTradeAgreement',
      '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>-1</ram:ChargeAmount></ram:GrossPriceProductTradePrice>',
    ),
    pass: insertInto(
      'ram:SpecifiedLineTradeAgreement',
      '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>100</ram:ChargeAmount></ram:GrossPriceProductTradePrice>',
    ),
  },
  {
    rule: 'BR-29',
    syntax: U,
    fires: 'the invoicing period ends before it starts',
    fire: replace(['<cbc:EndDate>2026-03-31</cbc:EndDate>', '<cbc:EndDate>2026-02-28</cbc:EndDate>']),
  },
  {
    rule: 'BR-29',
    syntax: C,
    fires: 'the invoicing period ends before it starts',
    fire: replace([
      '<ram:EndDateTime><udt:DateTimeString format="102">20260331</udt:DateTimeString>',
      '<ram:EndDateTime><udt:DateTimeString format="102">20260228</udt:DateTimeString>',
    ]),
  },
  {
    rule: 'BR-30',
    syntax: U,
    fires: 'a line period ends before it starts',
    fire: insertInto(
      'cac:InvoiceLine',
      '<cac:InvoicePeriod><cbc:StartDate>2026-03-10</cbc:StartDate><cbc:EndDate>2026-03-01</cbc:EndDate></cac:InvoicePeriod>',
    ),
    pass: insertInto(
      'cac:InvoiceLine',
      '<cac:InvoicePeriod><cbc:StartDate>2026-03-01</cbc:StartDate><cbc:EndDate>2026-03-10</cbc:EndDate></cac:InvoicePeriod>',
    ),
  },
  {
    rule: 'BR-30',
    syntax: C,
    fires: 'a line period ends before it starts',
    fire: insertInto(
      'ram:SpecifiedLineTradeSettlement',
      '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20260310</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20260301</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>',
    ),
    pass: insertInto(
      'ram:SpecifiedLineTradeSettlement',
      '<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20260301</udt:DateTimeString></ram:StartDateTime></ram:BillingSpecifiedPeriod>',
    ),
  },
  ...(
    [
      [false, 'BR-31', 'BR-32', 'BR-33'],
      [true, 'BR-36', 'BR-37', 'BR-38'],
    ] as const
  ).flatMap(([charge, amount, category, reason]): RuleCase[] => {
    const okUbl = `<cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.00</cbc:Amount>${UBL_AC_CAT}`;
    const okCii = `<ram:ActualAmount>0.00</ram:ActualAmount><ram:Reason>Grund</ram:Reason>${CII_AC_CAT}`;
    return [
      {
        rule: amount,
        syntax: U,
        fires: 'a document level allowance or charge has no amount',
        fire: ublAc(charge, okUbl.replace('<cbc:Amount currencyID="EUR">0.00</cbc:Amount>', '')),
        pass: ublAc(charge, okUbl),
      },
      {
        rule: amount,
        syntax: C,
        fires: 'a document level allowance or charge has no amount',
        fire: ciiAc(charge, okCii.replace('<ram:ActualAmount>0.00</ram:ActualAmount>', '')),
        pass: ciiAc(charge, okCii),
      },
      {
        rule: category,
        syntax: U,
        fires: 'a document level allowance or charge has no VAT category',
        fire: ublAc(charge, okUbl.replace(UBL_AC_CAT, '')),
        pass: ublAc(charge, okUbl),
      },
      {
        rule: category,
        syntax: C,
        fires: 'a document level allowance or charge has no VAT category',
        fire: ciiAc(charge, okCii.replace(CII_AC_CAT, '')),
        pass: ciiAc(charge, okCii),
      },
      {
        rule: reason,
        syntax: U,
        fires: 'a document level allowance or charge has no reason',
        fire: ublAc(charge, okUbl.replace('<cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason>', '')),
        pass: ublAc(charge, okUbl),
      },
      {
        rule: reason,
        syntax: C,
        fires: 'a document level allowance or charge has no reason',
        fire: ciiAc(charge, okCii.replace('<ram:Reason>Grund</ram:Reason>', '')),
        pass: ciiAc(charge, okCii),
      },
    ];
  }),
  ...(
    [
      [false, 'BR-41', 'BR-42'],
      [true, 'BR-43', 'BR-44'],
    ] as const
  ).flatMap(([charge, amount, reason]): RuleCase[] => [
    {
      rule: amount,
      syntax: U,
      fires: 'a line allowance or charge has no amount',
      fire: ublLineAc(charge, '<cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason>'),
      pass: ublLineAc(charge, '<cbc:AllowanceChargeReason>Grund</cbc:AllowanceChargeReason><cbc:Amount currencyID="EUR">0.00</cbc:Amount>'),
    },
    {
      rule: amount,
      syntax: C,
      fires: 'a line allowance or charge has no amount',
      fire: ciiLineAc(charge, '<ram:Reason>Grund</ram:Reason>'),
      pass: ciiLineAc(charge, '<ram:ActualAmount>0.00</ram:ActualAmount><ram:Reason>Grund</ram:Reason>'),
    },
    {
      rule: reason,
      syntax: U,
      fires: 'a line allowance or charge has no reason',
      fire: ublLineAc(charge, '<cbc:Amount currencyID="EUR">0.00</cbc:Amount>'),
      pass: ublLineAc(charge, '<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode><cbc:Amount currencyID="EUR">0.00</cbc:Amount>'),
    },
    {
      rule: reason,
      syntax: C,
      fires: 'a line allowance or charge has no reason',
      fire: ciiLineAc(charge, '<ram:ActualAmount>0.00</ram:ActualAmount>'),
      pass: ciiLineAc(charge, '<ram:ActualAmount>0.00</ram:ActualAmount><ram:ReasonCode>95</ram:ReasonCode>'),
    },
  ]),
  { rule: 'BR-45', syntax: U, fires: 'a VAT breakdown has no taxable amount', fire: remove('cbc:TaxableAmount') },
  { rule: 'BR-45', syntax: C, fires: 'a VAT breakdown has no taxable amount', fire: remove('ram:BasisAmount') },
  { rule: 'BR-46', syntax: U, fires: 'a VAT breakdown has no tax amount', fire: replace(['<cbc:TaxAmount currencyID="EUR">190.00</cbc:TaxAmount>', '']) },
  { rule: 'BR-46', syntax: C, fires: 'a VAT breakdown has no tax amount', fire: remove('ram:CalculatedAmount') },
  {
    rule: 'BR-47',
    syntax: U,
    fires: 'a VAT breakdown has no category code',
    fire: replace([
      '<cbc:ID>S</cbc:ID>\n        <cbc:Percent>19</cbc:Percent>\n        <cac:TaxScheme>',
      '<cbc:Percent>19</cbc:Percent>\n        <cac:TaxScheme>',
    ]),
  },
  {
    rule: 'BR-47',
    syntax: C,
    fires: 'a VAT breakdown has no category code',
    fire: replace(['<ram:BasisAmount>1000.00</ram:BasisAmount>\n        <ram:CategoryCode>S</ram:CategoryCode>', '<ram:BasisAmount>1000.00</ram:BasisAmount>']),
  },
  {
    rule: 'BR-48',
    syntax: U,
    fires: 'a VAT breakdown has no rate',
    fire: replace(['<cbc:ID>S</cbc:ID>\n        <cbc:Percent>19</cbc:Percent>\n        <cac:TaxScheme>', '<cbc:ID>S</cbc:ID>\n        <cac:TaxScheme>']),
  },
  {
    rule: 'BR-48',
    syntax: C,
    fires: 'a VAT breakdown has no rate',
    fire: replace([
      '<ram:CategoryCode>S</ram:CategoryCode>\n        <ram:RateApplicablePercent>19</ram:RateApplicablePercent>',
      '<ram:CategoryCode>S</ram:CategoryCode>',
    ]),
  },
  { rule: 'BR-49', syntax: U, fires: 'a payment instruction has no means code', fire: remove('cbc:PaymentMeansCode') },
  { rule: 'BR-49', syntax: C, fires: 'a payment instruction has no means code', fire: replace(['<ram:TypeCode>58</ram:TypeCode>', '']) },
  {
    rule: 'BR-50',
    syntax: U,
    fires: 'a credit transfer has no account identifier',
    fire: replace(['<cbc:ID>DE02120300000000202051</cbc:ID>', '<cbc:ID> </cbc:ID>']),
  },
  {
    rule: 'BR-50',
    syntax: C,
    fires: 'a credit transfer has no account identifier',
    fire: replace(['<ram:IBANID>DE02120300000000202051</ram:IBANID>', '<ram:IBANID></ram:IBANID>']),
  },
  {
    rule: 'BR-51',
    syntax: U,
    fires: 'the full card number is given',
    fire: insertInto(
      'cac:PaymentMeans',
      '<cac:CardAccount><cbc:PrimaryAccountNumberID>4111111111111111</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>',
    ),
    pass: insertInto(
      'cac:PaymentMeans',
      '<cac:CardAccount><cbc:PrimaryAccountNumberID>411111</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>',
    ),
  },
  {
    rule: 'BR-51',
    syntax: C,
    fires: 'the full card number is given',
    fire: insertInto(
      'ram:SpecifiedTradeSettlementPaymentMeans',
      '<ram:ApplicableTradeSettlementFinancialCard><ram:ID>4111111111111111</ram:ID></ram:ApplicableTradeSettlementFinancialCard>',
    ),
    pass: insertInto(
      'ram:SpecifiedTradeSettlementPaymentMeans',
      '<ram:ApplicableTradeSettlementFinancialCard><ram:ID>41111111</ram:ID></ram:ApplicableTradeSettlementFinancialCard>',
    ),
  },
  {
    rule: 'BR-52',
    syntax: U,
    fires: 'a supporting document has no reference',
    fire: insertInto('ubl:Invoice', '<cac:AdditionalDocumentReference><cbc:ID></cbc:ID></cac:AdditionalDocumentReference>'),
    pass: insertInto('ubl:Invoice', '<cac:AdditionalDocumentReference><cbc:ID>Anlage 1</cbc:ID></cac:AdditionalDocumentReference>'),
  },
  {
    rule: 'BR-52',
    syntax: C,
    fires: 'a supporting document has no reference',
    fire: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:TypeCode>916</ram:TypeCode></ram:AdditionalReferencedDocument>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A1</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode></ram:AdditionalReferencedDocument>',
    ),
  },
  {
    rule: 'BR-53',
    syntax: U,
    fires: 'a VAT accounting currency is named without a VAT total in it',
    fire: insertInto('ubl:Invoice', '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'),
    pass: chain(
      insertInto('ubl:Invoice', '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'),
      insertInto('ubl:Invoice', '<cac:TaxTotal><cbc:TaxAmount currencyID="USD">230.00</cbc:TaxAmount></cac:TaxTotal>'),
    ),
  },
  {
    rule: 'BR-53',
    syntax: C,
    fires: 'a VAT accounting currency is named without a VAT total in it',
    fire: insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>'),
    pass: chain(
      insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>'),
      insertInto('ram:SpecifiedTradeSettlementHeaderMonetarySummation', '<ram:TaxTotalAmount currencyID="USD">230.00</ram:TaxTotalAmount>'),
    ),
  },
  {
    rule: 'BR-54',
    syntax: U,
    fires: 'an item attribute has no value',
    fire: insertInto('cac:Item', '<cac:AdditionalItemProperty><cbc:Name>Farbe</cbc:Name></cac:AdditionalItemProperty>'),
    pass: insertInto('cac:Item', '<cac:AdditionalItemProperty><cbc:Name>Farbe</cbc:Name><cbc:Value>blau</cbc:Value></cac:AdditionalItemProperty>'),
  },
  {
    rule: 'BR-54',
    syntax: C,
    fires: 'an item attribute has no name',
    fire: insertInto('ram:SpecifiedTradeProduct', '<ram:ApplicableProductCharacteristic><ram:Value>blau</ram:Value></ram:ApplicableProductCharacteristic>'),
    pass: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>Farbe</ram:Description><ram:Value>blau</ram:Value></ram:ApplicableProductCharacteristic>',
    ),
  },
  {
    rule: 'BR-55',
    syntax: U,
    fires: 'a preceding invoice reference has no number',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2026-01-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:ID>RE-1</cbc:ID></cac:InvoiceDocumentReference></cac:BillingReference>',
    ),
  },
  {
    rule: 'BR-55',
    syntax: C,
    fires: 'a preceding invoice reference has no number',
    fire: insertInto(
      'ram:ApplicableHeaderTradeSettlement',
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID> </ram:IssuerAssignedID></ram:InvoiceReferencedDocument>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeSettlement',
      '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-1</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>',
    ),
  },
  {
    rule: 'BR-56',
    syntax: U,
    fires: 'the tax representative has no VAT identifier',
    fire: repUbl(REP_UBL.replace(/<cac:PartyTaxScheme>.*<\/cac:PartyTaxScheme>/, '')),
    pass: repUbl(REP_UBL),
  },
  {
    rule: 'BR-56',
    syntax: C,
    fires: 'the tax representative has no VAT identifier',
    fire: repCii(REP_CII.replace('schemeID="VA"', 'schemeID="FC"')),
    pass: repCii(REP_CII),
  },
  {
    rule: 'BR-57',
    syntax: U,
    fires: 'the deliver to address has no country',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Paris</cbc:CityName></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:Delivery><cac:DeliveryLocation><cac:Address><cbc:CityName>Paris</cbc:CityName><cbc:PostalZone>75001</cbc:PostalZone><cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>',
    ),
  },
  {
    rule: 'BR-57',
    syntax: C,
    fires: 'the deliver to address has no country',
    fire: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:CityName>Paris</ram:CityName></ram:PostalTradeAddress></ram:ShipToTradeParty>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:CityName>Paris</ram:CityName><ram:CountryID>FR</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty>',
    ),
  },
  { rule: 'BR-61', syntax: U, fires: 'a credit transfer has no payment account', fire: remove('cac:PayeeFinancialAccount') },
  {
    rule: 'BR-61',
    syntax: C,
    fires: 'a credit transfer account has neither IBAN nor proprietary identifier',
    fire: replace(['<ram:IBANID>DE02120300000000202051</ram:IBANID>', '<ram:AccountName>Konto</ram:AccountName>']),
  },
  {
    rule: 'BR-62',
    syntax: U,
    fires: 'the seller electronic address has no scheme',
    fire: replace(['<cbc:EndpointID schemeID="EM">rechnung@kanzlei-muster.de</cbc:EndpointID>', '<cbc:EndpointID>rechnung@kanzlei-muster.de</cbc:EndpointID>']),
  },
  {
    rule: 'BR-62',
    syntax: C,
    fires: 'the seller electronic address has no scheme',
    fire: replace(['<ram:URIID schemeID="EM">rechnung@kanzlei-muster.de</ram:URIID>', '<ram:URIID>rechnung@kanzlei-muster.de</ram:URIID>']),
  },
  {
    rule: 'BR-63',
    syntax: U,
    fires: 'the buyer electronic address has no scheme',
    fire: replace(['<cbc:EndpointID schemeID="EM">einkauf@kunde.de</cbc:EndpointID>', '<cbc:EndpointID>einkauf@kunde.de</cbc:EndpointID>']),
  },
  {
    rule: 'BR-63',
    syntax: C,
    fires: 'the buyer electronic address has no scheme',
    fire: replace(['<ram:URIID schemeID="EM">einkauf@kunde.de</ram:URIID>', '<ram:URIID>einkauf@kunde.de</ram:URIID>']),
  },
  {
    rule: 'BR-64',
    syntax: U,
    fires: 'the item standard identifier has no scheme',
    fire: insertInto('cac:Item', '<cac:StandardItemIdentification><cbc:ID>4000001000005</cbc:ID></cac:StandardItemIdentification>'),
    pass: insertInto('cac:Item', '<cac:StandardItemIdentification><cbc:ID schemeID="0160">4000001000005</cbc:ID></cac:StandardItemIdentification>'),
  },
  {
    rule: 'BR-64',
    syntax: C,
    fires: 'the item standard identifier has no scheme',
    fire: insertInto('ram:SpecifiedTradeProduct', '<ram:GlobalID>4000001000005</ram:GlobalID>'),
    pass: insertInto('ram:SpecifiedTradeProduct', '<ram:GlobalID schemeID="0160">4000001000005</ram:GlobalID>'),
  },
  {
    rule: 'BR-65',
    syntax: U,
    fires: 'the item classification has no scheme',
    fire: insertInto('cac:Item', '<cac:CommodityClassification><cbc:ItemClassificationCode>123</cbc:ItemClassificationCode></cac:CommodityClassification>'),
    pass: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="STI">123</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
  },
  {
    rule: 'BR-65',
    syntax: C,
    fires: 'the item classification has no scheme',
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode>123</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
    pass: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="STI">123</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
  },
];

describeRuleCases('EN 16931 core rules BR-01 … BR-65', cases);
