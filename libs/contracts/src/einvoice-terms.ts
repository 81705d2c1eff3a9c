/**
 * The business terms of an e-invoice (EN 16931) beyond the booking fields, for the readable invoice view: notes,
 * references, delivery, payment means and terms, document-level allowances and charges, the totals between net
 * and payable, and the attached documents (without their content, which is read from the file when downloaded).
 */
export interface EInvoiceTerms {
  /** BT-22. */
  notes?: string[];
  references?: EInvoiceReference[];
  delivery?: EInvoiceDelivery;
  payment?: EInvoicePayment;
  /** BG-20 (allowances) and BG-21 (charges) of the whole document. */
  allowances_charges?: EInvoiceAllowanceCharge[];
  totals?: EInvoiceTotals;
  /** BG-24. */
  attachments?: EInvoiceAttachmentInfo[];
}

/** BT-10 buyer, BT-11 project, BT-12 contract, BT-13 order, BT-14 sales order, BT-15 receiving advice, BT-16 despatch advice, BT-17 tender, BT-19 buyer accounting, BT-25 preceding invoice. */
export const EINVOICE_REFERENCE_KINDS = [
  'buyer',
  'project',
  'contract',
  'order',
  'salesOrder',
  'receivingAdvice',
  'despatchAdvice',
  'tender',
  'accounting',
  'precedingInvoice',
] as const;
export type EInvoiceReferenceKind = (typeof EINVOICE_REFERENCE_KINDS)[number];

export interface EInvoiceReference {
  kind: EInvoiceReferenceKind;
  value: string;
  /** BT-26: the preceding invoice's date. */
  date?: string;
}

export interface EInvoiceDelivery {
  /** BT-70. */
  party?: string;
  /** BT-72. */
  date?: string;
  /** BT-73 / BT-74. */
  period_start?: string;
  period_end?: string;
  /** BG-15: street, postcode, city, country. */
  address?: string;
}

export interface EInvoicePayment {
  /** BT-81 (UNCL 4461), BT-82. */
  means_code?: string;
  means_text?: string;
  /** BT-20. */
  terms?: string;
  /** BT-91 / BT-89: a direct debit's account and mandate. */
  debited_account?: string;
  mandate?: string;
}

export interface EInvoiceAllowanceCharge {
  charge: boolean;
  amount: number;
  base?: number;
  percent?: number;
  reason?: string;
  reason_code?: string;
  tax_category?: string;
  tax_rate?: number;
}

export interface EInvoiceTotals {
  /** BT-106 … BT-115. */
  line_total?: number;
  allowance_total?: number;
  charge_total?: number;
  prepaid?: number;
  rounding?: number;
  payable?: number;
}

export interface EInvoiceAttachmentInfo {
  /** BT-122. */
  id?: string;
  /** BT-123. */
  description?: string;
  /** BT-125 filename and MIME code; `embedded`: the XML carries the file. */
  filename?: string;
  mime?: string;
  embedded: boolean;
  /** Bytes of the embedded file (its base64 content decoded). */
  size?: number;
  /** BT-124. */
  uri?: string;
}
