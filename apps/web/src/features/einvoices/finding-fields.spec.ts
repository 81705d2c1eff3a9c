import { concerns, viewFieldsOf } from './finding-fields';

const finding = (location: string, en = '') => ({ location, message: { en, de: en } });

describe('the part of the readable invoice a finding concerns', () => {
  it('follows the XPath to a line, a VAT row, a party, the totals or the payment, in UBL and CII', () => {
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:InvoiceLine[2]/cac:Item[1]/cbc:Name[1]'))).toEqual(['line-2']);
    expect(viewFieldsOf(finding('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:IncludedSupplyChainTradeLineItem[3]'))).toEqual(['line-3']);
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:TaxTotal[1]/cac:TaxSubtotal[2]/cac:TaxCategory'))).toEqual(['tax-2']);
    expect(
      viewFieldsOf(finding('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeSettlement/ram:ApplicableTradeTax[1]')),
    ).toEqual(['tax-1']);
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:AccountingSupplierParty/cac:Party/cac:PostalAddress'))).toEqual(['seller']);
    expect(viewFieldsOf(finding('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:BuyerTradeParty'))).toEqual([
      'buyer',
    ]);
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:LegalMonetaryTotal/cbc:PayableAmount'))).toEqual(['totals']);
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:PaymentMeans[1]/cac:PayeeFinancialAccount'))).toEqual(['payment']);
    expect(viewFieldsOf(finding('/ubl:Invoice/cbc:ID'))).toEqual(['number']);
    expect(viewFieldsOf(finding('/rsm:CrossIndustryInvoice/rsm:ExchangedDocument/ram:ID'))).toEqual(['number']);
  });

  it('takes the business terms a message names when the finding sits on the whole invoice', () => {
    expect(
      viewFieldsOf(
        finding('/ubl:Invoice', 'Invoice total amount with VAT (BT-112) = invoice total amount without VAT (BT-109) + invoice total VAT amount (BT-110).'),
      ),
    ).toEqual(['totals']);
    expect(viewFieldsOf(finding('/rsm:CrossIndustryInvoice', 'The buyer reference (BT-10) must be given.'))).toEqual(['buyerReference']);
    expect(viewFieldsOf(finding('/ubl:Invoice', 'The seller (BG-4) and buyer (BT-44) …'))).toEqual(['seller', 'buyer']);
    expect(viewFieldsOf(finding('/ubl:Invoice', 'No business term named'))).toEqual([]);
    expect(viewFieldsOf(finding('/ubl:Invoice', 'Each document level allowance (BG-20) shall have an amount (BT-92).'))).toEqual(['allowances']);
    expect(viewFieldsOf(finding('/ubl:Invoice', 'An attachment (BG-24) needs its identifier (BT-122).'))).toEqual(['attachments']);
  });

  it('finds the references, the delivery and the attachments by their elements', () => {
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:OrderReference/cbc:ID'))).toEqual(['references']);
    expect(viewFieldsOf(finding('/ubl:Invoice/cac:Delivery[1]/cac:DeliveryLocation'))).toEqual(['delivery']);
    expect(
      viewFieldsOf(finding('/rsm:CrossIndustryInvoice/rsm:SupplyChainTradeTransaction/ram:ApplicableHeaderTradeAgreement/ram:AdditionalReferencedDocument[2]')),
    ).toEqual(['attachments']);
  });

  it('counts a finding on all lines or all VAT rows for each of them', () => {
    expect(concerns(['lines'], 'line-4')).toBe(true);
    expect(concerns(['tax-1'], 'tax-2')).toBe(false);
    expect(concerns(['totals'], 'totals')).toBe(true);
  });
});
