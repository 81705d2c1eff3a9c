import type { ExtractedFields, LineItem, Party, TaxBreakdownLine } from '@portal/contracts';
import { all, attr, first, num, text, textAt, type XmlNode } from './xml-tree';
import { documentKindOf, withDocumentKind } from './document-kind';
import { compact, normalizeVatId, uniqueRates, validBic, validIban } from './values';
import { AGREEMENT, ciiDateOf as date, CONTEXT, DOCUMENT, RATE, SETTLEMENT, SUMMATION, TRANSACTION } from './cii-paths';
import type { ParsedEInvoice } from './parse-ubl';
import { ciiTerms } from './terms-cii';

function party(node: XmlNode | undefined): Party | undefined {
  if (!node) return undefined;
  const address = first(node, 'PostalTradeAddress');
  const vat = all(node, 'SpecifiedTaxRegistration', 'ID').find((id) => attr(id, 'schemeID') === 'VA');
  const result = compact<Party>({
    name: textAt(node, 'Name'),
    street: textAt(address, 'LineOne'),
    postcode: textAt(address, 'PostcodeCode'),
    city: textAt(address, 'CityName'),
    country: textAt(address, 'CountryID'),
    vat_id: normalizeVatId(text(vat)),
  });
  return Object.keys(result).length > 0 ? result : undefined;
}

function amountInCurrency(nodes: XmlNode[], currency: string | undefined): number | undefined {
  const match = nodes.find((n) => !currency || !attr(n, 'currencyID') || attr(n, 'currencyID') === currency);
  return num(text(match ?? nodes[0]));
}

function lineItems(transaction: XmlNode | undefined): LineItem[] | undefined {
  const lines = all(transaction, 'IncludedSupplyChainTradeLineItem').map((line) => {
    const agreement = first(line, 'SpecifiedLineTradeAgreement|SpecifiedSupplyChainTradeAgreement');
    const delivery = first(line, 'SpecifiedLineTradeDelivery|SpecifiedSupplyChainTradeDelivery');
    const settlement = first(line, 'SpecifiedLineTradeSettlement|SpecifiedSupplyChainTradeSettlement');
    const quantity = first(delivery, 'BilledQuantity');
    const name = textAt(line, 'SpecifiedTradeProduct', 'Name');
    return compact<LineItem>({
      position: textAt(line, 'AssociatedDocumentLineDocument', 'LineID'),
      description: name ?? textAt(line, 'SpecifiedTradeProduct', 'Description') ?? '',
      item_description: name ? textAt(line, 'SpecifiedTradeProduct', 'Description') : undefined,
      item_id: textAt(line, 'SpecifiedTradeProduct', 'SellerAssignedID'),
      note: textAt(line, 'AssociatedDocumentLineDocument', 'IncludedNote', 'Content'),
      quantity: num(text(quantity)),
      unit: attr(quantity, 'unitCode'),
      unit_price: num(textAt(agreement, 'NetPriceProductTradePrice', 'ChargeAmount')),
      net_amount: num(textAt(settlement, 'SpecifiedTradeSettlementLineMonetarySummation|SpecifiedTradeSettlementMonetarySummation', 'LineTotalAmount')),
      tax_rate: num(textAt(settlement, 'ApplicableTradeTax', RATE)),
    });
  });
  return lines.length > 0 ? lines : undefined;
}

/** UN/CEFACT CII CrossIndustryInvoice (and ZUGFeRD 1 CrossIndustryDocument), root element passed in. */
export function parseCii(root: XmlNode): ParsedEInvoice {
  const transaction = first(root, TRANSACTION);
  const agreement = first(transaction, AGREEMENT);
  const settlement = first(transaction, SETTLEMENT);
  const sums = first(settlement, SUMMATION);
  const currency = textAt(settlement, 'InvoiceCurrencyCode');
  const breakdown: TaxBreakdownLine[] = all(settlement, 'ApplicableTradeTax').map((tax) =>
    compact<TaxBreakdownLine>({
      rate: num(textAt(tax, RATE)) ?? 0,
      net: num(textAt(tax, 'BasisAmount')) ?? 0,
      tax: num(textAt(tax, 'CalculatedAmount')) ?? 0,
      category: textAt(tax, 'CategoryCode'),
      exemption_reason: textAt(tax, 'ExemptionReason') ?? textAt(tax, 'ExemptionReasonCode'),
    }),
  );
  // BT-84: the first payment means names the payee account, whether as IBANID or as ProprietaryID.
  const payee = first(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const account = first(payee, 'PayeePartyCreditorFinancialAccount');

  const fields = compact<ExtractedFields>({
    invoice_number: textAt(root, DOCUMENT, 'ID'),
    invoice_date: date(first(root, DOCUMENT, 'IssueDateTime')),
    due_date: all(settlement, 'SpecifiedTradePaymentTerms', 'DueDateDateTime')
      .map(date)
      .find((d) => d !== undefined),
    biller: party(first(agreement, 'SellerTradeParty')),
    recipient: party(first(agreement, 'BuyerTradeParty')),
    currency,
    net_amount: num(textAt(sums, 'TaxBasisTotalAmount')) ?? num(textAt(sums, 'LineTotalAmount')),
    tax_amount: amountInCurrency(all(sums, 'TaxTotalAmount'), currency),
    gross_amount: num(textAt(sums, 'GrandTotalAmount')),
    tax_rates: uniqueRates(breakdown.map((b) => b.rate)),
    tax_breakdown: breakdown.length > 0 ? breakdown : undefined,
    line_items: lineItems(transaction),
    iban: validIban(textAt(account, 'IBANID')) ?? validIban(textAt(account, 'ProprietaryID')),
    bic: validBic(textAt(payee, 'PayeeSpecifiedCreditorFinancialInstitution', 'BICID')),
    payment_reference: textAt(settlement, 'PaymentReference'),
  });
  const kind = documentKindOf(textAt(root, DOCUMENT, 'TypeCode'), fields.gross_amount);
  return { fields: withDocumentKind(fields, kind), profile: textAt(root, CONTEXT, 'GuidelineSpecifiedDocumentContextParameter', 'ID'), terms: ciiTerms(root) };
}
