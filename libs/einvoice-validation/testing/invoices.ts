/** Invoices this project writes itself for specs and benchmarks: a complete XRechnung 3.0 invoice in UBL and in CII. */

export const XRECHNUNG_3 = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

export interface InvoiceLineSpec {
  id: string;
  name: string;
  quantity: string;
  price: string;
  net: string;
  category: string;
  rate: string;
}

export interface InvoiceSpec {
  customization: string;
  number: string;
  lines: InvoiceLineSpec[];
  /** VAT breakdown: category, rate, taxable, tax */
  vat: { category: string; rate: string; taxable: string; tax: string; exemption?: string }[];
  lineTotal: string;
  netTotal: string;
  taxTotal: string;
  grossTotal: string;
  payable: string;
  /** seller VAT identifier (BT-31); null leaves it out */
  sellerVatId?: string | null;
  buyerVatId?: string;
  deliveryCountry?: string;
  /** seller identifier (BT-29) */
  sellerId?: string;
}

export const DEFAULT_INVOICE: InvoiceSpec = {
  customization: XRECHNUNG_3,
  number: 'RE-2026-0042',
  lines: [
    { id: '1', name: 'Beratung Jahresabschluss', quantity: '10', price: '100.00', net: '1000.00', category: 'S', rate: '19' },
    { id: '2', name: 'Fachbuch Steuerrecht', quantity: '2', price: '50.00', net: '100.00', category: 'S', rate: '7' },
  ],
  vat: [
    { category: 'S', rate: '19', taxable: '1000.00', tax: '190.00' },
    { category: 'S', rate: '7', taxable: '100.00', tax: '7.00' },
  ],
  lineTotal: '1100.00',
  netTotal: '1100.00',
  taxTotal: '197.00',
  grossTotal: '1297.00',
  payable: '1297.00',
};

export function ublInvoice(spec: InvoiceSpec = DEFAULT_INVOICE): string {
  const lines = spec.lines
    .map(
      (l) => `
  <cac:InvoiceLine>
    <cbc:ID>${l.id}</cbc:ID>
    <cbc:InvoicedQuantity unitCode="C62">${l.quantity}</cbc:InvoicedQuantity>
    <cbc:LineExtensionAmount currencyID="EUR">${l.net}</cbc:LineExtensionAmount>
    <cac:Item>
      <cbc:Name>${l.name}</cbc:Name>
      <cac:ClassifiedTaxCategory>
        <cbc:ID>${l.category}</cbc:ID>${
          l.category === 'O'
            ? ''
            : `
        <cbc:Percent>${l.rate}</cbc:Percent>`
        }
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:ClassifiedTaxCategory>
    </cac:Item>
    <cac:Price>
      <cbc:PriceAmount currencyID="EUR">${l.price}</cbc:PriceAmount>
    </cac:Price>
  </cac:InvoiceLine>`,
    )
    .join('');
  const vat = spec.vat
    .map(
      (v) => `
    <cac:TaxSubtotal>
      <cbc:TaxableAmount currencyID="EUR">${v.taxable}</cbc:TaxableAmount>
      <cbc:TaxAmount currencyID="EUR">${v.tax}</cbc:TaxAmount>
      <cac:TaxCategory>
        <cbc:ID>${v.category}</cbc:ID>${
          v.category === 'O'
            ? ''
            : `
        <cbc:Percent>${v.rate}</cbc:Percent>`
        }${
          v.exemption
            ? `
        <cbc:TaxExemptionReason>${v.exemption}</cbc:TaxExemptionReason>`
            : ''
        }
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:TaxCategory>
    </cac:TaxSubtotal>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
  <cbc:CustomizationID>${spec.customization}</cbc:CustomizationID>
  <cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>
  <cbc:ID>${spec.number}</cbc:ID>
  <cbc:IssueDate>2026-03-31</cbc:IssueDate>
  <cbc:DueDate>2026-04-30</cbc:DueDate>
  <cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>
  <cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
  <cbc:BuyerReference>04011000-12345-03</cbc:BuyerReference>
  <cac:InvoicePeriod>
    <cbc:StartDate>2026-03-01</cbc:StartDate>
    <cbc:EndDate>2026-03-31</cbc:EndDate>
  </cac:InvoicePeriod>
  <cac:AccountingSupplierParty>
    <cac:Party>
      <cbc:EndpointID schemeID="EM">rechnung@kanzlei-muster.de</cbc:EndpointID>${
        spec.sellerId
          ? `
      <cac:PartyIdentification><cbc:ID>${spec.sellerId}</cbc:ID></cac:PartyIdentification>`
          : ''
      }
      <cac:PostalAddress>
        <cbc:StreetName>Hauptstraße 1</cbc:StreetName>
        <cbc:CityName>Berlin</cbc:CityName>
        <cbc:PostalZone>10115</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>
${
  spec.sellerVatId === null
    ? ''
    : `      <cac:PartyTaxScheme>
        <cbc:CompanyID>${spec.sellerVatId ?? 'DE123456789'}</cbc:CompanyID>
        <cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>
      </cac:PartyTaxScheme>
`
}      <cac:PartyLegalEntity>
        <cbc:RegistrationName>Kanzlei Muster Steuerberatung GmbH</cbc:RegistrationName>
      </cac:PartyLegalEntity>
      <cac:Contact>
        <cbc:Name>Erika Muster</cbc:Name>
        <cbc:Telephone>+49 30 1234567</cbc:Telephone>
        <cbc:ElectronicMail>erika@kanzlei-muster.de</cbc:ElectronicMail>
      </cac:Contact>
    </cac:Party>
  </cac:AccountingSupplierParty>
  <cac:AccountingCustomerParty>
    <cac:Party>
      <cbc:EndpointID schemeID="EM">einkauf@kunde.de</cbc:EndpointID>
      <cac:PostalAddress>
        <cbc:StreetName>Marktplatz 5</cbc:StreetName>
        <cbc:CityName>Hamburg</cbc:CityName>
        <cbc:PostalZone>20095</cbc:PostalZone>
        <cac:Country><cbc:IdentificationCode>DE</cbc:IdentificationCode></cac:Country>
      </cac:PostalAddress>${
        spec.buyerVatId
          ? `
      <cac:PartyTaxScheme><cbc:CompanyID>${spec.buyerVatId}</cbc:CompanyID><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:PartyTaxScheme>`
          : ''
      }
      <cac:PartyLegalEntity>
        <cbc:RegistrationName>Kunde AG</cbc:RegistrationName>
      </cac:PartyLegalEntity>
    </cac:Party>
  </cac:AccountingCustomerParty>${
    spec.deliveryCountry
      ? `
  <cac:Delivery><cbc:ActualDeliveryDate>2026-03-15</cbc:ActualDeliveryDate><cac:DeliveryLocation><cac:Address><cbc:CityName>Paris</cbc:CityName><cbc:PostalZone>75001</cbc:PostalZone><cac:Country><cbc:IdentificationCode>${spec.deliveryCountry}</cbc:IdentificationCode></cac:Country></cac:Address></cac:DeliveryLocation></cac:Delivery>`
      : ''
  }
  <cac:PaymentMeans>
    <cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>
    <cac:PayeeFinancialAccount>
      <cbc:ID>DE02120300000000202051</cbc:ID>
    </cac:PayeeFinancialAccount>
  </cac:PaymentMeans>
  <cac:PaymentTerms>
    <cbc:Note>Zahlbar innerhalb von 30 Tagen.</cbc:Note>
  </cac:PaymentTerms>
  <cac:TaxTotal>
    <cbc:TaxAmount currencyID="EUR">${spec.taxTotal}</cbc:TaxAmount>${vat}
  </cac:TaxTotal>
  <cac:LegalMonetaryTotal>
    <cbc:LineExtensionAmount currencyID="EUR">${spec.lineTotal}</cbc:LineExtensionAmount>
    <cbc:TaxExclusiveAmount currencyID="EUR">${spec.netTotal}</cbc:TaxExclusiveAmount>
    <cbc:TaxInclusiveAmount currencyID="EUR">${spec.grossTotal}</cbc:TaxInclusiveAmount>
    <cbc:PayableAmount currencyID="EUR">${spec.payable}</cbc:PayableAmount>
  </cac:LegalMonetaryTotal>${lines}
</ubl:Invoice>
`;
}

export function ciiInvoice(spec: InvoiceSpec = DEFAULT_INVOICE): string {
  const lines = spec.lines
    .map(
      (l) => `
    <ram:IncludedSupplyChainTradeLineItem>
      <ram:AssociatedDocumentLineDocument><ram:LineID>${l.id}</ram:LineID></ram:AssociatedDocumentLineDocument>
      <ram:SpecifiedTradeProduct><ram:Name>${l.name}</ram:Name></ram:SpecifiedTradeProduct>
      <ram:SpecifiedLineTradeAgreement>
        <ram:NetPriceProductTradePrice><ram:ChargeAmount>${l.price}</ram:ChargeAmount></ram:NetPriceProductTradePrice>
      </ram:SpecifiedLineTradeAgreement>
      <ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="C62">${l.quantity}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>
      <ram:SpecifiedLineTradeSettlement>
        <ram:ApplicableTradeTax>
          <ram:TypeCode>VAT</ram:TypeCode>
          <ram:CategoryCode>${l.category}</ram:CategoryCode>${
            l.category === 'O'
              ? ''
              : `
          <ram:RateApplicablePercent>${l.rate}</ram:RateApplicablePercent>`
          }
        </ram:ApplicableTradeTax>
        <ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${l.net}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>
      </ram:SpecifiedLineTradeSettlement>
    </ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  const vat = spec.vat
    .map(
      (v) => `
      <ram:ApplicableTradeTax>
        <ram:CalculatedAmount>${v.tax}</ram:CalculatedAmount>
        <ram:TypeCode>VAT</ram:TypeCode>${
          v.exemption
            ? `
        <ram:ExemptionReason>${v.exemption}</ram:ExemptionReason>`
            : ''
        }
        <ram:BasisAmount>${v.taxable}</ram:BasisAmount>
        <ram:CategoryCode>${v.category}</ram:CategoryCode>${
          v.category === 'O'
            ? ''
            : `
        <ram:RateApplicablePercent>${v.rate}</ram:RateApplicablePercent>`
        }
      </ram:ApplicableTradeTax>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100">
  <rsm:ExchangedDocumentContext>
    <ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${spec.customization}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>
  </rsm:ExchangedDocumentContext>
  <rsm:ExchangedDocument>
    <ram:ID>${spec.number}</ram:ID>
    <ram:TypeCode>380</ram:TypeCode>
    <ram:IssueDateTime><udt:DateTimeString format="102">20260331</udt:DateTimeString></ram:IssueDateTime>
  </rsm:ExchangedDocument>
  <rsm:SupplyChainTradeTransaction>${lines}
    <ram:ApplicableHeaderTradeAgreement>
      <ram:BuyerReference>04011000-12345-03</ram:BuyerReference>
      <ram:SellerTradeParty>${
        spec.sellerId
          ? `
        <ram:ID>${spec.sellerId}</ram:ID>`
          : ''
      }
        <ram:Name>Kanzlei Muster Steuerberatung GmbH</ram:Name>
        <ram:DefinedTradeContact>
          <ram:PersonName>Erika Muster</ram:PersonName>
          <ram:TelephoneUniversalCommunication><ram:CompleteNumber>+49 30 1234567</ram:CompleteNumber></ram:TelephoneUniversalCommunication>
          <ram:EmailURIUniversalCommunication><ram:URIID>erika@kanzlei-muster.de</ram:URIID></ram:EmailURIUniversalCommunication>
        </ram:DefinedTradeContact>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>10115</ram:PostcodeCode>
          <ram:LineOne>Hauptstraße 1</ram:LineOne>
          <ram:CityName>Berlin</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">rechnung@kanzlei-muster.de</ram:URIID></ram:URIUniversalCommunication>
${
  spec.sellerVatId === null
    ? ''
    : `        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${spec.sellerVatId ?? 'DE123456789'}</ram:ID></ram:SpecifiedTaxRegistration>
`
}      </ram:SellerTradeParty>
      <ram:BuyerTradeParty>
        <ram:Name>Kunde AG</ram:Name>
        <ram:PostalTradeAddress>
          <ram:PostcodeCode>20095</ram:PostcodeCode>
          <ram:LineOne>Marktplatz 5</ram:LineOne>
          <ram:CityName>Hamburg</ram:CityName>
          <ram:CountryID>DE</ram:CountryID>
        </ram:PostalTradeAddress>
        <ram:URIUniversalCommunication><ram:URIID schemeID="EM">einkauf@kunde.de</ram:URIID></ram:URIUniversalCommunication>${
          spec.buyerVatId
            ? `
        <ram:SpecifiedTaxRegistration><ram:ID schemeID="VA">${spec.buyerVatId}</ram:ID></ram:SpecifiedTaxRegistration>`
            : ''
        }
      </ram:BuyerTradeParty>
    </ram:ApplicableHeaderTradeAgreement>
    <ram:ApplicableHeaderTradeDelivery>${spec.deliveryCountry ? `<ram:ShipToTradeParty><ram:PostalTradeAddress><ram:PostcodeCode>75001</ram:PostcodeCode><ram:CityName>Paris</ram:CityName><ram:CountryID>${spec.deliveryCountry}</ram:CountryID></ram:PostalTradeAddress></ram:ShipToTradeParty><ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime><udt:DateTimeString format="102">20260315</udt:DateTimeString></ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>` : ''}</ram:ApplicableHeaderTradeDelivery>
    <ram:ApplicableHeaderTradeSettlement>
      <ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
      <ram:SpecifiedTradeSettlementPaymentMeans>
        <ram:TypeCode>58</ram:TypeCode>
        <ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02120300000000202051</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>
      </ram:SpecifiedTradeSettlementPaymentMeans>${vat}
      <ram:BillingSpecifiedPeriod>
        <ram:StartDateTime><udt:DateTimeString format="102">20260301</udt:DateTimeString></ram:StartDateTime>
        <ram:EndDateTime><udt:DateTimeString format="102">20260331</udt:DateTimeString></ram:EndDateTime>
      </ram:BillingSpecifiedPeriod>
      <ram:SpecifiedTradePaymentTerms>
        <ram:Description>Zahlbar innerhalb von 30 Tagen.</ram:Description>
        <ram:DueDateDateTime><udt:DateTimeString format="102">20260430</udt:DateTimeString></ram:DueDateDateTime>
      </ram:SpecifiedTradePaymentTerms>
      <ram:SpecifiedTradeSettlementHeaderMonetarySummation>
        <ram:LineTotalAmount>${spec.lineTotal}</ram:LineTotalAmount>
        <ram:TaxBasisTotalAmount>${spec.netTotal}</ram:TaxBasisTotalAmount>
        <ram:TaxTotalAmount currencyID="EUR">${spec.taxTotal}</ram:TaxTotalAmount>
        <ram:GrandTotalAmount>${spec.grossTotal}</ram:GrandTotalAmount>
        <ram:DuePayableAmount>${spec.payable}</ram:DuePayableAmount>
      </ram:SpecifiedTradeSettlementHeaderMonetarySummation>
    </ram:ApplicableHeaderTradeSettlement>
  </rsm:SupplyChainTradeTransaction>
</rsm:CrossIndustryInvoice>
`;
}

/** A one-line invoice in a single VAT category, conforming to every rule of that category. */
export function categoryInvoice(category: string): InvoiceSpec {
  const rate = ({ S: '19', L: '7', M: '4' } as Record<string, string>)[category] ?? '0';
  const tax = ({ S: '19.00', L: '7.00', M: '4.00' } as Record<string, string>)[category] ?? '0.00';
  const exempt = ['E', 'AE', 'K', 'G', 'O'].includes(category);
  const gross = (100 + Number(tax)).toFixed(2);
  return {
    ...DEFAULT_INVOICE,
    lines: [{ id: '1', name: 'Leistung', quantity: '1', price: '100.00', net: '100.00', category, rate }],
    vat: [{ category, rate, taxable: '100.00', tax, ...(exempt ? { exemption: 'Steuerbefreit' } : {}) }],
    lineTotal: '100.00',
    netTotal: '100.00',
    taxTotal: tax,
    grossTotal: gross,
    payable: gross,
    ...(category === 'O' ? { sellerVatId: null, sellerId: 'K-4711', customization: 'urn:cen.eu:en16931:2017' } : {}),
    ...(category === 'AE' || category === 'K' ? { buyerVatId: 'FR12345678901' } : {}),
    ...(category === 'K' ? { deliveryCountry: 'FR' } : {}),
  };
}
