/**
 * open-items: one record per booked invoice of a client. Payables come from incoming
 * invoices (ER), receivables from outgoing ones (AR); payments, reminders and blocks are events of the
 * item's own stream (`open-item-<documentId>`). Amounts in the invoice currency; dates YYYY-MM-DD.
 */
export type OpenItemKind = 'payable' | 'receivable';
export type OpenItemStatus = 'open' | 'paid' | 'overpaid';
export const AGEING_BUCKET_KEYS = ['not_due', 'd1_30', 'd31_60', 'd61_90', 'd90_plus'] as const;
export type AgeingBucketKey = (typeof AGEING_BUCKET_KEYS)[number];

export interface OpenItemPayment {
  id: string;
  amount: number;
  /** Skonto the payment earned. */
  discount: number;
  date: string;
  note: string;
  source: { kind: 'manual' | 'bank'; reference: string | null };
  recorded_by: string;
  recorded_at: string;
  cancelled: boolean;
  cancel_reason: string | null;
}

export interface OpenItemRecord {
  /** The invoice's document id. */
  id: number;
  client_no: number;
  kind: OpenItemKind;
  category: 'ER' | 'AR';
  /** Booked, not in the trash: the item is listed (open or settled). */
  listed: boolean;
  /** Listed and not settled. */
  open: boolean;
  status: OpenItemStatus;
  title: string;
  invoice_number: string | null;
  invoice_date: string | null;
  party: string | null;
  currency: string;
  gross: number;
  paid: number;
  discount: number;
  outstanding: number;
  due_date: string | null;
  discount_percent: number | null;
  discount_due_date: string | null;
  payment_reference: string | null;
  iban: string | null;
  dunning_level: number;
  last_dunning_date: string | null;
  blocked: boolean;
  block_reason: string | null;
  payments: OpenItemPayment[];
  booked_at: string | null;
  settled_at: string | null;
  /** The item of a payroll document: only users with dpv see it. */
  payroll?: boolean;
  updated_at: string;
  /** Revision of the item's own stream (-1 before its first payment event). */
  revision: number;
}

export interface LateInterestInfo {
  law: string;
  days: number;
  rate: number;
  interest: number;
  flatFee: number;
}

/** What `open-items` find and get answer per item: the record plus what depends on today's date. */
export interface OpenItem extends OpenItemRecord {
  days_overdue: number;
  bucket: AgeingBucketKey;
  /** The Skonto still available today (0 after the deadline). */
  discount_available: number;
  /** Statutory interest per overdue receivable (AT § 456 UGB, DE § 288 BGB). */
  late_interest: LateInterestInfo | null;
}

export interface AgeingTotals {
  bucket: AgeingBucketKey;
  count: number;
  amount: number;
}

/** `find` answers a page plus the ageing of every open item of the filter (not just the page). */
export interface OpenItemsPage {
  total: number;
  limit: number;
  skip: number;
  data: OpenItem[];
  ageing: AgeingTotals[];
  today: string;
}

/**
 * `open-items` patch data (id = documentId):
 * - `{ action: 'pay', amount, date, note?, paymentId?, source? }`: a payment (full or partial); source
 *   `{ kind: 'bank', reference: <bank transaction id> }` for a matched bank transaction
 * - `{ action: 'cancel-payment', paymentId, reason }`: undo a payment
 * - `{ action: 'dun' }`: the next reminder (receivables)
 * - `{ action: 'block', blocked, reason }`: payment or dunning block
 */
export type OpenItemPatch =
  | { action: 'pay'; amount: number; date: string; note?: string; paymentId?: string; source?: { kind: 'manual' | 'bank'; reference: string | null } }
  | { action: 'cancel-payment'; paymentId: string; reason: string }
  | { action: 'dun' }
  | { action: 'block'; blocked: boolean; reason: string };
