/** Business-term fragments the mutator inserts into invoices, so that mutants reach rules a plain invoice never touches. */

export interface Fragment {
  /** parent element (canonical prefixed name) that receives the fragment */
  parent: string;
  xml: (pick: <T>(items: readonly T[]) => T) => string;
}

const CAT = ['S', 'Z', 'E', 'AE', 'K', 'G', 'O', 'L', 'M'] as const;
const RATE = ['0', '7', '19', '16'] as const;
const AMT = ['10.00', '25.50', '100.00', '0.00', '3.333'] as const;
const ID_SCHEMES = ['0088', '0204', 'SEPA', 'XX', '9930', 'EM', 'XR01'] as const;

const ublTaxCategory = (p: <T>(i: readonly T[]) => T, tag = 'cac:TaxCategory') => {
  const c = p(CAT);
  return `<${tag}><cbc:ID>${c}</cbc:ID>${c === 'O' && p([true, false]) ? '' : `<cbc:Percent>${p(RATE)}</cbc:Percent>`}${p([true, false, false]) ? '<cbc:TaxExemptionReason>Steuerbefreit</cbc:TaxExemptionReason>' : ''}<cac:TaxScheme><cbc:ID>${p(['VAT', 'VAT', 'VAT', 'GST'])}</cbc:ID></cac:TaxScheme></${tag}>`;
};
const ciiTax = (p: <T>(i: readonly T[]) => T, tag = 'ram:CategoryTradeTax') => {
  const c = p(CAT);
  return `<${tag}><ram:TypeCode>${p(['VAT', 'VAT', 'VAT', 'GST'])}</ram:TypeCode>${p([true, false, false]) ? '<ram:ExemptionReason>Steuerbefreit</ram:ExemptionReason>' : ''}<ram:CategoryCode>${c}</ram:CategoryCode>${c === 'O' && p([true, false]) ? '' : `<ram:RateApplicablePercent>${p(RATE)}</ram:RateApplicablePercent>`}</${tag}>`;
};

export const UBL_FRAGMENTS: Fragment[] = [
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:AllowanceCharge><cbc:ChargeIndicator>${p(['true', 'false'])}</cbc:ChargeIndicator>${p(['<cbc:AllowanceChargeReasonCode>95</cbc:AllowanceChargeReasonCode>', '<cbc:AllowanceChargeReason>Rabatt</cbc:AllowanceChargeReason>', '', '<cbc:AllowanceChargeReasonCode>ZZZ</cbc:AllowanceChargeReasonCode>'])}<cbc:Amount currencyID="EUR">${p(AMT)}</cbc:Amount>${p(['', '<cbc:BaseAmount currencyID="EUR">100.00</cbc:BaseAmount>'])}${p([true, true, false]) ? ublTaxCategory(p) : ''}</cac:AllowanceCharge>`,
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:PayeeParty>${p(['<cac:PartyIdentification><cbc:ID schemeID="SEPA">DE98ZZZ09999999999</cbc:ID></cac:PartyIdentification>', ''])}${p(['<cac:PartyName><cbc:Name>Factoring GmbH</cbc:Name></cac:PartyName>', ''])}${p(['', '<cac:PartyLegalEntity><cbc:CompanyID schemeID="0204">HRB 1</cbc:CompanyID></cac:PartyLegalEntity>'])}</cac:PayeeParty>`,
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:TaxRepresentativeParty>${p(['<cac:PartyName><cbc:Name>Vertreter GmbH</cbc:Name></cac:PartyName>', ''])}${p(['<cac:PostalAddress><cbc:CityName>Köln</cbc:CityName><cbc:PostalZone>50667</cbc:PostalZone><cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country></cac:PostalAddress>', '<cac:PostalAddress><cbc:CityName>Köln</cbc:CityName></cac:PostalAddress>', ''])}${p(['<cac:PartyTaxScheme><cbc:CompanyID>DE987654321</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>', ''])}</cac:TaxRepresentativeParty>`,
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:AdditionalDocumentReference>${p(['<cbc:ID>Anlage-1</cbc:ID>', '<cbc:ID schemeID="ABT">OBJ-7</cbc:ID>', ''])}${p(['', '<cbc:DocumentTypeCode>130</cbc:DocumentTypeCode>', '<cbc:DocumentTypeCode>50</cbc:DocumentTypeCode>'])}${p(['', '<cbc:DocumentDescription>Stundenzettel</cbc:DocumentDescription>'])}${p(['', `<cac:Attachment><cbc:EmbeddedDocumentBinaryObject ${p(['mimeCode="application/pdf" ', 'mimeCode="text/plain" ', 'mimeCode="application/xml" ', ''])}${p(['filename="a.pdf"', ''])}>JVBERi0=</cbc:EmbeddedDocumentBinaryObject></cac:Attachment>`, '<cac:Attachment><cac:ExternalReference><cbc:URI>https://example.org/a.pdf</cbc:URI></cac:ExternalReference></cac:Attachment>'])}</cac:AdditionalDocumentReference>`,
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:Delivery>${p(['<cbc:ActualDeliveryDate>2026-03-15</cbc:ActualDeliveryDate>', ''])}${p(['', `<cac:DeliveryLocation>${p(['', '<cbc:ID schemeID="0088">4000001000005</cbc:ID>', '<cbc:ID schemeID="XX">1</cbc:ID>'])}<cac:Address>${p(['<cbc:CityName>Paris</cbc:CityName>', ''])}${p(['<cbc:PostalZone>75001</cbc:PostalZone>', ''])}${p(['<cac:Country><cbc:IdentificationCode>FR</cbc:IdentificationCode></cac:Country>', ''])}</cac:Address></cac:DeliveryLocation>`])}</cac:Delivery>`,
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:BillingReference>${p(['<cac:InvoiceDocumentReference><cbc:ID>RE-2026-0001</cbc:ID></cac:InvoiceDocumentReference>', '<cac:InvoiceDocumentReference><cbc:IssueDate>2026-01-01</cbc:IssueDate></cac:InvoiceDocumentReference>'])}</cac:BillingReference>`,
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      `<cac:PaymentMeans><cbc:PaymentMeansCode>${p(['59', '30', '48', '58', '1'])}</cbc:PaymentMeansCode>${p(['', '<cac:PayeeFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayeeFinancialAccount>'])}${p(['', '<cac:CardAccount><cbc:PrimaryAccountNumberID>123456789012345</cbc:PrimaryAccountNumberID><cbc:NetworkID>VISA</cbc:NetworkID></cac:CardAccount>'])}${p(['', '<cac:PaymentMandate><cbc:ID>M-1</cbc:ID><cac:PayerFinancialAccount><cbc:ID>DE02120300000000202051</cbc:ID></cac:PayerFinancialAccount></cac:PaymentMandate>', '<cac:PaymentMandate><cbc:ID>M-1</cbc:ID></cac:PaymentMandate>'])}</cac:PaymentMeans>`,
  },
  {
    parent: 'cac:InvoiceLine',
    xml: (p) =>
      `<cac:AllowanceCharge><cbc:ChargeIndicator>${p(['true', 'false'])}</cbc:ChargeIndicator>${p(['<cbc:AllowanceChargeReason>Mengenrabatt</cbc:AllowanceChargeReason>', ''])}<cbc:Amount currencyID="EUR">${p(AMT)}</cbc:Amount></cac:AllowanceCharge>`,
  },
  {
    parent: 'cac:InvoiceLine',
    xml: (p) =>
      `<cac:InvoicePeriod>${p(['<cbc:StartDate>2026-03-01</cbc:StartDate>', ''])}${p(['<cbc:EndDate>2026-02-01</cbc:EndDate>', '<cbc:EndDate>2026-03-31</cbc:EndDate>', ''])}</cac:InvoicePeriod>`,
  },
  {
    parent: 'cac:Item',
    xml: (p) =>
      p([
        `<cac:AdditionalItemProperty>${p(['<cbc:Name>Farbe</cbc:Name>', ''])}${p(['<cbc:Value>blau</cbc:Value>', ''])}</cac:AdditionalItemProperty>`,
        `<cac:StandardItemIdentification><cbc:ID ${p(['schemeID="0160"', 'schemeID="XX"', ''])}>4000001000005</cbc:ID></cac:StandardItemIdentification>`,
        `<cac:CommodityClassification><cbc:ItemClassificationCode ${p(['listID="STI"', 'listID="QQ"', '', 'listID="CVD"'])}>12345</cbc:ItemClassificationCode></cac:CommodityClassification>`,
        `<cac:OriginCountry><cbc:IdentificationCode>${p(['CN', 'XX', 'DE'])}</cbc:IdentificationCode></cac:OriginCountry>`,
        ublTaxCategory(p, 'cac:ClassifiedTaxCategory'),
      ]),
  },
  { parent: 'ubl:Invoice', xml: (p) => `<cbc:Note>${p(['#AAI#Hinweis', '#ABC#', '#ZZZ#x', '#QQQ#Text', '#AB#x'])}</cbc:Note>` },
  {
    parent: 'cac:LegalMonetaryTotal',
    xml: (p) =>
      p([
        `<cbc:PrepaidAmount currencyID="EUR">${p(AMT)}</cbc:PrepaidAmount>`,
        `<cbc:PayableRoundingAmount currencyID="EUR">${p(['0.01', '-0.01', '0.001'])}</cbc:PayableRoundingAmount>`,
        `<cbc:AllowanceTotalAmount currencyID="EUR">${p(AMT)}</cbc:AllowanceTotalAmount>`,
        `<cbc:ChargeTotalAmount currencyID="EUR">${p(AMT)}</cbc:ChargeTotalAmount>`,
      ]),
  },
  {
    parent: 'ubl:Invoice',
    xml: (p) =>
      p([
        `<cbc:TaxCurrencyCode>${p(['USD', 'EUR', 'XYZ'])}</cbc:TaxCurrencyCode>`,
        '<cac:TaxTotal><cbc:TaxAmount currencyID="USD">120.50</cbc:TaxAmount></cac:TaxTotal>',
        '<cbc:TaxPointDate>2026-03-31</cbc:TaxPointDate>',
      ]),
  },
  {
    parent: 'cac:PaymentTerms',
    xml: (p) => `<cbc:Note>${p(['#SKONTO#TAGE=14#PROZENT=2.00#\n', '#SKONTO#TAGE=14#PROZENT=2#\n', '#SKONTO#TAGE=7#PROZENT=3.00#', 'Skonto 2 %'])}</cbc:Note>`,
  },
  { parent: 'cac:AccountingSupplierParty', xml: (p) => p(['<cac:Party><cbc:EndpointID>x@y.de</cbc:EndpointID></cac:Party>', '']) },
  {
    parent: 'cac:Party',
    xml: (p) =>
      p([
        `<cac:PartyIdentification><cbc:ID ${p(ID_SCHEMES.map((s) => `schemeID="${s}"`).concat(''))}>4711</cbc:ID></cac:PartyIdentification>`,
        `<cac:PartyTaxScheme><cbc:CompanyID>${p(['DE111111111', 'XX111', 'EL123', '123'])}</cbc:CompanyID><cac:TaxScheme><cbc:ID>${p(['VAT', 'FC'])}</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`,
        `<cac:PartyLegalEntity><cbc:RegistrationName>Zweitname</cbc:RegistrationName><cbc:CompanyID ${p(['schemeID="0204"', 'schemeID="XX"', ''])}>HRB 4711</cbc:CompanyID></cac:PartyLegalEntity>`,
        `<cbc:EndpointID schemeID="${p(['0204', 'XX', 'EM', 'XR01'])}">abc</cbc:EndpointID>`,
      ]),
  },
];

export const CII_FRAGMENTS: Fragment[] = [
  {
    parent: 'ram:ApplicableHeaderTradeSettlement',
    xml: (p) =>
      `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${p(['true', 'false'])}</udt:Indicator></ram:ChargeIndicator>${p(['', '<ram:BasisAmount>100.00</ram:BasisAmount>'])}<ram:ActualAmount>${p(AMT)}</ram:ActualAmount>${p(['<ram:ReasonCode>95</ram:ReasonCode>', '<ram:Reason>Rabatt</ram:Reason>', '', '<ram:ReasonCode>ZZZ</ram:ReasonCode>'])}${p([true, true, false]) ? ciiTax(p) : ''}</ram:SpecifiedTradeAllowanceCharge>`,
  },
  {
    parent: 'ram:ApplicableHeaderTradeSettlement',
    xml: (p) => `<ram:PayeeTradeParty>${p(['<ram:ID>4711</ram:ID>', ''])}${p(['<ram:Name>Factoring GmbH</ram:Name>', ''])}</ram:PayeeTradeParty>`,
  },
  {
    parent: 'ram:ApplicableHeaderTradeAgreement',
    xml: (p) =>
      `<ram:SellerTaxRepresentativeTradeParty>${p(['<ram:Name>Vertreter GmbH</ram:Name>', ''])}${p(['<ram:PostalTradeAddress><ram:CityName>Köln</ram:CityName><ram:CountryID>DE</ram:CountryID></ram:PostalTradeAddress>', '<ram:PostalTradeAddress><ram:CityName>Köln</ram:CityName></ram:PostalTradeAddress>', ''])}${p(['<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">DE987654321</ram:ID></ram:SpecifiedTaxRegistration>', ''])}</ram:SellerTaxRepresentativeTradeParty>`,
  },
  {
    parent: 'ram:ApplicableHeaderTradeAgreement',
    xml: (p) =>
      `<ram:AdditionalReferencedDocument>${p(['<ram:IssuerAssignedID>Anlage-1</ram:IssuerAssignedID>', ''])}${p(['', '<ram:TypeCode>916</ram:TypeCode>', '<ram:TypeCode>130</ram:TypeCode>', '<ram:TypeCode>50</ram:TypeCode>'])}${p(['', '<ram:URIID>https://example.org/a.pdf</ram:URIID>', '<ram:URIID>a.pdf</ram:URIID>'])}${p(['', `<ram:AttachmentBinaryObject ${p(['mimeCode="application/pdf" ', 'mimeCode="text/plain" ', ''])}${p(['filename="a.pdf"', ''])}>JVBERi0=</ram:AttachmentBinaryObject>`])}${p(['', '<ram:ReferenceTypeCode>ABT</ram:ReferenceTypeCode>', '<ram:ReferenceTypeCode>QQQ</ram:ReferenceTypeCode>'])}</ram:AdditionalReferencedDocument>`,
  },
  {
    parent: 'ram:ApplicableHeaderTradeDelivery',
    xml: (p) =>
      p([
        `<ram:ShipToTradeParty>${p(['', '<ram:GlobalID schemeID="0088">4000001000005</ram:GlobalID>', '<ram:GlobalID schemeID="XX">1</ram:GlobalID>'])}<ram:PostalTradeAddress>${p(['<ram:PostcodeCode>75001</ram:PostcodeCode>', ''])}${p(['<ram:CityName>Paris</ram:CityName>', ''])}${p(['<ram:CountryID>FR</ram:CountryID>', ''])}</ram:PostalTradeAddress></ram:ShipToTradeParty>`,
        '<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20260315</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>',
      ]),
  },
  {
    parent: 'ram:ApplicableHeaderTradeSettlement',
    xml: (p) =>
      p([
        '<ram:InvoiceReferencedDocument><ram:IssuerAssignedID>RE-2026-0001</ram:IssuerAssignedID></ram:InvoiceReferencedDocument>',
        '<ram:InvoiceReferencedDocument><ram:FormattedIssueDateTime><qdt:DateTimeString format="102">20260101</qdt:DateTimeString></ram:FormattedIssueDateTime></ram:InvoiceReferencedDocument>',
        `<ram:TaxCurrencyCode>${p(['USD', 'EUR'])}</ram:TaxCurrencyCode>`,
        '<ram:CreditorReferenceID>DE98ZZZ09999999999</ram:CreditorReferenceID>',
        '<ram:PaymentReference>R1</ram:PaymentReference>',
      ]),
  },
  {
    parent: 'ram:ApplicableHeaderTradeSettlement',
    xml: (p) =>
      `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>${p(['59', '30', '48', '58', '1'])}</ram:TypeCode>${p(['', '<ram:PayerPartyDebtorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayerPartyDebtorFinancialAccount>'])}${p(['', '<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>'])}${p(['', '<ram:ApplicableTradeSettlementFinancialCard><ram:ID>123456789012345</ram:ID></ram:ApplicableTradeSettlementFinancialCard>'])}</ram:SpecifiedTradeSettlementPaymentMeans>`,
  },
  {
    parent: 'ram:SpecifiedLineTradeSettlement',
    xml: (p) =>
      p([
        `<ram:SpecifiedTradeAllowanceCharge><ram:ChargeIndicator><udt:Indicator>${p(['true', 'false'])}</udt:Indicator></ram:ChargeIndicator><ram:ActualAmount>${p(AMT)}</ram:ActualAmount>${p(['<ram:Reason>Mengenrabatt</ram:Reason>', ''])}</ram:SpecifiedTradeAllowanceCharge>`,
        `<ram:BillingSpecifiedPeriod>${p(['<ram:StartDateTime><udt:DateTimeString format="102">20260301</udt:DateTimeString></ram:StartDateTime>', ''])}${p(['<ram:EndDateTime><udt:DateTimeString format="102">20260201</udt:DateTimeString></ram:EndDateTime>', ''])}</ram:BillingSpecifiedPeriod>`,
        ciiTax(p, 'ram:ApplicableTradeTax'),
      ]),
  },
  {
    parent: 'ram:SpecifiedTradeProduct',
    xml: (p) =>
      p([
        `<ram:ApplicableProductCharacteristic>${p(['<ram:Description>Farbe</ram:Description>', ''])}${p(['<ram:Value>blau</ram:Value>', ''])}</ram:ApplicableProductCharacteristic>`,
        `<ram:GlobalID ${p(['schemeID="0160"', 'schemeID="XX"', ''])}>4000001000005</ram:GlobalID>`,
        `<ram:DesignatedProductClassification><ram:ClassCode ${p(['listID="STI"', 'listID="QQ"', ''])}>12345</ram:ClassCode></ram:DesignatedProductClassification>`,
        `<ram:OriginTradeCountry><ram:ID>${p(['CN', 'XX'])}</ram:ID></ram:OriginTradeCountry>`,
      ]),
  },
  {
    parent: 'rsm:ExchangedDocument',
    xml: (p) =>
      `<ram:IncludedNote><ram:Content>Hinweis</ram:Content>${p(['<ram:SubjectCode>AAI</ram:SubjectCode>', '<ram:SubjectCode>QQQ</ram:SubjectCode>'])}</ram:IncludedNote>`,
  },
  {
    parent: 'ram:SpecifiedTradeSettlementHeaderMonetarySummation',
    xml: (p) =>
      p([
        `<ram:TotalPrepaidAmount>${p(AMT)}</ram:TotalPrepaidAmount>`,
        `<ram:RoundingAmount>${p(['0.01', '-0.01'])}</ram:RoundingAmount>`,
        `<ram:AllowanceTotalAmount>${p(AMT)}</ram:AllowanceTotalAmount>`,
        `<ram:ChargeTotalAmount>${p(AMT)}</ram:ChargeTotalAmount>`,
        '<ram:TaxTotalAmount currencyID="USD">120.50</ram:TaxTotalAmount>',
      ]),
  },
  {
    parent: 'ram:SpecifiedTradePaymentTerms',
    xml: (p) => p(['<ram:DirectDebitMandateID>M-1</ram:DirectDebitMandateID>', '<ram:Description>#SKONTO#TAGE=14#PROZENT=2#\n</ram:Description>']),
  },
  {
    parent: 'ram:ApplicableTradeTax',
    xml: (p) =>
      p([
        '<ram:DueDateTypeCode>5</ram:DueDateTypeCode>',
        '<ram:TaxPointDate><udt:DateString format="102">20260331</udt:DateString></ram:TaxPointDate>',
        '<ram:ExemptionReasonCode>VATEX-EU-IC</ram:ExemptionReasonCode>',
      ]),
  },
  {
    parent: 'ram:SellerTradeParty',
    xml: (p) =>
      p([
        `<ram:SpecifiedTaxRegistration><ram:ID schemeID="${p(['VA', 'FC'])}">${p(['DE111111111', 'XX111', 'EL123'])}</ram:ID></ram:SpecifiedTaxRegistration>`,
        `<ram:SpecifiedLegalOrganization><ram:ID ${p(['schemeID="0204"', 'schemeID="XX"', ''])}>HRB 4711</ram:ID></ram:SpecifiedLegalOrganization>`,
        `<ram:GlobalID schemeID="${p(['0088', 'XX'])}">4000001000005</ram:GlobalID>`,
      ]),
  },
  {
    parent: 'ram:BuyerTradeParty',
    xml: (p) =>
      p([
        `<ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${p(['FR11111111111', 'XX1'])}</ram:ID></ram:SpecifiedTaxRegistration>`,
        '<ram:SpecifiedLegalOrganization><ram:ID>123</ram:ID></ram:SpecifiedLegalOrganization>',
      ]),
  },
];
