import type { InvoiceModel, Recipient } from './invoice-model';
import type { LegalParty } from './parties';
import { formatDate, LABELS, UNIT_CODES } from './texts';

export const FACTURX_FILE_NAME = 'factur-x.xml';
export const EN16931_GUIDELINE = 'urn:cen.eu:en16931:2017';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const amount = (cents: number): string => (cents / 100).toFixed(2);
const date102 = (iso: string): string => iso.replace(/-/g, '');
const dateTime = (iso: string): string => `<udt:DateTimeString format="102">${date102(iso)}</udt:DateTimeString>`;

function quantity(value: number): string {
  return Number.isInteger(value) ? value.toFixed(0) : value.toFixed(2).replace(/0$/, '');
}

function party(tag: 'SellerTradeParty' | 'BuyerTradeParty', p: LegalParty | Recipient): string {
  const lines = [
    `<ram:${tag}>`,
    `<ram:Name>${esc(p.name)}</ram:Name>`,
    '<ram:PostalTradeAddress>',
    `<ram:PostcodeCode>${esc(p.postcode)}</ram:PostcodeCode>`,
    `<ram:LineOne>${esc(p.street)}</ram:LineOne>`,
    `<ram:CityName>${esc(p.city)}</ram:CityName>`,
    `<ram:CountryID>${p.country}</ram:CountryID>`,
    '</ram:PostalTradeAddress>',
  ];
  if (p.vatId) lines.push('<ram:SpecifiedTaxRegistration>', `<ram:ID schemeID="VA">${esc(p.vatId)}</ram:ID>`, '</ram:SpecifiedTaxRegistration>');
  lines.push(`</ram:${tag}>`);
  return lines.join('\n');
}

/** EN 16931 CrossIndustryInvoice (Factur-X / ZUGFeRD profile EN 16931) with the same values the PDF prints. */
export function buildCiiXml(model: InvoiceModel): string {
  const { totals, biller } = model;
  const lineItems = model.lines.map((line) =>
    [
      '<ram:IncludedSupplyChainTradeLineItem>',
      `<ram:AssociatedDocumentLineDocument><ram:LineID>${line.position}</ram:LineID></ram:AssociatedDocumentLineDocument>`,
      `<ram:SpecifiedTradeProduct><ram:Name>${esc(line.description)}</ram:Name></ram:SpecifiedTradeProduct>`,
      `<ram:SpecifiedLineTradeAgreement><ram:NetPriceProductTradePrice><ram:ChargeAmount>${amount(line.unitPriceCents)}</ram:ChargeAmount></ram:NetPriceProductTradePrice></ram:SpecifiedLineTradeAgreement>`,
      `<ram:SpecifiedLineTradeDelivery><ram:BilledQuantity unitCode="${UNIT_CODES[line.unitKey]}">${quantity(line.quantity)}</ram:BilledQuantity></ram:SpecifiedLineTradeDelivery>`,
      '<ram:SpecifiedLineTradeSettlement>',
      `<ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:CategoryCode>S</ram:CategoryCode><ram:RateApplicablePercent>${line.rate.toFixed(2)}</ram:RateApplicablePercent></ram:ApplicableTradeTax>`,
      `<ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${amount(line.netCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation>`,
      '</ram:SpecifiedLineTradeSettlement>',
      '</ram:IncludedSupplyChainTradeLineItem>',
    ].join('\n'),
  );
  const taxes = totals.taxes.map((t) =>
    [
      '<ram:ApplicableTradeTax>',
      `<ram:CalculatedAmount>${amount(t.taxCents)}</ram:CalculatedAmount>`,
      '<ram:TypeCode>VAT</ram:TypeCode>',
      `<ram:BasisAmount>${amount(t.netCents)}</ram:BasisAmount>`,
      '<ram:CategoryCode>S</ram:CategoryCode>',
      `<ram:RateApplicablePercent>${t.rate.toFixed(2)}</ram:RateApplicablePercent>`,
      '</ram:ApplicableTradeTax>',
    ].join('\n'),
  );
  const terms = LABELS[model.language].payment(formatDate(model.dueDate, model.language));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:qdt="urn:un:unece:uncefact:data:standard:QualifiedDataType:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">',
    '<rsm:ExchangedDocumentContext>',
    `<ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>${EN16931_GUIDELINE}</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter>`,
    '</rsm:ExchangedDocumentContext>',
    '<rsm:ExchangedDocument>',
    `<ram:ID>${esc(model.number)}</ram:ID>`,
    '<ram:TypeCode>380</ram:TypeCode>',
    `<ram:IssueDateTime>${dateTime(model.issueDate)}</ram:IssueDateTime>`,
    '</rsm:ExchangedDocument>',
    '<rsm:SupplyChainTradeTransaction>',
    ...lineItems,
    '<ram:ApplicableHeaderTradeAgreement>',
    party('SellerTradeParty', biller),
    party('BuyerTradeParty', model.recipient),
    '</ram:ApplicableHeaderTradeAgreement>',
    '<ram:ApplicableHeaderTradeDelivery>',
    `<ram:ActualDeliverySupplyChainEvent><ram:OccurrenceDateTime>${dateTime(model.deliveryDate)}</ram:OccurrenceDateTime></ram:ActualDeliverySupplyChainEvent>`,
    '</ram:ApplicableHeaderTradeDelivery>',
    '<ram:ApplicableHeaderTradeSettlement>',
    `<ram:PaymentReference>${esc(model.paymentReference)}</ram:PaymentReference>`,
    `<ram:InvoiceCurrencyCode>${model.currency}</ram:InvoiceCurrencyCode>`,
    '<ram:SpecifiedTradeSettlementPaymentMeans>',
    '<ram:TypeCode>58</ram:TypeCode>',
    `<ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${biller.iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount>`,
    `<ram:PayeeSpecifiedCreditorFinancialInstitution><ram:BICID>${biller.bic}</ram:BICID></ram:PayeeSpecifiedCreditorFinancialInstitution>`,
    '</ram:SpecifiedTradeSettlementPaymentMeans>',
    ...taxes,
    '<ram:SpecifiedTradePaymentTerms>',
    `<ram:Description>${esc(terms)}</ram:Description>`,
    `<ram:DueDateDateTime>${dateTime(model.dueDate)}</ram:DueDateDateTime>`,
    '</ram:SpecifiedTradePaymentTerms>',
    '<ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    `<ram:LineTotalAmount>${amount(totals.netCents)}</ram:LineTotalAmount>`,
    '<ram:ChargeTotalAmount>0.00</ram:ChargeTotalAmount>',
    '<ram:AllowanceTotalAmount>0.00</ram:AllowanceTotalAmount>',
    `<ram:TaxBasisTotalAmount>${amount(totals.netCents)}</ram:TaxBasisTotalAmount>`,
    `<ram:TaxTotalAmount currencyID="${model.currency}">${amount(totals.taxCents)}</ram:TaxTotalAmount>`,
    `<ram:GrandTotalAmount>${amount(totals.grossCents)}</ram:GrandTotalAmount>`,
    '<ram:TotalPrepaidAmount>0.00</ram:TotalPrepaidAmount>',
    `<ram:DuePayableAmount>${amount(totals.grossCents)}</ram:DuePayableAmount>`,
    '</ram:SpecifiedTradeSettlementHeaderMonetarySummation>',
    '</ram:ApplicableHeaderTradeSettlement>',
    '</rsm:SupplyChainTradeTransaction>',
    '</rsm:CrossIndustryInvoice>',
    '',
  ].join('\n');
}

/** XMP packet with the Factur-X extension fields readers use to find the invoice XML (no PDF/A claim: fonts are not embedded). */
export function buildFacturXXmp(title: string): string {
  return [
    '<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    `<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/"><dc:title><rdf:Alt><rdf:li xml:lang="x-default">${esc(title)}</rdf:li></rdf:Alt></dc:title></rdf:Description>`,
    '<rdf:Description rdf:about="" xmlns:fx="urn:factur-x:pdfa:CrossIndustryDocument:invoice:1p0#">',
    '<fx:DocumentType>INVOICE</fx:DocumentType>',
    `<fx:DocumentFileName>${FACTURX_FILE_NAME}</fx:DocumentFileName>`,
    '<fx:Version>1.0</fx:Version>',
    '<fx:ConformanceLevel>EN 16931</fx:ConformanceLevel>',
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="w"?>',
  ].join('\n');
}
