import type { InvoiceModel, Recipient } from './invoice-model';
import type { LegalParty } from './parties';
import { LABELS, UNIT_CODES, formatDate } from './texts';

export const XRECHNUNG_PROFILE = 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0';

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

const amount = (cents: number): string => (cents / 100).toFixed(2);

function quantity(value: number): string {
  return Number.isInteger(value) ? value.toFixed(0) : value.toFixed(2).replace(/0$/, '');
}

function party(p: LegalParty | Recipient): string {
  const lines = [
    '<cac:Party>',
    `<cac:PartyName><cbc:Name>${esc(p.name)}</cbc:Name></cac:PartyName>`,
    '<cac:PostalAddress>',
    `<cbc:StreetName>${esc(p.street)}</cbc:StreetName>`,
    `<cbc:CityName>${esc(p.city)}</cbc:CityName>`,
    `<cbc:PostalZone>${esc(p.postcode)}</cbc:PostalZone>`,
    `<cac:Country><cbc:IdentificationCode>${p.country}</cbc:IdentificationCode></cac:Country>`,
    '</cac:PostalAddress>',
  ];
  if (p.vatId)
    lines.push(
      '<cac:PartyTaxScheme>',
      `<cbc:CompanyID>${esc(p.vatId)}</cbc:CompanyID>`,
      '<cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme>',
      '</cac:PartyTaxScheme>',
    );
  lines.push(`<cac:PartyLegalEntity><cbc:RegistrationName>${esc(p.name)}</cbc:RegistrationName></cac:PartyLegalEntity>`, '</cac:Party>');
  return lines.join('\n');
}

function taxCategory(tag: 'TaxCategory' | 'ClassifiedTaxCategory', rate: number): string {
  return `<cac:${tag}><cbc:ID>S</cbc:ID><cbc:Percent>${rate.toFixed(2)}</cbc:Percent><cac:TaxScheme><cbc:ID>VAT</cbc:ID></cac:TaxScheme></cac:${tag}>`;
}

/** XRechnung UBL 2.1 Invoice with the same values the PDF prints (the other syntax of the generator's CII). */
export function buildUblXml(model: InvoiceModel): string {
  const { totals, biller } = model;
  const cur = `currencyID="${model.currency}"`;
  const lines = model.lines.map((line) =>
    [
      '<cac:InvoiceLine>',
      `<cbc:ID>${esc(line.position)}</cbc:ID>`,
      `<cbc:InvoicedQuantity unitCode="${UNIT_CODES[line.unitKey]}">${quantity(line.quantity)}</cbc:InvoicedQuantity>`,
      `<cbc:LineExtensionAmount ${cur}>${amount(line.netCents)}</cbc:LineExtensionAmount>`,
      `<cac:Item><cbc:Name>${esc(line.description)}</cbc:Name>${taxCategory('ClassifiedTaxCategory', line.rate)}</cac:Item>`,
      `<cac:Price><cbc:PriceAmount ${cur}>${amount(line.unitPriceCents)}</cbc:PriceAmount></cac:Price>`,
      '</cac:InvoiceLine>',
    ].join('\n'),
  );
  const subtotals = totals.taxes.map((t) =>
    [
      '<cac:TaxSubtotal>',
      `<cbc:TaxableAmount ${cur}>${amount(t.netCents)}</cbc:TaxableAmount>`,
      `<cbc:TaxAmount ${cur}>${amount(t.taxCents)}</cbc:TaxAmount>`,
      taxCategory('TaxCategory', t.rate),
      '</cac:TaxSubtotal>',
    ].join('\n'),
  );
  const terms = LABELS[model.language].payment(formatDate(model.dueDate, model.language));
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<ubl:Invoice xmlns:ubl="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">',
    `<cbc:CustomizationID>${XRECHNUNG_PROFILE}</cbc:CustomizationID>`,
    '<cbc:ProfileID>urn:fdc:peppol.eu:2017:poacc:billing:01:1.0</cbc:ProfileID>',
    `<cbc:ID>${esc(model.number)}</cbc:ID>`,
    `<cbc:IssueDate>${model.issueDate}</cbc:IssueDate>`,
    `<cbc:DueDate>${model.dueDate}</cbc:DueDate>`,
    '<cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode>',
    `<cbc:DocumentCurrencyCode>${model.currency}</cbc:DocumentCurrencyCode>`,
    `<cbc:BuyerReference>${esc(model.customerNumber ?? model.recipient.name)}</cbc:BuyerReference>`,
    '<cac:AccountingSupplierParty>',
    party(biller),
    '</cac:AccountingSupplierParty>',
    '<cac:AccountingCustomerParty>',
    party(model.recipient),
    '</cac:AccountingCustomerParty>',
    `<cac:Delivery><cbc:ActualDeliveryDate>${model.deliveryDate}</cbc:ActualDeliveryDate></cac:Delivery>`,
    '<cac:PaymentMeans>',
    '<cbc:PaymentMeansCode>58</cbc:PaymentMeansCode>',
    `<cbc:PaymentID>${esc(model.paymentReference)}</cbc:PaymentID>`,
    `<cac:PayeeFinancialAccount><cbc:ID>${biller.iban}</cbc:ID><cac:FinancialInstitutionBranch><cbc:ID>${biller.bic}</cbc:ID></cac:FinancialInstitutionBranch></cac:PayeeFinancialAccount>`,
    '</cac:PaymentMeans>',
    `<cac:PaymentTerms><cbc:Note>${esc(terms)}</cbc:Note></cac:PaymentTerms>`,
    '<cac:TaxTotal>',
    `<cbc:TaxAmount ${cur}>${amount(totals.taxCents)}</cbc:TaxAmount>`,
    ...subtotals,
    '</cac:TaxTotal>',
    '<cac:LegalMonetaryTotal>',
    `<cbc:LineExtensionAmount ${cur}>${amount(totals.netCents)}</cbc:LineExtensionAmount>`,
    `<cbc:TaxExclusiveAmount ${cur}>${amount(totals.netCents)}</cbc:TaxExclusiveAmount>`,
    `<cbc:TaxInclusiveAmount ${cur}>${amount(totals.grossCents)}</cbc:TaxInclusiveAmount>`,
    `<cbc:PayableAmount ${cur}>${amount(totals.grossCents)}</cbc:PayableAmount>`,
    '</cac:LegalMonetaryTotal>',
    ...lines,
    '</ubl:Invoice>',
    '',
  ].join('\n');
}
