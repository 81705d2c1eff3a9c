import type { EInvoiceFinding } from '@portal/contracts';

/**
 * A part of the readable invoice view a finding can concern: the header values, the parties, one line or one
 * VAT breakdown row (by position, 1-based), the totals, the payment, the notes, the references, the delivery,
 * the document's allowances and charges, and its attachments.
 */
export type InvoiceViewField =
  | 'number'
  | 'date'
  | 'due'
  | 'buyerReference'
  | 'seller'
  | 'buyer'
  | 'lines'
  | `line-${number}`
  | 'taxes'
  | `tax-${number}`
  | 'totals'
  | 'payment'
  | 'notes'
  | 'references'
  | 'delivery'
  | 'allowances'
  | 'attachments';

/** XPath steps (local names) of UBL and CII and the view field they belong to; the first match from the leaf up wins. */
const STEP_FIELDS: ReadonlyArray<[RegExp, (index: number | null) => InvoiceViewField]> = [
  [/^(InvoiceLine|CreditNoteLine|IncludedSupplyChainTradeLineItem)$/, (i) => (i === null ? 'lines' : `line-${i}`)],
  [/^(TaxSubtotal)$/, (i) => (i === null ? 'taxes' : `tax-${i}`)],
  [
    /^(AccountingSupplierParty|SellerTradeParty|PayeeParty|PayeeTradeParty|SellerTaxRepresentativeParty|TaxRepresentativeParty|SellerTaxRepresentativeTradeParty)$/,
    () => 'seller',
  ],
  [/^(AccountingCustomerParty|BuyerTradeParty)$/, () => 'buyer'],
  [/^(LegalMonetaryTotal|SpecifiedTradeSettlementHeaderMonetarySummation)$/, () => 'totals'],
  [/^(PaymentMeans|SpecifiedTradeSettlementPaymentMeans|PayeeFinancialAccount|PayeePartyCreditorFinancialAccount)$/, () => 'payment'],
  [/^(PaymentTerms|SpecifiedTradePaymentTerms|DueDate|DueDateDateTime)$/, () => 'due'],
  [/^(BuyerReference)$/, () => 'buyerReference'],
  [/^(Delivery|ApplicableHeaderTradeDelivery|InvoicePeriod|BillingSpecifiedPeriod)$/, () => 'delivery'],
  [/^(AdditionalDocumentReference|AdditionalReferencedDocument)$/, () => 'attachments'],
  [
    /^(OrderReference|ContractDocumentReference|ProjectReference|BillingReference|DespatchDocumentReference|ReceiptDocumentReference|OriginatorDocumentReference|BuyerOrderReferencedDocument|SellerOrderReferencedDocument|ContractReferencedDocument|SpecifiedProcuringProject|InvoiceReferencedDocument|AccountingCost)$/,
    () => 'references',
  ],
  [/^(IssueDate|IssueDateTime)$/, () => 'date'],
];

/** Business terms (EN 16931 BT / BG numbers) and the view field that shows them. */
const TERM_FIELDS: ReadonlyArray<[kind: 'BT' | 'BG', from: number, to: number, field: InvoiceViewField]> = [
  ['BT', 1, 1, 'number'],
  ['BT', 2, 2, 'date'],
  ['BT', 9, 9, 'due'],
  ['BT', 20, 20, 'due'],
  ['BT', 10, 10, 'buyerReference'],
  ['BT', 11, 19, 'references'],
  ['BT', 22, 22, 'notes'],
  ['BT', 25, 26, 'references'],
  ['BT', 70, 80, 'delivery'],
  ['BT', 92, 105, 'allowances'],
  ['BT', 122, 125, 'attachments'],
  ['BT', 27, 43, 'seller'],
  ['BT', 59, 63, 'seller'],
  ['BT', 44, 58, 'buyer'],
  ['BT', 81, 91, 'payment'],
  ['BT', 106, 115, 'totals'],
  ['BT', 116, 121, 'taxes'],
  ['BT', 126, 160, 'lines'],
  ['BG', 4, 6, 'seller'],
  ['BG', 7, 9, 'buyer'],
  ['BG', 10, 11, 'seller'],
  ['BG', 1, 1, 'notes'],
  ['BG', 3, 3, 'references'],
  ['BG', 13, 15, 'delivery'],
  ['BG', 16, 19, 'payment'],
  ['BG', 20, 21, 'allowances'],
  ['BG', 24, 24, 'attachments'],
  ['BG', 22, 22, 'totals'],
  ['BG', 23, 23, 'taxes'],
  ['BG', 25, 31, 'lines'],
];

type Step = { name: string; index: number | null };

function stepsOf(location: string): Step[] {
  return location
    .split('/')
    .filter(Boolean)
    .map((step) => {
      const match = /^(?:[\w.-]+:)?([\w.-]+)(?:\[(\d+)\])?/.exec(step);
      return { name: match?.[1] ?? step, index: match?.[2] ? Number(match[2]) : null };
    });
}

function fromLocation(location: string): InvoiceViewField | null {
  const steps = stepsOf(location);
  // The invoice number: the ID right below the root (UBL) or of the exchanged document (CII).
  const last = steps[steps.length - 1];
  if (last?.name === 'ID' && (steps.length === 2 || (steps.length === 3 && steps[1]!.name === 'ExchangedDocument'))) return 'number';
  for (let i = steps.length - 1; i >= 1; i--) {
    const step = steps[i]!;
    if (step.name === 'ApplicableTradeTax' && steps[i - 1]?.name === 'ApplicableHeaderTradeSettlement')
      return step.index === null ? 'taxes' : `tax-${step.index}`;
    for (const [pattern, field] of STEP_FIELDS) if (pattern.test(step.name)) return field(step.index);
  }
  return null;
}

function fromTerms(message: string): InvoiceViewField[] {
  const fields = new Set<InvoiceViewField>();
  for (const match of message.matchAll(/\b(BT|BG)-(\d+)\b/g)) {
    const kind = match[1] as 'BT' | 'BG';
    const n = Number(match[2]);
    for (const [k, from, to, field] of TERM_FIELDS) if (k === kind && n >= from && n <= to) fields.add(field);
  }
  return [...fields];
}

/**
 * The parts of the readable view a finding concerns: where its XPath points (a line, a VAT row, a party),
 * else the business terms its message names (BR-CO-15 names BT-112, BT-109 and BT-110: the totals).
 */
export function viewFieldsOf(finding: Pick<EInvoiceFinding, 'location' | 'message'>): InvoiceViewField[] {
  const located = fromLocation(finding.location);
  if (located) return [located];
  return fromTerms(finding.message.en);
}

/** Whether a view field is concerned, a line or VAT row also when the finding concerns all of them. */
export function concerns(fields: readonly InvoiceViewField[], field: InvoiceViewField): boolean {
  if (fields.includes(field)) return true;
  if (field.startsWith('line-')) return fields.includes('lines');
  if (field.startsWith('tax-')) return fields.includes('taxes');
  return false;
}
