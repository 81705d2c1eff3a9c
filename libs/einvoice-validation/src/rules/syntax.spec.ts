import { chain, describeRuleCases, insertInto, replace, type Edit, type RuleCase } from '../../testing/rule-cases';

const U = 'UBL' as const;
const C = 'CII' as const;

/** `a/b/c` → `<a><b><c>value</c></b></a>` */
function nest(path: string, value = '1'): string {
  const steps = path.split('/');
  return (
    steps.map((s) => `<${s}>`).join('') +
    value +
    [...steps]
      .reverse()
      .map((s) => `</${s.split(' ')[0]}>`)
      .join('')
  );
}
const twice = (into: string, xml: string): Edit => chain(insertInto(into, xml), insertInto(into, xml));
const once = (into: string, xml: string): Edit => insertInto(into, xml);

/** "at most once" rules on a path below the root or another element: fire with two, pass with one. */
function atMostOnce(rule: string, syntax: 'UBL' | 'CII', into: string, fragment: string): RuleCase {
  return {
    rule,
    syntax,
    fires: `${fragment.replace(/<[^>]*>/g, ' ').trim() || 'the element'} occurs twice`,
    fire: twice(into, fragment),
    pass: once(into, fragment),
  };
}

const ROOT = 'ubl:Invoice';
const SUPPLIER = 'cac:Party';
const ublCases: RuleCase[] = [
  atMostOnce('UBL-SR-01', U, ROOT, nest('cac:ContractDocumentReference/cbc:ID')),
  atMostOnce('UBL-SR-02', U, ROOT, nest('cac:ReceiptDocumentReference/cbc:ID')),
  atMostOnce('UBL-SR-03', U, ROOT, nest('cac:DespatchDocumentReference/cbc:ID')),
  atMostOnce(
    'UBL-SR-04',
    U,
    ROOT,
    '<cac:AdditionalDocumentReference><cbc:ID schemeID="ABT">1</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>',
  ),
  { rule: 'UBL-SR-05', syntax: U, fires: 'the payment terms note occurs twice', fire: once('cac:PaymentTerms', '<cbc:Note>30 Tage</cbc:Note>') },
  {
    rule: 'UBL-SR-06',
    syntax: U,
    fires: 'a billing reference holds two invoice references',
    fire: once(
      ROOT,
      `<cac:BillingReference>${nest('cac:InvoiceDocumentReference/cbc:ID')}${nest('cac:InvoiceDocumentReference/cbc:ID')}</cac:BillingReference>`,
    ),
    pass: once(ROOT, `<cac:BillingReference>${nest('cac:InvoiceDocumentReference/cbc:ID')}</cac:BillingReference>`),
  },
  {
    rule: 'UBL-SR-07',
    syntax: U,
    fires: 'a billing reference has no preceding invoice number',
    fire: once(
      ROOT,
      '<cac:BillingReference><cac:InvoiceDocumentReference><cbc:IssueDate>2026-01-01</cbc:IssueDate></cac:InvoiceDocumentReference></cac:BillingReference>',
    ),
    pass: once(ROOT, `<cac:BillingReference>${nest('cac:InvoiceDocumentReference/cbc:ID')}</cac:BillingReference>`),
  },
  {
    rule: 'UBL-SR-08',
    syntax: U,
    fires: 'the invoicing period occurs twice',
    fire: once(ROOT, '<cac:InvoicePeriod><cbc:StartDate>2026-03-01</cbc:StartDate></cac:InvoicePeriod>'),
  },
  {
    rule: 'UBL-SR-09',
    syntax: U,
    fires: 'the seller name occurs twice',
    fire: once('cac:PartyLegalEntity', '<cbc:RegistrationName>Zweiter Name</cbc:RegistrationName>'),
  },
  atMostOnce('UBL-SR-10', U, SUPPLIER, nest('cac:PartyName/cbc:Name')),
  atMostOnce('UBL-SR-11', U, 'cac:PartyLegalEntity', '<cbc:CompanyID>HRB 1</cbc:CompanyID>'),
  {
    rule: 'UBL-SR-12',
    syntax: U,
    fires: 'the seller has two VAT identifiers',
    fire: once(
      SUPPLIER,
      '<cac:PartyTaxScheme><cbc:CompanyID>DE111111111</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
    ),
  },
  atMostOnce(
    'UBL-SR-13',
    U,
    SUPPLIER,
    '<cac:PartyTaxScheme><cbc:CompanyID>12/345/67890</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
  ),
  atMostOnce('UBL-SR-14', U, 'cac:PartyLegalEntity', '<cbc:CompanyLegalForm>GmbH</cbc:CompanyLegalForm>'),
  {
    rule: 'UBL-SR-15',
    syntax: U,
    fires: 'the buyer name occurs twice',
    fire: insertInto('cac:PartyLegalEntity', '<cbc:RegistrationName>Zweiter Name</cbc:RegistrationName>', 1),
  },
  {
    rule: 'UBL-SR-16',
    syntax: U,
    fires: 'the buyer identifier occurs twice',
    fire: chain(insertInto('cac:Party', nest('cac:PartyIdentification/cbc:ID'), 1), insertInto('cac:Party', nest('cac:PartyIdentification/cbc:ID'), 1)),
    pass: insertInto('cac:Party', nest('cac:PartyIdentification/cbc:ID'), 1),
  },
  {
    rule: 'UBL-SR-17',
    syntax: U,
    fires: 'the buyer legal registration occurs twice',
    fire: chain(
      insertInto('cac:PartyLegalEntity', '<cbc:CompanyID>1</cbc:CompanyID>', 1),
      insertInto('cac:PartyLegalEntity', '<cbc:CompanyID>2</cbc:CompanyID>', 1),
    ),
    pass: insertInto('cac:PartyLegalEntity', '<cbc:CompanyID>1</cbc:CompanyID>', 1),
  },
  {
    rule: 'UBL-SR-18',
    syntax: U,
    fires: 'the buyer VAT identifier occurs twice',
    fire: chain(
      insertInto(
        'cac:Party',
        '<cac:PartyTaxScheme><cbc:CompanyID>DE1</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
        1,
      ),
      insertInto(
        'cac:Party',
        '<cac:PartyTaxScheme><cbc:CompanyID>DE2</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
        1,
      ),
    ),
    pass: insertInto(
      'cac:Party',
      '<cac:PartyTaxScheme><cbc:CompanyID>DE111111111</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>',
      1,
    ),
  },
  {
    rule: 'UBL-SR-19',
    syntax: U,
    fires: 'the payee has the seller name',
    fire: once(ROOT, '<cac:PayeeParty><cac:PartyName><cbc:Name>Kanzlei Muster Steuerberatung GmbH</cbc:Name></cac:PartyName></cac:PayeeParty>'),
    pass: once(ROOT, '<cac:PayeeParty><cac:PartyName><cbc:Name>Factoring GmbH</cbc:Name></cac:PartyName></cac:PayeeParty>'),
  },
  {
    rule: 'UBL-SR-20',
    syntax: U,
    fires: 'the payee has two identifiers',
    fire: once(
      ROOT,
      `<cac:PayeeParty>${nest('cac:PartyIdentification/cbc:ID')}${nest('cac:PartyIdentification/cbc:ID')}<cac:PartyName><cbc:Name>Factoring GmbH</cbc:Name></cac:PartyName></cac:PayeeParty>`,
    ),
    pass: once(
      ROOT,
      `<cac:PayeeParty>${nest('cac:PartyIdentification/cbc:ID')}<cac:PartyName><cbc:Name>Factoring GmbH</cbc:Name></cac:PartyName></cac:PayeeParty>`,
    ),
  },
  {
    rule: 'UBL-SR-21',
    syntax: U,
    fires: 'the payee has two legal registrations',
    fire: once(
      ROOT,
      `<cac:PayeeParty><cac:PartyName><cbc:Name>Factoring GmbH</cbc:Name></cac:PartyName>${nest('cac:PartyLegalEntity/cbc:CompanyID')}${nest('cac:PartyLegalEntity/cbc:CompanyID')}</cac:PayeeParty>`,
    ),
    pass: once(
      ROOT,
      `<cac:PayeeParty><cac:PartyName><cbc:Name>Factoring GmbH</cbc:Name></cac:PartyName>${nest('cac:PartyLegalEntity/cbc:CompanyID')}</cac:PayeeParty>`,
    ),
  },
  {
    rule: 'UBL-SR-22',
    syntax: U,
    fires: 'the tax representative has two names',
    fire: once(ROOT, `<cac:TaxRepresentativeParty>${nest('cac:PartyName/cbc:Name')}${nest('cac:PartyName/cbc:Name')}</cac:TaxRepresentativeParty>`),
    pass: once(ROOT, `<cac:TaxRepresentativeParty>${nest('cac:PartyName/cbc:Name')}</cac:TaxRepresentativeParty>`),
  },
  {
    rule: 'UBL-SR-23',
    syntax: U,
    fires: 'the tax representative has two VAT identifiers',
    fire: once(
      ROOT,
      `<cac:TaxRepresentativeParty>${nest('cac:PartyTaxScheme/cbc:CompanyID')}${nest('cac:PartyTaxScheme/cbc:CompanyID')}</cac:TaxRepresentativeParty>`,
    ),
    pass: once(ROOT, `<cac:TaxRepresentativeParty>${nest('cac:PartyTaxScheme/cbc:CompanyID')}</cac:TaxRepresentativeParty>`),
  },
  atMostOnce('UBL-SR-24', U, ROOT, '<cac:Delivery><cbc:ActualDeliveryDate>2026-03-15</cbc:ActualDeliveryDate></cac:Delivery>'),
  {
    rule: 'UBL-SR-25',
    syntax: U,
    fires: 'the deliver to party has two names',
    fire: once(ROOT, `<cac:Delivery><cac:DeliveryParty>${nest('cac:PartyName/cbc:Name')}${nest('cac:PartyName/cbc:Name')}</cac:DeliveryParty></cac:Delivery>`),
    pass: once(ROOT, `<cac:Delivery><cac:DeliveryParty>${nest('cac:PartyName/cbc:Name')}</cac:DeliveryParty></cac:Delivery>`),
  },
  atMostOnce('UBL-SR-26', U, 'cac:PaymentMeans', '<cbc:PaymentID>R1</cbc:PaymentID>'),
  {
    rule: 'UBL-SR-27',
    syntax: U,
    fires: 'a payment instruction has two means codes',
    fire: once('cac:PaymentMeans', '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>'),
  },
  atMostOnce('UBL-SR-28', U, 'cac:PaymentMeans', nest('cac:PaymentMandate/cbc:ID')),
  {
    rule: 'UBL-SR-29',
    syntax: U,
    fires: 'two bank assigned creditor identifiers are given',
    fire: chain(
      insertInto(SUPPLIER, '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ1</cbc:ID></cac:PartyIdentification>'),
      insertInto(SUPPLIER, '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ2</cbc:ID></cac:PartyIdentification>'),
    ),
    pass: insertInto(SUPPLIER, '<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ1</cbc:ID></cac:PartyIdentification>'),
  },
  ...(
    [
      [false, 'UBL-SR-30'],
      [true, 'UBL-SR-31'],
    ] as const
  ).map(([charge, rule]): RuleCase => ({
    rule,
    syntax: U,
    fires: 'an allowance or charge has two reasons',
    fire: once(
      ROOT,
      `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>a</cbc:AllowanceChargeReason><cbc:AllowanceChargeReason>b</cbc:AllowanceChargeReason></cac:AllowanceCharge>`,
    ),
    pass: once(
      ROOT,
      `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReason>a</cbc:AllowanceChargeReason></cac:AllowanceCharge>`,
    ),
  })),
  atMostOnce('UBL-SR-32', U, 'cac:TaxCategory', '<cbc:TaxExemptionReason>x</cbc:TaxExemptionReason>'),
  {
    rule: 'UBL-SR-33',
    syntax: U,
    fires: 'a supporting document has two descriptions',
    fire: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentDescription>a</cbc:DocumentDescription><cbc:DocumentDescription>b</cbc:DocumentDescription></cac:AdditionalDocumentReference>',
    ),
    pass: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cbc:DocumentDescription>a</cbc:DocumentDescription></cac:AdditionalDocumentReference>',
    ),
  },
  atMostOnce('UBL-SR-34', U, 'cac:InvoiceLine', '<cbc:Note>Hinweis</cbc:Note>'),
  atMostOnce('UBL-SR-35', U, 'cac:InvoiceLine', nest('cac:OrderLineReference/cbc:LineID')),
  atMostOnce('UBL-SR-36', U, 'cac:InvoiceLine', '<cac:InvoicePeriod><cbc:StartDate>2026-03-01</cbc:StartDate></cac:InvoicePeriod>'),
  {
    rule: 'UBL-SR-37',
    syntax: U,
    fires: 'a price carries two discounts',
    fire: twice(
      'cac:Price',
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>',
    ),
    pass: once(
      'cac:Price',
      '<cac:AllowanceCharge><cbc:ChargeIndicator>false</cbc:ChargeIndicator><cbc:Amount currencyID="EUR">0.00</cbc:Amount></cac:AllowanceCharge>',
    ),
  },
  atMostOnce('UBL-SR-39', U, ROOT, nest('cac:ProjectReference/cbc:ID')),
  {
    rule: 'UBL-SR-40',
    syntax: U,
    fires: 'the buyer trade name occurs twice',
    fire: chain(insertInto('cac:Party', nest('cac:PartyName/cbc:Name'), 1), insertInto('cac:Party', nest('cac:PartyName/cbc:Name'), 1)),
    pass: insertInto('cac:Party', nest('cac:PartyName/cbc:Name'), 1),
  },
  {
    rule: 'UBL-SR-42',
    syntax: U,
    fires: 'the seller has three tax schemes',
    fire: twice(SUPPLIER, '<cac:PartyTaxScheme><cbc:CompanyID>1</cbc:CompanyID><cac:TaxScheme><cbc:ID>FC</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>'),
  },
  {
    rule: 'UBL-SR-43',
    syntax: U,
    fires: 'a supporting document that is no invoiced object uses a scheme',
    fire: once(ROOT, '<cac:AdditionalDocumentReference><cbc:ID schemeID="ABT">A</cbc:ID></cac:AdditionalDocumentReference>'),
    pass: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID schemeID="ABT">A</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>',
    ),
  },
  {
    rule: 'UBL-SR-44',
    syntax: U,
    fires: 'two different payment references are given',
    fire: once(
      ROOT,
      '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>R1</cbc:PaymentID></cac:PaymentMeans><cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>R2</cbc:PaymentID></cac:PaymentMeans>',
    ),
    pass: once(
      ROOT,
      '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>R1</cbc:PaymentID></cac:PaymentMeans><cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentID>R1</cbc:PaymentID></cac:PaymentMeans>',
    ),
  },
  {
    rule: 'UBL-SR-45',
    syntax: U,
    fires: 'two due dates are given',
    fire: once(
      ROOT,
      '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-04-01</cbc:PaymentDueDate></cac:PaymentMeans><cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cbc:PaymentDueDate>2026-04-02</cbc:PaymentDueDate></cac:PaymentMeans>',
    ),
    pass: once('cac:PaymentMeans', '<cbc:PaymentDueDate>2026-04-01</cbc:PaymentDueDate>'),
  },
  {
    rule: 'UBL-SR-46',
    syntax: U,
    fires: 'two payment means texts are given',
    fire: chain(
      replace(['<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode name="SEPA">58</cbc:PaymentMeansCode>']),
      once(ROOT, '<cac:PaymentMeans><cbc:PaymentMeansCode name="Überweisung">58</cbc:PaymentMeansCode></cac:PaymentMeans>'),
    ),
    pass: replace(['<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode name="SEPA">58</cbc:PaymentMeansCode>']),
  },
  {
    rule: 'UBL-SR-47',
    syntax: U,
    fires: 'two different payment means codes are given',
    fire: once(ROOT, '<cac:PaymentMeans><cbc:PaymentMeansCode>30</cbc:PaymentMeansCode></cac:PaymentMeans>'),
    pass: once(ROOT, '<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode></cac:PaymentMeans>'),
  },
  {
    rule: 'UBL-SR-48',
    syntax: U,
    fires: 'an item has two VAT categories',
    fire: once(
      'cac:Item',
      '<cac:ClassifiedTaxCategory><cbc:ID>S</cbc:ID><cbc:Percent>19</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:ClassifiedTaxCategory>',
    ),
  },
  {
    rule: 'UBL-SR-49',
    syntax: U,
    fires: 'two tax point date codes are given',
    fire: twice('cac:InvoicePeriod', '<cbc:DescriptionCode>3</cbc:DescriptionCode>'),
    pass: once('cac:InvoicePeriod', '<cbc:DescriptionCode>3</cbc:DescriptionCode>'),
  },
  atMostOnce('UBL-SR-50', U, 'cac:Item', '<cbc:Description>Beschreibung</cbc:Description>'),
  atMostOnce('UBL-SR-51', U, 'cac:PostalAddress', nest('cac:AddressLine/cbc:Line')),
  atMostOnce('UBL-SR-52', U, 'cac:InvoiceLine', nest('cac:DocumentReference/cbc:ID')),
  {
    rule: 'UBL-SR-53',
    syntax: U,
    fires: 'a party tax scheme has no company identifier',
    fire: insertInto('cac:Party', '<cac:PartyTaxScheme><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>', 1),
  },
  {
    rule: 'UBL-SR-54',
    syntax: U,
    fires: 'two card accounts are given',
    fire: once(
      ROOT,
      `<cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>${nest('cac:CardAccount/cbc:PrimaryAccountNumberID', '1234')}</cac:PaymentMeans><cac:PaymentMeans><cbc:PaymentMeansCode>48</cbc:PaymentMeansCode>${nest('cac:CardAccount/cbc:PrimaryAccountNumberID', '1234')}</cac:PaymentMeans>`,
    ),
    pass: once('cac:PaymentMeans', nest('cac:CardAccount/cbc:PrimaryAccountNumberID', '1234')),
  },
  {
    rule: 'UBL-SR-55',
    syntax: U,
    fires: 'two payment mandates are given',
    fire: twice('cac:PaymentMeans', nest('cac:PaymentMandate/cbc:ID')),
    pass: once('cac:PaymentMeans', nest('cac:PaymentMandate/cbc:ID')),
  },
  atMostOnce('UBL-SR-56', U, ROOT, nest('cac:OriginatorDocumentReference/cbc:ID')),
  {
    rule: 'UBL-CR-666',
    syntax: U,
    fires: 'the invoiced object carries an attachment',
    fire: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>O</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode><cac:Attachment><cac:ExternalReference><cbc:URI>https://x</cbc:URI></cac:ExternalReference></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
    pass: once(ROOT, '<cac:AdditionalDocumentReference><cbc:ID>O</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>'),
  },
  {
    rule: 'UBL-CR-673',
    syntax: U,
    fires: 'the invoiced object carries a description',
    fire: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>O</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode><cbc:DocumentDescription>x</cbc:DocumentDescription></cac:AdditionalDocumentReference>',
    ),
    pass: once(ROOT, '<cac:AdditionalDocumentReference><cbc:ID>O</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>'),
  },
  {
    rule: 'UBL-DT-01',
    syntax: U,
    fires: 'an amount has three decimals',
    fire: replace(['<cbc:PayableAmount currencyID="EUR">1297.00</cbc:PayableAmount>', '<cbc:PayableAmount currencyID="EUR">1297.001</cbc:PayableAmount>']),
  },
  {
    rule: 'UBL-DT-06',
    syntax: U,
    fires: 'an embedded file has no MIME code',
    fire: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject filename="a.pdf">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
    pass: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
  },
  {
    rule: 'UBL-DT-07',
    syntax: U,
    fires: 'an embedded file has no file name',
    fire: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
    pass: once(
      ROOT,
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
  },
];

const SUMMATION = 'ram:SpecifiedTradeSettlementHeaderMonetarySummation';
const ciiCases: RuleCase[] = [
  {
    rule: 'CII-SR-009',
    syntax: C,
    fires: 'the document context has two specification parameters',
    fire: once('rsm:ExchangedDocumentContext', nest('ram:GuidelineSpecifiedDocumentContextParameter/ram:ID', 'x')),
  },
  {
    rule: 'CII-SR-010',
    syntax: C,
    fires: 'the specification parameter has two identifiers',
    fire: once('ram:GuidelineSpecifiedDocumentContextParameter', '<ram:ID>x</ram:ID>'),
  },
  { rule: 'CII-SR-014', syntax: C, fires: 'the document has two type codes', fire: once('rsm:ExchangedDocument', '<ram:TypeCode>380</ram:TypeCode>') },
  {
    rule: 'CII-SR-046',
    syntax: C,
    fires: 'the item standard identifier has no scheme',
    fire: once('ram:SpecifiedTradeProduct', '<ram:GlobalID>1</ram:GlobalID>'),
    pass: once('ram:SpecifiedTradeProduct', '<ram:GlobalID schemeID="0160">1</ram:GlobalID>'),
  },
  {
    rule: 'CII-SR-090',
    syntax: C,
    fires: 'the country of origin has two codes',
    fire: once('ram:SpecifiedTradeProduct', '<ram:OriginTradeCountry><ram:ID>CN</ram:ID><ram:ID>DE</ram:ID></ram:OriginTradeCountry>'),
    pass: once('ram:SpecifiedTradeProduct', '<ram:OriginTradeCountry><ram:ID>CN</ram:ID></ram:OriginTradeCountry>'),
  },
  {
    rule: 'CII-SR-069',
    syntax: C,
    fires: 'an item attribute has no name',
    fire: once('ram:SpecifiedTradeProduct', '<ram:ApplicableProductCharacteristic><ram:Value>blau</ram:Value></ram:ApplicableProductCharacteristic>'),
    pass: once(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>Farbe</ram:Description><ram:Value>blau</ram:Value></ram:ApplicableProductCharacteristic>',
    ),
  },
  {
    rule: 'CII-SR-072',
    syntax: C,
    fires: 'an item attribute has no value',
    fire: once(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>Farbe</ram:Description></ram:ApplicableProductCharacteristic>',
    ),
    pass: once(
      'ram:SpecifiedTradeProduct',
      '<ram:ApplicableProductCharacteristic><ram:Description>Farbe</ram:Description><ram:Value>blau</ram:Value></ram:ApplicableProductCharacteristic>',
    ),
  },
  {
    rule: 'CII-SR-439',
    syntax: C,
    fires: 'a line has no net price',
    fire: replace(['<ram:NetPriceProductTradePrice><ram:ChargeAmount>100.00</ram:ChargeAmount></ram:NetPriceProductTradePrice>', '']),
  },
  {
    rule: 'CII-SR-441',
    syntax: C,
    fires: 'a line has two net prices',
    fire: once('ram:NetPriceProductTradePrice', '<ram:ChargeAmount>100.00</ram:ChargeAmount>'),
  },
  {
    rule: 'CII-SR-463',
    syntax: C,
    fires: 'an allowance has no charge indicator',
    fire: once(
      'ram:ApplicableHeaderTradeSettlement',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ActualAmount>0</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>',
    ),
    pass: once(
      'ram:ApplicableHeaderTradeSettlement',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator></ram:SpecifiedTradeAllowanceCharge>',
    ),
  },
  ...(
    [
      [
        'CII-SR-471',
        '<ram:CalculationPercent>1</ram:CalculationPercent><ram:RateApplicablePercent>1</ram:RateApplicablePercent><ram:RateApplicablePercent>2</ram:RateApplicablePercent>',
      ],
      [
        'CII-SR-472',
        '<ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode></ram:CategoryTradeTax><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode></ram:CategoryTradeTax>',
      ],
      ['CII-SR-473', '<ram:ActualAmount>1</ram:ActualAmount><ram:ActualAmount>2</ram:ActualAmount>'],
    ] as const
  ).map(([rule, inner]): RuleCase => ({
    rule,
    syntax: C,
    fires: 'an allowance repeats an element allowed once',
    fire: once(
      'ram:SpecifiedLineTradeSettlement',
      `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator>${inner}</ram:SpecifiedTradeAllowanceCharge>`,
    ),
    pass: once(
      'ram:SpecifiedLineTradeSettlement',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0</ram:ActualAmount></ram:SpecifiedTradeAllowanceCharge>',
    ),
  })),
  {
    rule: 'CII-SR-440',
    syntax: C,
    fires: 'a price discount has two amounts',
    fire: once(
      'ram:SpecifiedLineTradeAgreement',
      '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>100</ram:ChargeAmount><ram:AppliedTradeAllowanceCharge><ram:ActualAmount>0</ram:ActualAmount><ram:ActualAmount>1</ram:ActualAmount></ram:AppliedTradeAllowanceCharge></ram:GrossPriceProductTradePrice>',
    ),
    pass: once(
      'ram:SpecifiedLineTradeAgreement',
      '<ram:GrossPriceProductTradePrice><ram:ChargeAmount>100</ram:ChargeAmount><ram:AppliedTradeAllowanceCharge><ram:ActualAmount>0</ram:ActualAmount></ram:AppliedTradeAllowanceCharge></ram:GrossPriceProductTradePrice>',
    ),
  },
  {
    rule: 'CII-SR-455',
    syntax: C,
    fires: 'the seller has two contacts',
    fire: once('ram:SellerTradeParty', '<ram:DefinedTradeContact><ram:PersonName>B</ram:PersonName></ram:DefinedTradeContact>'),
  },
  {
    rule: 'CII-SR-456',
    syntax: C,
    fires: 'the buyer has two contacts',
    fire: twice('ram:BuyerTradeParty', '<ram:DefinedTradeContact><ram:PersonName>B</ram:PersonName></ram:DefinedTradeContact>'),
    pass: once('ram:BuyerTradeParty', '<ram:DefinedTradeContact><ram:PersonName>B</ram:PersonName></ram:DefinedTradeContact>'),
  },
  {
    rule: 'CII-SR-459',
    syntax: C,
    fires: 'the seller has two electronic addresses',
    fire: once('ram:SellerTradeParty', '<ram:URIUniversalCommunication><ram:URIID schemeID="EM">b@x.de</ram:URIID></ram:URIUniversalCommunication>'),
  },
  {
    rule: 'CII-SR-460',
    syntax: C,
    fires: 'the buyer has two electronic addresses',
    fire: once('ram:BuyerTradeParty', '<ram:URIUniversalCommunication><ram:URIID schemeID="EM">b@x.de</ram:URIID></ram:URIUniversalCommunication>'),
  },
  {
    rule: 'CII-SR-461',
    syntax: C,
    fires: 'two tax point dates are given',
    fire: chain(
      insertInto('ram:ApplicableTradeTax', '<ram:TaxPointDate><udt:DateString format="102">20260331</udt:DateString></ram:TaxPointDate>', 2),
      insertInto('ram:ApplicableTradeTax', '<ram:TaxPointDate><udt:DateString format="102">20260331</udt:DateString></ram:TaxPointDate>', 3),
    ),
    pass: insertInto('ram:ApplicableTradeTax', '<ram:TaxPointDate><udt:DateString format="102">20260331</udt:DateString></ram:TaxPointDate>', 2),
  },
  {
    rule: 'CII-SR-462',
    syntax: C,
    fires: 'two different tax point date codes are given',
    fire: chain(
      insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>', 2),
      insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>29</ram:DueDateTypeCode>', 3),
    ),
    pass: chain(
      insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>', 2),
      insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>', 3),
    ),
  },
  {
    rule: 'CII-SR-470',
    syntax: C,
    fires: 'a credit transfer has no account',
    fire: replace(['<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>', '']),
  },
  ...[
    'LineTotalAmount',
    'ChargeTotalAmount',
    'AllowanceTotalAmount',
    'TaxBasisTotalAmount',
    'RoundingAmount',
    'GrandTotalAmount',
    'InformationAmount',
    'TotalPrepaidAmount',
    'TotalDiscountAmount',
    'TotalAllowanceChargeAmount',
    'DuePayableAmount',
    'RetailValueExcludingTaxInformationAmount',
    'TotalDepositFeeInformationAmount',
    'ProductValueExcludingTobaccoTaxInformationAmount',
    'TotalRetailValueInformationAmount',
    'GrossLineTotalAmount',
    'NetLineTotalAmount',
    'NetIncludingTaxesLineTotalAmount',
  ].map((name, i): RuleCase => ({
    rule: `CII-SR-${477 + i}`,
    syntax: C,
    fires: `${name} occurs twice`,
    fire: twice(SUMMATION, `<ram:${name}>0.00</ram:${name}>`),
  })),
  {
    rule: 'CII-DT-013',
    syntax: C,
    fires: 'the root carries languageID',
    fire: replace(['<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice languageID="de" ']),
  },
  {
    rule: 'CII-DT-014',
    syntax: C,
    fires: 'the root carries languageLocaleID',
    fire: replace(['<rsm:CrossIndustryInvoice ', '<rsm:CrossIndustryInvoice languageLocaleID="de" ']),
  },
  {
    rule: 'CII-SR-467',
    syntax: C,
    fires: 'two different payment means codes are given',
    fire: once(
      'ram:ApplicableHeaderTradeSettlement',
      '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>1</ram:TypeCode></ram:SpecifiedTradeSettlementPaymentMeans>',
    ),
  },
  {
    rule: 'CII-SR-468',
    syntax: C,
    fires: 'two different payment means texts are given',
    fire: chain(
      once('ram:SpecifiedTradeSettlementPaymentMeans', '<ram:Information>a</ram:Information>'),
      once(
        'ram:ApplicableHeaderTradeSettlement',
        '<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:Information>b</ram:Information><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>',
      ),
    ),
    pass: once('ram:SpecifiedTradeSettlementPaymentMeans', '<ram:Information>a</ram:Information>'),
  },
  {
    rule: 'CII-SR-469',
    syntax: C,
    fires: 'two remittance informations are given',
    fire: twice('ram:ApplicableHeaderTradeSettlement', '<ram:PaymentReference>R</ram:PaymentReference>'),
    pass: once('ram:ApplicableHeaderTradeSettlement', '<ram:PaymentReference>R</ram:PaymentReference>'),
  },
  ...(['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI', 'schemeID', 'schemeAgencyID', 'schemeVersionID'] as const).map((a, i): RuleCase => ({
    rule: `CII-DT-00${i + 1}`,
    syntax: C,
    fires: `the invoice number carries ${a}`,
    fire: replace(['<ram:ID>RE-2026-0042</ram:ID>', `<ram:ID ${a}="x">RE-2026-0042</ram:ID>`]),
  })),
  ...(['schemeName', 'schemeAgencyName', 'schemeDataURI', 'schemeURI'] as const).map((a, i): RuleCase => ({
    rule: `CII-DT-10${i + 1}`,
    syntax: C,
    fires: `an identifier carries ${a}`,
    fire: replace(['<ram:IBANID>DE02120300000000202051</ram:IBANID>', `<ram:IBANID ${a}="x">DE02120300000000202051</ram:IBANID>`]),
  })),
  {
    rule: 'CII-DT-008',
    syntax: C,
    fires: 'a type code carries name',
    fire: replace(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode name="x">380</ram:TypeCode>']),
  },
  {
    rule: 'CII-DT-009',
    syntax: C,
    fires: 'a type code carries listURI',
    fire: replace(['<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode listURI="x">58</ram:TypeCode>']),
  },
  ...(
    [
      ['015', '<ram:URIID>u</ram:URIID>'],
      ['016', '<ram:StatusCode>1</ram:StatusCode>'],
      ['017', '<ram:CopyIndicator><udt:Indicator>true</udt:Indicator></ram:CopyIndicator>'],
      ['018', '<ram:TypeCode>916</ram:TypeCode>'],
      ['019', '<ram:GlobalID>1</ram:GlobalID>'],
      ['020', '<ram:RevisionID>1</ram:RevisionID>'],
      ['021', '<ram:Name>n</ram:Name>'],
      ['022', '<ram:AttachmentBinaryObject mimeCode="application/pdf" filename="a.pdf">YQ==</ram:AttachmentBinaryObject>'],
      ['023', '<ram:Information>i</ram:Information>'],
      ['024', '<ram:ReferenceTypeCode>ABT</ram:ReferenceTypeCode>'],
      ['025', '<ram:SectionName>s</ram:SectionName>'],
      ['026', '<ram:PreviousRevisionID>1</ram:PreviousRevisionID>'],
      ['027', '<ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260101</qdt:DateTimeString></ram:FormattedIssueDateTime>'],
      [
        '028',
        '<ram:EffectiveSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20260101</udt:DateTimeString></ram:StartDateTime></ram:EffectiveSpecifiedPeriod>',
      ],
      ['029', '<ram:IssuerTradeParty><ram:Name>x</ram:Name></ram:IssuerTradeParty>'],
      ['030', '<ram:AttachedSpecifiedBinaryFile><ram:ID>1</ram:ID></ram:AttachedSpecifiedBinaryFile>'],
    ] as const
  ).map(([n, child]): RuleCase => ({
    rule: `CII-DT-${n}`,
    syntax: C,
    fires: `a contract reference carries ${child.replace(/^<([\w:]+)[\s\S]*$/, '$1')}`,
    fire: once(
      'ram:ApplicableHeaderTradeAgreement',
      `<ram:ContractReferencedDocument><ram:IssuerAssignedID>V1</ram:IssuerAssignedID>${child}</ram:ContractReferencedDocument>`,
    ),
    pass: once(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:ContractReferencedDocument><ram:IssuerAssignedID>V1</ram:IssuerAssignedID></ram:ContractReferencedDocument>',
    ),
  })),
  {
    rule: 'CII-DT-031',
    syntax: C,
    fires: 'an amount other than the VAT total carries currencyID',
    fire: replace(['<ram:GrandTotalAmount>1297.00</ram:GrandTotalAmount>', '<ram:GrandTotalAmount currencyID="EUR">1297.00</ram:GrandTotalAmount>']),
  },
  {
    rule: 'CII-DT-032',
    syntax: C,
    fires: 'an amount carries currencyCodeListVersionID',
    fire: replace([
      '<ram:GrandTotalAmount>1297.00</ram:GrandTotalAmount>',
      '<ram:GrandTotalAmount currencyCodeListVersionID="1">1297.00</ram:GrandTotalAmount>',
    ]),
  },
  {
    rule: 'CII-DT-033',
    syntax: C,
    fires: 'a price base quantity carries a unit while no invoiced quantity does',
    fire: chain(
      (x) => x.split('<ram:BilledQuantity unitCode="C62">').join('<ram:BilledQuantity>'),
      once('ram:NetPriceProductTradePrice', '<ram:BasisQuantity unitCode="C62">1</ram:BasisQuantity>'),
    ),
    pass: once('ram:NetPriceProductTradePrice', '<ram:BasisQuantity unitCode="C62">1</ram:BasisQuantity>'),
  },
  ...(['unitCodeListID', 'unitCodeListAgencyID', 'unitCodeListAgencyName'] as const).map((a, i): RuleCase => ({
    rule: `CII-DT-03${4 + i}`,
    syntax: C,
    fires: `a quantity carries ${a}`,
    fire: replace(['<ram:BilledQuantity unitCode="C62">', `<ram:BilledQuantity unitCode="C62" ${a}="x">`]),
  })),
  {
    rule: 'CII-DT-037',
    syntax: C,
    fires: 'a tax type code is not VAT',
    fire: replace(['<ram:TypeCode>VAT</ram:TypeCode>', '<ram:TypeCode>GST</ram:TypeCode>']),
  },
  ...(
    [
      ['068', '<ram:StartDateTime><udt:DateTime>x</udt:DateTime></ram:StartDateTime>'],
      ['069', '<ram:DurationMeasure>1</ram:DurationMeasure>'],
      ['070', '<ram:InclusiveIndicator><udt:Indicator>true</udt:Indicator></ram:InclusiveIndicator>'],
      ['071', '<ram:Description>d</ram:Description>'],
      ['072', '<ram:EndDateTime><udt:DateTime>x</udt:DateTime></ram:EndDateTime>'],
      ['073', '<ram:CompleteDateTime><udt:DateTimeString format="102">20260101</udt:DateTimeString></ram:CompleteDateTime>'],
      ['074', '<ram:OpenIndicator><udt:Indicator>true</udt:Indicator></ram:OpenIndicator>'],
      ['075', '<ram:SeasonCode>1</ram:SeasonCode>'],
      ['076', '<ram:ID>1</ram:ID>'],
      ['077', '<ram:Name>n</ram:Name>'],
      ['078', '<ram:SequenceNumeric>1</ram:SequenceNumeric>'],
      ['079', '<ram:StartDateFlexibilityCode>1</ram:StartDateFlexibilityCode>'],
      ['080', '<ram:ContinuousIndicator><udt:Indicator>true</udt:Indicator></ram:ContinuousIndicator>'],
      ['081', '<ram:PurposeCode>1</ram:PurposeCode>'],
    ] as const
  ).map(([n, child]): RuleCase => ({
    rule: `CII-DT-${n}`,
    syntax: C,
    fires: `the billing period carries ${child.replace(/^<([\w:]+)[\s\S]*$/, '$1')}`,
    fire: once('ram:BillingSpecifiedPeriod', child),
  })),
  ...(
    [
      ['082', 'ram:ID'],
      ['083', 'ram:PostOfficeBox'],
      ['084', 'ram:BuildingName'],
      ['086', 'ram:LineFour'],
      ['087', 'ram:LineFive'],
      ['088', 'ram:StreetName'],
      ['089', 'ram:CitySubDivisionName'],
      ['090', 'ram:CountryName'],
      ['091', 'ram:CountrySubDivisionID'],
      ['092', 'ram:AttentionOf'],
      ['093', 'ram:CareOf'],
      ['094', 'ram:BuildingNumber'],
      ['095', 'ram:DepartmentName'],
      ['096', 'ram:AdditionalStreetName'],
    ] as const
  ).map(([n, child]): RuleCase => ({
    rule: `CII-DT-${n}`,
    syntax: C,
    fires: `a postal address carries ${child}`,
    fire: once('ram:PostalTradeAddress', `<${child}>x</${child}>`),
  })),
  {
    rule: 'CII-DT-097',
    syntax: C,
    fires: 'a date in format 102 is not YYYYMMDD',
    fire: replace(['<udt:DateTimeString format="102">20260331</udt:DateTimeString>', '<udt:DateTimeString format="102">2026-03-31</udt:DateTimeString>']),
  },
];

describeRuleCases('UBL syntax binding rules (fatal)', ublCases);
describeRuleCases('CII syntax binding rules (fatal)', ciiCases);
