import type { EInvoiceAllowanceCharge, EInvoiceAttachmentInfo, EInvoiceTerms } from '@portal/contracts';
import { all, attr, first, num, text, textAt, type XmlNode } from './xml-tree';
import { compact, isoDate } from './values';
import { addressLine, attachmentInfo, nonEmpty, nonEmptyObject, reference, references } from './terms-shared';

function allowancesCharges(root: XmlNode): EInvoiceAllowanceCharge[] {
  return all(root, 'AllowanceCharge').map((ac) =>
    compact<EInvoiceAllowanceCharge>({
      charge: textAt(ac, 'ChargeIndicator')?.toLowerCase() === 'true',
      amount: num(textAt(ac, 'Amount')) ?? 0,
      base: num(textAt(ac, 'BaseAmount')),
      percent: num(textAt(ac, 'MultiplierFactorNumeric')),
      reason: textAt(ac, 'AllowanceChargeReason'),
      reason_code: textAt(ac, 'AllowanceChargeReasonCode'),
      tax_category: textAt(ac, 'TaxCategory', 'ID'),
      tax_rate: num(textAt(ac, 'TaxCategory', 'Percent')),
    }),
  );
}

/** The additional documents a UBL invoice attaches (BG-24), in their order; invoiced-object identifiers (BT-18, DocumentTypeCode 130) are references, not attachments. */
export const ublAttachmentElements = (root: XmlNode): XmlNode[] =>
  all(root, 'AdditionalDocumentReference').filter((ref) => textAt(ref, 'DocumentTypeCode') !== '130');

/** The embedded file of a UBL attachment (BT-125), if it carries one. */
export const ublAttachmentBinary = (ref: XmlNode): XmlNode | undefined => first(ref, 'Attachment', 'EmbeddedDocumentBinaryObject');

function attachments(root: XmlNode): EInvoiceAttachmentInfo[] {
  return ublAttachmentElements(root).map((ref) =>
    attachmentInfo({
      id: textAt(ref, 'ID'),
      description: textAt(ref, 'DocumentDescription'),
      binary: ublAttachmentBinary(ref),
      uri: textAt(ref, 'Attachment', 'ExternalReference', 'URI'),
    }),
  );
}

/** The business terms of a UBL Invoice or CreditNote beyond the booking fields. */
export function ublTerms(root: XmlNode): EInvoiceTerms {
  const delivery = first(root, 'Delivery');
  const location = first(delivery, 'DeliveryLocation', 'Address');
  const period = first(root, 'InvoicePeriod');
  const means = first(root, 'PaymentMeans');
  const meansCode = first(means, 'PaymentMeansCode');
  const totals = first(root, 'LegalMonetaryTotal');
  const billing = all(root, 'BillingReference', 'InvoiceDocumentReference');
  return compact<EInvoiceTerms>({
    notes: nonEmpty(
      all(root, 'Note')
        .map(text)
        .filter((n): n is string => n !== undefined),
    ),
    references: references([
      reference('buyer', textAt(root, 'BuyerReference')),
      reference('project', textAt(root, 'ProjectReference', 'ID')),
      reference('contract', textAt(root, 'ContractDocumentReference', 'ID')),
      reference('order', textAt(root, 'OrderReference', 'ID')),
      reference('salesOrder', textAt(root, 'OrderReference', 'SalesOrderID')),
      reference('receivingAdvice', textAt(root, 'ReceiptDocumentReference', 'ID')),
      reference('despatchAdvice', textAt(root, 'DespatchDocumentReference', 'ID')),
      reference('tender', textAt(root, 'OriginatorDocumentReference', 'ID')),
      reference('accounting', textAt(root, 'AccountingCost')),
      ...billing.map((b) => reference('precedingInvoice', textAt(b, 'ID'), isoDate(textAt(b, 'IssueDate')))),
    ]),
    delivery: nonEmptyObject({
      party: textAt(root, 'Delivery', 'DeliveryParty', 'PartyName', 'Name'),
      date: isoDate(textAt(delivery, 'ActualDeliveryDate')),
      period_start: isoDate(textAt(period, 'StartDate')),
      period_end: isoDate(textAt(period, 'EndDate')),
      address: addressLine([
        textAt(location, 'StreetName'),
        textAt(location, 'PostalZone'),
        textAt(location, 'CityName'),
        textAt(location, 'Country', 'IdentificationCode'),
      ]),
    }),
    payment: nonEmptyObject({
      means_code: text(meansCode),
      means_text: attr(meansCode, 'name'),
      terms: textAt(root, 'PaymentTerms', 'Note'),
      debited_account: textAt(means, 'PaymentMandate', 'PayerFinancialAccount', 'ID'),
      mandate: textAt(means, 'PaymentMandate', 'ID'),
    }),
    allowances_charges: nonEmpty(allowancesCharges(root)),
    totals: nonEmptyObject({
      line_total: num(textAt(totals, 'LineExtensionAmount')),
      allowance_total: num(textAt(totals, 'AllowanceTotalAmount')),
      charge_total: num(textAt(totals, 'ChargeTotalAmount')),
      prepaid: num(textAt(totals, 'PrepaidAmount')),
      rounding: num(textAt(totals, 'PayableRoundingAmount')),
      payable: num(textAt(totals, 'PayableAmount')),
    }),
    attachments: nonEmpty(attachments(root)),
  });
}
