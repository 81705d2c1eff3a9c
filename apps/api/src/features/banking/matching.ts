import type { BankTransaction, MatchSuggestion, OpenItemRecord } from '@portal/contracts';
import { MIN_REFERENCE_KEY, referenceKey } from '@portal/domain';

export type MatchableItem = Pick<
  OpenItemRecord,
  'id' | 'kind' | 'outstanding' | 'gross' | 'invoice_number' | 'payment_reference' | 'iban' | 'party' | 'discount_percent' | 'discount_due_date' | 'title'
>;
export type MatchableTransaction = Pick<
  BankTransaction,
  'id' | 'amount_cents' | 'matched_cents' | 'remittance' | 'reference' | 'end_to_end_id' | 'counterparty_iban' | 'counterparty_name' | 'booking_date'
>;

/** Below this confidence nothing is suggested (an amount alone is 30). */
export const MIN_CONFIDENCE = 30;
const WEIGHTS = { reference: 50, 'invoice-number': 40, amount: 30, 'amount-skonto': 25, iban: 20, name: 10 } as const;

const norm = (text: string | null | undefined) => (text ?? '').toUpperCase().replace(/[^A-Z0-9ÄÖÜ]/g, '');
const cents = (amount: number) => Math.round(amount * 100);
const words = (text: string) =>
  text
    .toUpperCase()
    .split(/[^A-Z0-9ÄÖÜß]+/)
    .filter((w) => w.length >= 3);

/** Runs of up to seven neighbouring tokens are joined: "RE 2026 0042" finds "RE20260042", "RF18 5390 0754 7034" an RF reference. */
const MAX_RUN = 7;

/** Whole tokens and runs of neighbours joined, each by its reference key ("RE 2026 0042" also as "20260042"). */
function tokensOf(tx: MatchableTransaction): Set<string> {
  const out = new Set<string>();
  for (const text of [tx.remittance, tx.reference, tx.end_to_end_id]) {
    if (!text) continue;
    const parts = text
      .toUpperCase()
      .split(/[\s,;:/()]+/)
      .map(norm)
      .filter(Boolean);
    parts.forEach((p, i) => {
      let run = p;
      out.add(referenceKey(run));
      for (let j = i + 1; j < parts.length && j < i + MAX_RUN; j++) out.add(referenceKey((run += parts[j])));
    });
  }
  return out;
}

/** The Skonto an item's terms allow, in cents (0 without terms). */
function termsSkontoCents(item: MatchableItem): number {
  if (!item.discount_percent || !item.discount_due_date || item.outstanding <= 0) return 0;
  const eligible = cents((item.gross * item.discount_percent) / 100);
  return eligible < cents(item.outstanding) ? eligible : 0;
}

/** The Skonto a payment booked on `date` may deduct: none after the deadline. */
const skontoCents = (item: MatchableItem, date: string) => (item.discount_due_date && date <= item.discount_due_date ? termsSkontoCents(item) : 0);

/**
 * Indexes open items by amount (also less Skonto), reference, invoice number and IBAN once, so suggesting for
 * 10,000 transactions against 20,000 items scores only each transaction's candidates. Whether Skonto applies is
 * decided by each transaction's booking date, not by the day the suggestions are made.
 */
export class OpenItemIndex {
  private readonly byAmount = new Map<number, MatchableItem[]>();
  private readonly byToken = new Map<string, MatchableItem[]>();
  private readonly byIban = new Map<string, MatchableItem[]>();

  constructor(private readonly items: readonly MatchableItem[]) {
    const add = (map: Map<string | number, MatchableItem[]>, key: string | number, item: MatchableItem) => {
      const list = map.get(key);
      if (list) list.push(item);
      else map.set(key, [item]);
    };
    for (const item of items) {
      const open = cents(item.outstanding);
      add(this.byAmount as Map<string | number, MatchableItem[]>, open, item);
      const skonto = termsSkontoCents(item);
      if (skonto > 0) add(this.byAmount as Map<string | number, MatchableItem[]>, open - skonto, item);
      for (const key of [referenceKey(item.payment_reference), referenceKey(item.invoice_number)])
        if (key.length >= MIN_REFERENCE_KEY) add(this.byToken as Map<string | number, MatchableItem[]>, key, item);
      if (item.iban) add(this.byIban as Map<string | number, MatchableItem[]>, norm(item.iban), item);
    }
  }

  get size(): number {
    return this.items.length;
  }

  /** Suggestions for one transaction, best first. */
  suggest(tx: MatchableTransaction, limit = 5): MatchSuggestion[] {
    const left = tx.amount_cents - tx.matched_cents;
    if (left === 0) return [];
    const kind = left > 0 ? 'receivable' : 'payable';
    const magnitude = Math.abs(left);
    const candidates = new Set<MatchableItem>(this.byAmount.get(magnitude) ?? []);
    const tokens = tokensOf(tx);
    for (const t of tokens) for (const item of this.byToken.get(t) ?? []) candidates.add(item);
    if (tx.counterparty_iban) for (const item of this.byIban.get(norm(tx.counterparty_iban)) ?? []) candidates.add(item);
    const partyWords = new Set(words(tx.counterparty_name));
    const out: MatchSuggestion[] = [];
    for (const item of candidates) {
      if (item.kind !== kind || item.outstanding <= 0) continue;
      const reasons: MatchSuggestion['reasons'] = [];
      const ref = referenceKey(item.payment_reference);
      const number = referenceKey(item.invoice_number);
      if (ref.length >= MIN_REFERENCE_KEY && tokens.has(ref)) reasons.push('reference');
      if (number.length >= MIN_REFERENCE_KEY && number !== ref && tokens.has(number)) reasons.push('invoice-number');
      const open = cents(item.outstanding);
      const skonto = skontoCents(item, tx.booking_date);
      if (magnitude === open) reasons.push('amount');
      else if (skonto > 0 && magnitude === open - skonto) reasons.push('amount-skonto');
      if (item.iban && tx.counterparty_iban && norm(item.iban) === norm(tx.counterparty_iban)) reasons.push('iban');
      if (item.party && words(item.party).some((w) => partyWords.has(w))) reasons.push('name');
      const confidence = Math.min(
        100,
        reasons.reduce((s, r) => s + WEIGHTS[r], 0),
      );
      if (confidence < MIN_CONFIDENCE) continue;
      const pays = reasons.includes('amount-skonto') ? open - skonto : Math.min(open, magnitude);
      out.push({
        id: `${tx.id}:${item.id}`,
        transaction_id: tx.id,
        open_item_id: String(item.id),
        label: [item.invoice_number ?? item.title, item.party].filter(Boolean).join(' · '),
        open_cents: open,
        amount_cents: Math.sign(left) * Math.min(pays, magnitude),
        skonto_cents: reasons.includes('amount-skonto') ? skonto : 0,
        confidence,
        reasons,
      });
    }
    return out.sort((a, b) => b.confidence - a.confidence || a.open_item_id.localeCompare(b.open_item_id)).slice(0, limit);
  }
}
