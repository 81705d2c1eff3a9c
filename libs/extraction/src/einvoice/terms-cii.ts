import type { EInvoiceAllowanceCharge, EInvoiceAttachmentInfo, EInvoiceTerms } from '@portal/contracts';
import { all, first, num, text, textAt, type XmlNode } from './xml-tree';
import { compact } from './values';
import { AGREEMENT, ciiDateOf, DELIVERY, DOCUMENT, SETTLEMENT, SUMMATION, TRANSACTION } from './cii-paths';
import { addressLine, attachmentInfo, nonEmpty, nonEmptyObject, reference, references } from './terms-shared';

/** UNTDID 1001 codes of additional referenced documents: 50 a tender, 130 an invoiced object, 916 an attachment. */
const TENDER = '50';
const ATTACHMENT = '916';

function allowancesCharges(settlement: XmlNode | undefined): EInvoiceAllowanceCharge[] {
  return all(settlement, 'SpecifiedTradeAllowanceCharge').map((ac) =>
    compact<EInvoiceAllowanceCharge>({
      charge: textAt(ac, 'ChargeIndicator', 'Indicator')?.toLowerCase() === 'true',
      amount: num(textAt(ac, 'ActualAmount')) ?? 0,
      base: num(textAt(ac, 'BasisAmount')),
      percent: num(textAt(ac, 'CalculationPercent')),
      reason: textAt(ac, 'Reason'),
      reason_code: textAt(ac, 'ReasonCode'),
      tax_category: textAt(ac, 'CategoryTradeTax', 'CategoryCode'),
      tax_rate: num(textAt(ac, 'CategoryTradeTax', 'RateApplicablePercent')),
    }),
  );
}

/** The documents a CII invoice attaches (BG-24: additional referenced documents of type 916), in their order. */
export const ciiAttachmentElements = (agreement: XmlNode | undefined): XmlNode[] =>
  all(agreement, 'AdditionalReferencedDocument').filter((doc) => textAt(doc, 'TypeCode') === ATTACHMENT);

/** The embedded file of a CII attachment (BT-125), if it carries one. */
export const ciiAttachmentBinary = (doc: XmlNode): XmlNode | undefined => first(doc, 'AttachmentBinaryObject');

function attachments(agreement: XmlNode | undefined): EInvoiceAttachmentInfo[] {
  return ciiAttachmentElements(agreement).map((doc) =>
    attachmentInfo({ id: textAt(doc, 'IssuerAssignedID'), description: textAt(doc, 'Name'), binary: ciiAttachmentBinary(doc), uri: textAt(doc, 'URIID') }),
  );
}

/** The business terms of a CII CrossIndustryInvoice beyond the booking fields. */
export function ciiTerms(root: XmlNode): EInvoiceTerms {
  const transaction = first(root, TRANSACTION);
  const agreement = first(transaction, AGREEMENT);
  const delivery = first(transaction, DELIVERY);
  const settlement = first(transaction, SETTLEMENT);
  const sums = first(settlement, SUMMATION);
  const means = first(settlement, 'SpecifiedTradeSettlementPaymentMeans');
  const paymentTerms = first(settlement, 'SpecifiedTradePaymentTerms');
  const shipTo = first(delivery, 'ShipToTradeParty');
  const shipAddress = first(shipTo, 'PostalTradeAddress');
  const period = first(settlement, 'BillingSpecifiedPeriod');
  const tender = all(agreement, 'AdditionalReferencedDocument').find((doc) => textAt(doc, 'TypeCode') === TENDER);
  return compact<EInvoiceTerms>({
    notes: nonEmpty(
      all(root, DOCUMENT, 'IncludedNote', 'Content')
        .map(text)
        .filter((n): n is string => n !== undefined),
    ),
    references: references([
      reference('buyer', textAt(agreement, 'BuyerReference')),
      reference('project', textAt(agreement, 'SpecifiedProcuringProject', 'ID')),
      reference('contract', textAt(agreement, 'ContractReferencedDocument', 'IssuerAssignedID')),
      reference('order', textAt(agreement, 'BuyerOrderReferencedDocument', 'IssuerAssignedID')),
      reference('salesOrder', textAt(agreement, 'SellerOrderReferencedDocument', 'IssuerAssignedID')),
      reference('receivingAdvice', textAt(delivery, 'ReceivingAdviceReferencedDocument', 'IssuerAssignedID')),
      reference('despatchAdvice', textAt(delivery, 'DespatchAdviceReferencedDocument', 'IssuerAssignedID')),
      reference('tender', textAt(tender, 'IssuerAssignedID')),
      reference('accounting', textAt(settlement, 'ReceivableSpecifiedTradeAccountingAccount', 'ID')),
      ...all(settlement, 'InvoiceReferencedDocument').map((doc) =>
        reference('precedingInvoice', textAt(doc, 'IssuerAssignedID'), ciiDateOf(first(doc, 'FormattedIssueDateTime'))),
      ),
    ]),
    delivery: nonEmptyObject({
      party: textAt(shipTo, 'Name'),
      date: ciiDateOf(first(delivery, 'ActualDeliverySupplyChainEvent', 'OccurrenceDateTime')),
      period_start: ciiDateOf(first(period, 'StartDateTime')),
      period_end: ciiDateOf(first(period, 'EndDateTime')),
      address: addressLine([
        textAt(shipAddress, 'LineOne'),
        textAt(shipAddress, 'PostcodeCode'),
        textAt(shipAddress, 'CityName'),
        textAt(shipAddress, 'CountryID'),
      ]),
    }),
    payment: nonEmptyObject({
      means_code: textAt(means, 'TypeCode'),
      means_text: textAt(means, 'Information'),
      terms: textAt(paymentTerms, 'Description'),
      debited_account: textAt(means, 'PayerPartyDebtorFinancialAccount', 'IBANID'),
      mandate: textAt(paymentTerms, 'DirectDebitMandateID'),
    }),
    allowances_charges: nonEmpty(allowancesCharges(settlement)),
    totals: nonEmptyObject({
      line_total: num(textAt(sums, 'LineTotalAmount')),
      allowance_total: num(textAt(sums, 'AllowanceTotalAmount')),
      charge_total: num(textAt(sums, 'ChargeTotalAmount')),
      prepaid: num(textAt(sums, 'TotalPrepaidAmount')),
      rounding: num(textAt(sums, 'RoundingAmount')),
      payable: num(textAt(sums, 'DuePayableAmount')),
    }),
    attachments: nonEmpty(attachments(agreement)),
  });
}
