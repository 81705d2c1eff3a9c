import type { EInvoiceTerms, ExtractedFields, LineItem, Party, TaxBreakdownLine } from '@portal/contracts';
import { all, attr, first, num, text, textAt, type XmlNode } from './xml-tree';
import { documentKindOf, withDocumentKind } from './document-kind';
import { compact, isoDate, normalizeVatId, uniqueRates, validBic, validIban } from './values';
import { ublTerms } from './terms-ubl';

export interface ParsedEInvoice {
  fields: ExtractedFields;
  profile?: string;
  terms: EInvoiceTerms;
}

function party(node: XmlNode | undefined): Party | undefined {
  if (!node) return undefined;
  const address = first(node, 'PostalAddress');
  const vatScheme = all(node, 'PartyTaxScheme').find((s) => textAt(s, 'TaxScheme', 'ID')?.toUpperCase() === 'VAT');
  const result = compact<Party>({
    name: textAt(node, 'PartyLegalEntity', 'RegistrationName') ?? textAt(node, 'PartyName', 'Name'),
    street: textAt(address, 'StreetName'),
    postcode: textAt(address, 'PostalZone'),
    city: textAt(address, 'CityName'),
    country: textAt(address, 'Country', 'IdentificationCode'),
    vat_id: normalizeVatId(textAt(vatScheme, 'CompanyID')),
  });
  return Object.keys(result).length > 0 ? result : undefined;
}

/** Amount in the document currency: a second TaxTotal may be stated in the tax currency. */
function amountInCurrency(nodes: XmlNode[], currency: string | undefined): number | undefined {
  const match = nodes.find((n) => !currency || !attr(n, 'currencyID') || attr(n, 'currencyID') === currency);
  return num(text(match ?? nodes[0]));
}

function lineItems(root: XmlNode): LineItem[] | undefined {
  const lines = all(root, 'InvoiceLine|CreditNoteLine').map((line) => {
    const quantity = first(line, 'InvoicedQuantity|CreditedQuantity');
    const name = textAt(line, 'Item', 'Name');
    return compact<LineItem>({
      position: textAt(line, 'ID'),
      description: name ?? textAt(line, 'Item', 'Description') ?? '',
      item_description: name ? textAt(line, 'Item', 'Description') : undefined,
      item_id: textAt(line, 'Item', 'SellersItemIdentification', 'ID'),
      note: textAt(line, 'Note'),
      quantity: num(text(quantity)),
      unit: attr(quantity, 'unitCode'),
      unit_price: num(textAt(line, 'Price', 'PriceAmount')),
      net_amount: num(textAt(line, 'LineExtensionAmount')),
      tax_rate: num(textAt(line, 'Item', 'ClassifiedTaxCategory', 'Percent')),
    });
  });
  return lines.length > 0 ? lines : undefined;
}

/** XRechnung / Peppol UBL 2.1 Invoice or CreditNote (root element passed in). */
export function parseUbl(root: XmlNode, creditNote = false): ParsedEInvoice {
  const currency = textAt(root, 'DocumentCurrencyCode');
  const taxTotals = all(root, 'TaxTotal');
  const mainTaxTotal = taxTotals.find((t) => all(t, 'TaxSubtotal').length > 0) ?? taxTotals[0];
  const breakdown: TaxBreakdownLine[] = all(mainTaxTotal, 'TaxSubtotal').map((sub) =>
    compact<TaxBreakdownLine>({
      rate: num(textAt(sub, 'TaxCategory', 'Percent')) ?? 0,
      net: num(textAt(sub, 'TaxableAmount')) ?? 0,
      tax: num(textAt(sub, 'TaxAmount')) ?? 0,
      category: textAt(sub, 'TaxCategory', 'ID'),
      exemption_reason: textAt(sub, 'TaxCategory', 'TaxExemptionReason') ?? textAt(sub, 'TaxCategory', 'TaxExemptionReasonCode'),
    }),
  );
  const means = all(root, 'PaymentMeans');
  const account = means.map((m) => first(m, 'PayeeFinancialAccount')).find((a) => validIban(textAt(a, 'ID')));
  const totals = first(root, 'LegalMonetaryTotal');

  const fields = compact<ExtractedFields>({
    invoice_number: textAt(root, 'ID'),
    invoice_date: isoDate(textAt(root, 'IssueDate')),
    due_date: isoDate(textAt(root, 'DueDate') ?? textAt(root, 'PaymentMeans', 'PaymentDueDate')),
    biller: party(first(root, 'AccountingSupplierParty', 'Party')),
    recipient: party(first(root, 'AccountingCustomerParty', 'Party')),
    currency,
    net_amount: num(textAt(totals, 'TaxExclusiveAmount')) ?? num(textAt(totals, 'LineExtensionAmount')),
    tax_amount: amountInCurrency(all(root, 'TaxTotal', 'TaxAmount'), currency),
    gross_amount: num(textAt(totals, 'TaxInclusiveAmount')),
    tax_rates: uniqueRates(breakdown.map((b) => b.rate)),
    tax_breakdown: breakdown.length > 0 ? breakdown : undefined,
    line_items: lineItems(root),
    iban: validIban(textAt(account, 'ID')),
    bic: validBic(textAt(account, 'FinancialInstitutionBranch', 'ID')),
    payment_reference: means.map((m) => textAt(m, 'PaymentID')).find((p) => p !== undefined),
  });
  const kind = documentKindOf(textAt(root, 'InvoiceTypeCode|CreditNoteTypeCode'), fields.gross_amount, creditNote);
  return { fields: withDocumentKind(fields, kind), profile: textAt(root, 'CustomizationID'), terms: ublTerms(root) };
}
