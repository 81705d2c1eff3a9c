import { baseXml, describeRuleCases, insertInto, replace, rulesFired, type RuleCase } from '../../testing/rule-cases';

const U = 'UBL' as const;
const C = 'CII' as const;

const cases: RuleCase[] = [
  {
    rule: 'BR-CL-01',
    syntax: U,
    fires: 'the invoice type code is not in UNTDID 1001',
    fire: replace(['<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>', '<cbc:InvoiceTypeCode>999</cbc:InvoiceTypeCode>']),
  },
  {
    rule: 'BR-CL-01',
    syntax: C,
    fires: 'the invoice type code is not in UNTDID 1001',
    fire: replace(['<ram:TypeCode>380</ram:TypeCode>', '<ram:TypeCode>999</ram:TypeCode>']),
  },
  {
    rule: 'BR-CL-03',
    syntax: U,
    fires: 'an amount has an unknown currency',
    fire: replace(['<cbc:PayableAmount currencyID="EUR">', '<cbc:PayableAmount currencyID="EURO">']),
  },
  {
    rule: 'BR-CL-03',
    syntax: C,
    fires: 'the VAT total has an unknown currency',
    fire: replace(['<ram:TaxTotalAmount currencyID="EUR">', '<ram:TaxTotalAmount currencyID="XYZ">']),
  },
  {
    rule: 'BR-CL-04',
    syntax: U,
    fires: 'the invoice currency is not ISO 4217',
    fire: replace(['<cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>', '<cbc:DocumentCurrencyCode>eur</cbc:DocumentCurrencyCode>']),
  },
  {
    rule: 'BR-CL-04',
    syntax: C,
    fires: 'the invoice currency is not ISO 4217',
    fire: replace(['<ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>', '<ram:InvoiceCurrencyCode>XYZ</ram:InvoiceCurrencyCode>']),
  },
  {
    rule: 'BR-CL-05',
    syntax: U,
    fires: 'the tax currency is not ISO 4217',
    fire: insertInto('ubl:Invoice', '<cbc:TaxCurrencyCode>XYZ</cbc:TaxCurrencyCode>'),
    pass: insertInto('ubl:Invoice', '<cbc:TaxCurrencyCode>USD</cbc:TaxCurrencyCode>'),
  },
  {
    rule: 'BR-CL-05',
    syntax: C,
    fires: 'the tax currency is not ISO 4217',
    fire: insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:TaxCurrencyCode>XYZ</ram:TaxCurrencyCode>'),
    pass: insertInto('ram:ApplicableHeaderTradeSettlement', '<ram:TaxCurrencyCode>USD</ram:TaxCurrencyCode>'),
  },
  {
    rule: 'BR-CL-06',
    syntax: U,
    fires: 'the tax point date code is not in UNTDID 2005',
    fire: insertInto('cac:InvoicePeriod', '<cbc:DescriptionCode>5</cbc:DescriptionCode>'),
    pass: insertInto('cac:InvoicePeriod', '<cbc:DescriptionCode>35</cbc:DescriptionCode>'),
  },
  {
    rule: 'BR-CL-06',
    syntax: C,
    fires: 'the tax point date code is not in UNTDID 2475',
    fire: insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>3</ram:DueDateTypeCode>', 2),
    pass: insertInto('ram:ApplicableTradeTax', '<ram:DueDateTypeCode>72</ram:DueDateTypeCode>', 2),
  },
  {
    rule: 'BR-CL-07',
    syntax: U,
    fires: 'the invoiced object identifier scheme is not in UNTDID 1153',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:AdditionalDocumentReference><cbc:ID schemeID="QQQ">OBJ</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:AdditionalDocumentReference><cbc:ID schemeID="ABT">OBJ</cbc:ID><cbc:DocumentTypeCode>130</cbc:DocumentTypeCode></cac:AdditionalDocumentReference>',
    ),
  },
  {
    rule: 'BR-CL-07',
    syntax: C,
    fires: 'the invoiced object identifier scheme is not in UNTDID 1153',
    fire: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>OBJ</ram:IssuerAssignedID><ram:TypeCode>130</ram:TypeCode><ram:ReferenceTypeCode>QQQ</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>OBJ</ram:IssuerAssignedID><ram:TypeCode>130</ram:TypeCode><ram:ReferenceTypeCode>ABT</ram:ReferenceTypeCode></ram:AdditionalReferencedDocument>',
    ),
  },
  {
    rule: 'BR-CL-08',
    syntax: U,
    fires: 'a note subject code is not in UNTDID 4451',
    fire: insertInto('ubl:Invoice', '<cbc:Note>#QQQ#Hinweis</cbc:Note>'),
    pass: insertInto('ubl:Invoice', '<cbc:Note>#AAI#Hinweis</cbc:Note>'),
  },
  {
    rule: 'BR-CL-08',
    syntax: C,
    fires: 'a note subject code is not in UNTDID 4451',
    fire: insertInto('rsm:ExchangedDocument', '<ram:IncludedNote><ram:Content>x</ram:Content><ram:SubjectCode>QQQ</ram:SubjectCode></ram:IncludedNote>'),
    pass: insertInto('rsm:ExchangedDocument', '<ram:IncludedNote><ram:Content>x</ram:Content><ram:SubjectCode>AAI</ram:SubjectCode></ram:IncludedNote>'),
  },
  {
    rule: 'BR-CL-10',
    syntax: U,
    fires: 'a party identifier scheme is not an ISO 6523 ICD',
    fire: insertInto('cac:Party', '<cac:PartyIdentification><cbc:ID schemeID="XX">1</cbc:ID></cac:PartyIdentification>'),
    pass: insertInto('cac:Party', '<cac:PartyIdentification><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:PartyIdentification>'),
  },
  {
    rule: 'BR-CL-10',
    syntax: C,
    fires: 'a party global identifier scheme is not an ISO 6523 ICD',
    fire: insertInto('ram:SellerTradeParty', '<ram:GlobalID schemeID="XX">1</ram:GlobalID>'),
    pass: insertInto('ram:SellerTradeParty', '<ram:GlobalID schemeID="0088">4000001000005</ram:GlobalID>'),
  },
  {
    rule: 'BR-CL-11',
    syntax: U,
    fires: 'a legal registration scheme is not an ISO 6523 ICD',
    fire: replace([
      '<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>',
      '<cbc:RegistrationName>Kunde AG</cbc:RegistrationName><cbc:CompanyID schemeID="XX">HRB 1</cbc:CompanyID>',
    ]),
    pass: replace([
      '<cbc:RegistrationName>Kunde AG</cbc:RegistrationName>',
      '<cbc:RegistrationName>Kunde AG</cbc:RegistrationName><cbc:CompanyID schemeID="0204">HRB 1</cbc:CompanyID>',
    ]),
  },
  {
    rule: 'BR-CL-11',
    syntax: C,
    fires: 'a legal registration scheme is not an ISO 6523 ICD',
    fire: insertInto('ram:BuyerTradeParty', '<ram:SpecifiedLegalOrganization><ram:ID schemeID="XX">HRB 1</ram:ID></ram:SpecifiedLegalOrganization>'),
    pass: insertInto('ram:BuyerTradeParty', '<ram:SpecifiedLegalOrganization><ram:ID schemeID="0204">HRB 1</ram:ID></ram:SpecifiedLegalOrganization>'),
  },
  {
    rule: 'BR-CL-13',
    syntax: U,
    fires: 'an item classification scheme is not in UNTDID 7143',
    fire: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="QQ">1</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
    pass: insertInto(
      'cac:Item',
      '<cac:CommodityClassification><cbc:ItemClassificationCode listID="STI">1</cbc:ItemClassificationCode></cac:CommodityClassification>',
    ),
  },
  {
    rule: 'BR-CL-13',
    syntax: C,
    fires: 'an item classification scheme is not in UNTDID 7143',
    fire: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="QQ">1</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
    pass: insertInto(
      'ram:SpecifiedTradeProduct',
      '<ram:DesignatedProductClassification><ram:ClassCode listID="STI">1</ram:ClassCode></ram:DesignatedProductClassification>',
    ),
  },
  {
    rule: 'BR-CL-14',
    syntax: U,
    fires: 'a country code is not ISO 3166-1',
    fire: replace(['<cbc:IdentificationCode>DE</cbc:IdentificationCode>', '<cbc:IdentificationCode>XX</cbc:IdentificationCode>']),
  },
  {
    rule: 'BR-CL-14',
    syntax: C,
    fires: 'a country code is not ISO 3166-1',
    fire: replace(['<ram:CountryID>DE</ram:CountryID>', '<ram:CountryID>UK</ram:CountryID>']),
  },
  {
    rule: 'BR-CL-15',
    syntax: U,
    fires: 'the country of origin is not ISO 3166-1',
    fire: insertInto('cac:Item', '<cac:OriginCountry><cbc:IdentificationCode>XX</cbc:IdentificationCode></cac:OriginCountry>'),
    pass: insertInto('cac:Item', '<cac:OriginCountry><cbc:IdentificationCode>CN</cbc:IdentificationCode></cac:OriginCountry>'),
  },
  {
    rule: 'BR-CL-15',
    syntax: C,
    fires: 'the country of origin is not ISO 3166-1',
    fire: insertInto('ram:SpecifiedTradeProduct', '<ram:OriginTradeCountry><ram:ID>XX</ram:ID></ram:OriginTradeCountry>'),
    pass: insertInto('ram:SpecifiedTradeProduct', '<ram:OriginTradeCountry><ram:ID>CN</ram:ID></ram:OriginTradeCountry>'),
  },
  {
    rule: 'BR-CL-16',
    syntax: U,
    fires: 'the payment means code is not in UNTDID 4461',
    fire: replace(['<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>', '<cbc:PaymentMeansCode>999</cbc:PaymentMeansCode>']),
  },
  {
    rule: 'BR-CL-16',
    syntax: C,
    fires: 'the payment means code is not in UNTDID 4461',
    fire: replace(['<ram:TypeCode>58</ram:TypeCode>', '<ram:TypeCode>999</ram:TypeCode>']),
  },
  {
    rule: 'BR-CL-17',
    syntax: U,
    fires: 'a VAT category code is not in UNTDID 5305',
    fire: replace(['<cac:TaxCategory>\n        <cbc:ID>S</cbc:ID>', '<cac:TaxCategory>\n        <cbc:ID>X</cbc:ID>']),
  },
  {
    rule: 'BR-CL-17',
    syntax: C,
    fires: 'an allowance VAT category code is not in UNTDID 5305',
    fire: insertInto(
      'ram:ApplicableHeaderTradeSettlement',
      '<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>false</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>0.00</ram:ActualAmount><ram:Reason>x</ram:Reason><ram:CategoryTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>X</ram:CategoryCode></ram:CategoryTradeTax></ram:SpecifiedTradeAllowanceCharge>',
    ),
  },
  {
    rule: 'BR-CL-18',
    syntax: U,
    fires: 'an item VAT category code is not in UNTDID 5305',
    fire: replace(['<cac:ClassifiedTaxCategory>\n        <cbc:ID>S</cbc:ID>', '<cac:ClassifiedTaxCategory>\n        <cbc:ID>X</cbc:ID>']),
  },
  {
    rule: 'BR-CL-18',
    syntax: C,
    fires: 'a VAT category code is not in UNTDID 5305',
    fire: replace(['<ram:CategoryCode>S</ram:CategoryCode>', '<ram:CategoryCode>X</ram:CategoryCode>']),
  },
  ...(
    [
      [false, 'BR-CL-19', '999', '95'],
      [true, 'BR-CL-20', 'QQQ', 'FC'],
    ] as const
  ).flatMap(([charge, rule, bad, good]): RuleCase[] => [
    {
      rule,
      syntax: U,
      fires: 'the reason code is not in the list',
      fire: insertInto(
        'ubl:Invoice',
        `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>${bad}</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>`,
      ),
      pass: insertInto(
        'ubl:Invoice',
        `<cac:AllowanceCharge><cbc:ChargeIndicator>${charge}</cbc:ChargeIndicator><cbc:AllowanceChargeReasonCode>${good}</cbc:AllowanceChargeReasonCode></cac:AllowanceCharge>`,
      ),
    },
    {
      rule,
      syntax: C,
      fires: 'the reason code is not in the list',
      fire: insertInto(
        'ram:SpecifiedLineTradeSettlement',
        `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ReasonCode>${bad}</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>`,
      ),
      pass: insertInto(
        'ram:SpecifiedLineTradeSettlement',
        `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${charge}</udt:Indicator></ram:ChargeIndicator><ram:ReasonCode>${good}</ram:ReasonCode></ram:SpecifiedTradeAllowanceCharge>`,
      ),
    },
  ]),
  {
    rule: 'BR-CL-21',
    syntax: U,
    fires: 'the item standard identifier scheme is not an ICD',
    fire: insertInto('cac:Item', '<cac:StandardItemIdentification><cbc:ID schemeID="GTIN">1</cbc:ID></cac:StandardItemIdentification>'),
    pass: insertInto('cac:Item', '<cac:StandardItemIdentification><cbc:ID schemeID="0160">1</cbc:ID></cac:StandardItemIdentification>'),
  },
  {
    rule: 'BR-CL-21',
    syntax: C,
    fires: 'the item standard identifier scheme is not an ICD',
    fire: insertInto('ram:SpecifiedTradeProduct', '<ram:GlobalID schemeID="GTIN">1</ram:GlobalID>'),
    pass: insertInto('ram:SpecifiedTradeProduct', '<ram:GlobalID schemeID="0160">1</ram:GlobalID>'),
  },
  {
    rule: 'BR-CL-22',
    syntax: U,
    fires: 'the exemption reason code is not a VATEX code',
    fire: replace([
      '<cac:TaxCategory>\n        <cbc:ID>S</cbc:ID>',
      '<cac:TaxCategory>\n        <cbc:TaxExemptionReasonCode>VATEX-XX</cbc:TaxExemptionReasonCode><cbc:ID>S</cbc:ID>',
    ]),
    pass: replace([
      '<cac:TaxCategory>\n        <cbc:ID>S</cbc:ID>',
      '<cac:TaxCategory>\n        <cbc:TaxExemptionReasonCode>vatex-eu-ic</cbc:TaxExemptionReasonCode><cbc:ID>S</cbc:ID>',
    ]),
  },
  {
    rule: 'BR-CL-22',
    syntax: C,
    fires: 'the exemption reason code is not a VATEX code',
    fire: replace([
      '<ram:BasisAmount>1000.00</ram:BasisAmount>',
      '<ram:BasisAmount>1000.00</ram:BasisAmount><ram:ExemptionReasonCode>VATEX-XX</ram:ExemptionReasonCode>',
    ]),
    pass: replace([
      '<ram:BasisAmount>1000.00</ram:BasisAmount>',
      '<ram:BasisAmount>1000.00</ram:BasisAmount><ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>',
    ]),
  },
  { rule: 'BR-CL-23', syntax: U, fires: 'a unit code is not in UN/ECE Rec 20/21', fire: replace(['unitCode="C62"', 'unitCode="Q9Q"']) },
  { rule: 'BR-CL-23', syntax: C, fires: 'a unit code is not in UN/ECE Rec 20/21', fire: replace(['unitCode="C62"', 'unitCode="Q9Q"']) },
  {
    rule: 'BR-CL-24',
    syntax: U,
    fires: 'an attachment has a MIME type outside the list',
    fire: insertInto(
      'ubl:Invoice',
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/plain" filename="a.txt">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
    pass: insertInto(
      'ubl:Invoice',
      '<cac:AdditionalDocumentReference><cbc:ID>A</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="a.pdf">YQ==</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>',
    ),
  },
  {
    rule: 'BR-CL-24',
    syntax: C,
    fires: 'an attachment has a MIME type outside the list',
    fire: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:AttachmentBinaryObject mimeCode="text/plain" filename="a.txt">YQ==</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeAgreement',
      '<ram:AdditionalReferencedDocument><ram:IssuerAssignedID>A</ram:IssuerAssignedID><ram:TypeCode>916</ram:TypeCode><ram:AttachmentBinaryObject mimeCode="image/png" filename="a.png">YQ==</ram:AttachmentBinaryObject></ram:AdditionalReferencedDocument>',
    ),
  },
  {
    rule: 'BR-CL-25',
    syntax: U,
    fires: 'an electronic address scheme is not an EAS code',
    fire: replace(['<cbc:EndpointID schemeID="EM">einkauf', '<cbc:EndpointID schemeID="EMAIL">einkauf']),
  },
  {
    rule: 'BR-CL-25',
    syntax: C,
    fires: 'an electronic address scheme is not an EAS code',
    fire: replace(['<ram:URIID schemeID="EM">einkauf', '<ram:URIID schemeID="EMAIL">einkauf']),
  },
  {
    rule: 'BR-CL-26',
    syntax: U,
    fires: 'the delivery location scheme is not an ICD',
    fire: insertInto('ubl:Invoice', '<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID="GLN">4000001000005</cbc:ID></cac:DeliveryLocation></cac:Delivery>'),
    pass: insertInto('ubl:Invoice', '<cac:Delivery><cac:DeliveryLocation><cbc:ID schemeID="0088">4000001000005</cbc:ID></cac:DeliveryLocation></cac:Delivery>'),
  },
  {
    rule: 'BR-CL-26',
    syntax: C,
    fires: 'the delivery location scheme is not an ICD',
    fire: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:GlobalID schemeID="GLN">4000001000005</ram:GlobalID></ram:ShipToTradeParty>',
    ),
    pass: insertInto(
      'ram:ApplicableHeaderTradeDelivery',
      '<ram:ShipToTradeParty><ram:GlobalID schemeID="0088">4000001000005</ram:GlobalID></ram:ShipToTradeParty>',
    ),
  },
];

describeRuleCases('EN 16931 code lists BR-CL-*', cases);

describe('code list versions', () => {
  it('the CII binding still accepts the withdrawn country code AN and the UBL binding does not', () => {
    expect(rulesFired(replace(['<ram:CountryID>DE</ram:CountryID>', '<ram:CountryID>AN</ram:CountryID>'])(baseXml('CII')))).not.toContain('BR-CL-14');
    expect(
      rulesFired(replace(['<cbc:IdentificationCode>DE</cbc:IdentificationCode>', '<cbc:IdentificationCode>AN</cbc:IdentificationCode>'])(baseXml('UBL'))),
    ).toContain('BR-CL-14');
  });
});
