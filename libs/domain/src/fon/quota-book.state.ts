import type { FonConflictStatus } from '@portal/contracts';
import { Map as PersistentMap, OrderedMap as PersistentOrderedMap } from 'immutable';
import type { DetectedConflict, FonSide, NtcsSide } from './fon-records.rules';
import type { ItemKey, QuotaBookEvent } from './quota-book.events';

export interface ConflictState extends DetectedConflict {
  id: string;
  itemId: string;
  status: FonConflictStatus;
}

export interface ItemState extends ItemKey {
  fon: FonSide | null;
  ntcs: NtcsSide | null;
  notRelevant: boolean;
}

/**
 * Persistent maps: a book holds thousands of returns, and an event changes one entry without copying the
 * others (structural sharing), so loading a stream stays linear and a cached state is never changed.
 */
export interface QuotaBookState {
  /** In the order the book first saw them: imports list their returns in that order. */
  items: PersistentOrderedMap<string, ItemState>;
  /** By conflict id. */
  conflicts: PersistentMap<string, ConflictState>;
  /** Conflict ids per item. */
  byItem: PersistentMap<string, readonly string[]>;
  /** The last conflict id per item, kind and field (`itemId|kind|field`). */
  latest: PersistentMap<string, string>;
  ntcsImported: boolean;
}

export const initialQuotaBookState: QuotaBookState = {
  items: PersistentOrderedMap(),
  conflicts: PersistentMap(),
  byItem: PersistentMap(),
  latest: PersistentMap(),
  ntcsImported: false,
};

export const conflictKeyOf = (itemId: string, kind: string, field: string) => `${itemId}|${kind}|${field}`;

export function evolveQuotaBook(state: QuotaBookState, event: QuotaBookEvent): QuotaBookState {
  switch (event.type) {
    case 'FonItemFonChanged':
    case 'FonItemNtcsChanged': {
      const { itemId, taxId, returnType } = event.data;
      const current = state.items.get(itemId) ?? { itemId, taxId, returnType, fon: null, ntcs: null, notRelevant: false };
      const item = event.type === 'FonItemFonChanged' ? { ...current, fon: event.data.fon } : { ...current, ntcs: event.data.ntcs };
      return { ...state, items: state.items.set(itemId, item) };
    }
    case 'FonConflictOpened': {
      const { conflictId, ...rest } = event.data;
      // Folding the same event twice (a cached state brought up to date again) leaves one entry.
      const ids = state.byItem.get(rest.itemId) ?? [];
      return {
        ...state,
        conflicts: state.conflicts.set(conflictId, { id: conflictId, ...rest, status: 'open' }),
        byItem: ids.includes(conflictId) ? state.byItem : state.byItem.set(rest.itemId, [...ids, conflictId]),
        latest: state.latest.set(conflictKeyOf(rest.itemId, rest.kind, rest.field), conflictId),
      };
    }
    case 'FonConflictClosed':
    case 'FonConflictResolvedManually': {
      const c = state.conflicts.get(event.data.conflictId);
      if (!c) return state;
      return { ...state, conflicts: state.conflicts.set(c.id, { ...c, status: event.type === 'FonConflictClosed' ? 'closed' : 'resolved_manually' }) };
    }
    case 'FonItemRelevanceSet': {
      const item = state.items.get(event.data.itemId);
      if (!item) return state;
      return { ...state, items: state.items.set(item.itemId, { ...item, notRelevant: event.data.notRelevant }) };
    }
    case 'FonNtcsImported':
      return state.ntcsImported ? state : { ...state, ntcsImported: true };
  }
}

/**
 * The state after many events at once (an import decides on its own first events): the same evolve, run on
 * transient copies of the maps (Immutable's `asMutable`), which change without copying a node per event.
 * The given state is never changed: a transient copies every node it did not create itself.
 */
export function foldQuotaBook(state: QuotaBookState, events: readonly QuotaBookEvent[]): QuotaBookState {
  if (events.length === 0) return state;
  const draft: QuotaBookState = {
    ...state,
    items: state.items.asMutable(),
    conflicts: state.conflicts.asMutable(),
    byItem: state.byItem.asMutable(),
    latest: state.latest.asMutable(),
  };
  const folded = events.reduce(evolveQuotaBook, draft);
  return {
    ...folded,
    items: folded.items.asImmutable(),
    conflicts: folded.conflicts.asImmutable(),
    byItem: folded.byItem.asImmutable(),
    latest: folded.latest.asImmutable(),
  };
}
