import type { DomainEvent } from '../shared/decider';

/** Where a payment came from: typed by a person, or a confirmed match of a bank transaction (banking). */
export interface PaymentSource {
  kind: 'manual' | 'bank';
  /** The bank transaction id for `bank`; null for manual payments. One active payment per reference. */
  reference: string | null;
}

/**
 * A payment against one open item (a booked invoice). `amount` is always positive and settles the item
 * towards zero; `discount` is the cash discount (Skonto) the payment earned, decided when it was recorded.
 */
export type PaymentRecorded = DomainEvent<
  'PaymentRecorded',
  { paymentId: string; documentId: number; clientNo: number; amount: number; discount: number; date: string; note: string; source: PaymentSource }
>;
/** Undoes a payment (a wrong entry, or a bank match taken back). */
export type PaymentCancelled = DomainEvent<'PaymentCancelled', { paymentId: string; reason: string }>;
/** A reminder sent for an overdue receivable: level 1 to 3. */
export type DunningRecorded = DomainEvent<'DunningRecorded', { level: number; date: string }>;
/** Payment block (payables: do not pay) or dunning block (receivables: do not remind). */
export type PaymentBlockChanged = DomainEvent<'PaymentBlockChanged', { blocked: boolean; reason: string }>;

export type OpenItemEvent = PaymentRecorded | PaymentCancelled | DunningRecorded | PaymentBlockChanged;

export const OPEN_ITEM_EVENT_TYPES = ['PaymentRecorded', 'PaymentCancelled', 'DunningRecorded', 'PaymentBlockChanged'] as const;

/** One stream per open item, named after the invoice it comes from. */
export const openItemStreamId = (documentId: number) => `open-item-${documentId}`;
export const documentIdOfOpenItemStream = (streamId: string) => Number(streamId.replace(/^open-item-/, ''));
