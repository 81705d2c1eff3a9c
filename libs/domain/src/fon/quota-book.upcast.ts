import { quotaBookOf, type QuotaBookEvent } from './quota-book.events';

/** The quota-book events that name an item (and a conflict, whose id starts with its item's id). */
export const QUOTA_BOOK_ITEM_EVENT_TYPES = [
  'FonItemFonChanged',
  'FonItemNtcsChanged',
  'FonConflictOpened',
  'FonConflictClosed',
  'FonConflictResolvedManually',
  'FonItemRelevanceSet',
] as const satisfies readonly QuotaBookEvent['type'][];

/**
 * Before item ids named the firm, an item was `<taxYear>:<taxId digits>:<returnType>`: three parts. A firm-scoped
 * id has the firm in front, so it has at least four, whatever the firm id looks like (a firm id "2024" too).
 */
const isYearScoped = (itemId: string) => {
  const parts = itemId.split(':');
  return parts.length === 3 && /^\d+$/.test(parts[0]!);
};

/** `<itemId>|<kind>|<field>|<n>` with its item id firm-scoped. */
function firmScopedConflictId(conflictId: string, firmId: string): string {
  const cut = conflictId.indexOf('|');
  const itemId = cut < 0 ? conflictId : conflictId.slice(0, cut);
  return isYearScoped(itemId) ? `${firmId}:${conflictId}` : conflictId;
}

/**
 * A quota-book event as today's shape, given the book's stream id: events recorded before item ids named the
 * firm carry `<taxYear>:<taxId>:<returnType>`, read here as `<firmId>:<taxYear>:<taxId>:<returnType>` (the firm of
 * the book), and so are the conflict ids starting with them. The log is never rewritten; this runs wherever
 * stored events are read back. An event of today's shape (or of another stream or type) is answered as the same
 * object, so reading an event twice changes nothing.
 */
export function upcastQuotaBookEvent<Stored extends { type: string; data: unknown }>(streamId: string, stored: Stored): Stored {
  if (!(QUOTA_BOOK_ITEM_EVENT_TYPES as readonly string[]).includes(stored.type)) return stored;
  const data = stored.data as { itemId?: unknown; conflictId?: unknown };
  // Today's events (nearly all of them) leave after the item id's check, before the stream id is parsed.
  if (typeof data.itemId !== 'string' || !isYearScoped(data.itemId)) return stored;
  const book = quotaBookOf(streamId);
  if (!book) return stored;
  const itemId = `${book.firmId}:${data.itemId}`;
  const conflictId = typeof data.conflictId === 'string' ? { conflictId: firmScopedConflictId(data.conflictId, book.firmId) } : {};
  return { ...stored, data: { ...data, itemId, ...conflictId } };
}
