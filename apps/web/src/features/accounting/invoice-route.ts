import type { FilingCategoryCode } from '@portal/contracts';

/** URL document types of spec §2 (lower case) and the documents tab each lists. */
export const INVOICE_TYPES = { er_u: 'ER_U', ar_u: 'AR_U', er: 'ER', ar: 'AR', ka: 'KA', other: 'Other' } as const satisfies Record<string, FilingCategoryCode>;
export type InvoiceType = keyof typeof INVOICE_TYPES;

/** Spec §2 / 9: document_type defaults to er_u. */
export const DEFAULT_INVOICE_TYPE: InvoiceType = 'er_u';

export function isInvoiceType(value: unknown): value is InvoiceType {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(INVOICE_TYPES, value);
}

/** The route's document_type; missing or unknown means er_u. */
export function invoiceType(param: string | undefined): InvoiceType {
  const lower = param?.toLowerCase();
  return isInvoiceType(lower) ? lower : DEFAULT_INVOICE_TYPE;
}

export function tabOf(type: InvoiceType): FilingCategoryCode {
  return INVOICE_TYPES[type];
}

export function typeOf(category: FilingCategoryCode): InvoiceType {
  return (Object.keys(INVOICE_TYPES) as InvoiceType[]).find((t) => INVOICE_TYPES[t] === category) ?? DEFAULT_INVOICE_TYPE;
}

/** Spec §2: document_id is a number, 0 if missing (0 = the first of the list). */
export function documentIdOf(param: string | undefined): number {
  if (!param || !/^\d+$/.test(param)) return 0;
  const n = Number(param);
  return Number.isSafeInteger(n) ? n : 0;
}

export function invoicePath(client: number | string, type: InvoiceType, documentId?: number): string {
  return documentId ? `/invoices/${client}/${type}/${documentId}` : `/invoices/${client}/${type}`;
}

/** Incoming invoices: suppliers, expense accounts, payment QR. Outgoing: customers. */
export function isIncoming(category: FilingCategoryCode): boolean {
  return category === 'ER_U' || category === 'ER';
}
