import type { FonConflictKind, FonReturnType } from '@portal/contracts';
import type { Decider, DomainEvent } from '../shared/decider';
import { invalid, notFound } from '../shared/domain-error';
import { detectConflicts, itemIdOf, type FonRecord, type FonSide, type NtcsRecord, type NtcsSide } from './fon-records';

/**
 * The quota book of one firm, tax office and tax year: the returns FinanzOnline and NTCS report, their
 * conflicts, and what people decided about them. Imports apply their rows; the same rows again change nothing.
 */
type ItemKey = { itemId: string; taxId: string; returnType: FonReturnType };

/** `created`: the first data of this return in the book (an import counts it as new). */
export type FonItemFonChanged = DomainEvent<'FonItemFonChanged', ItemKey & { fon: FonSide | null; importId: string; created?: true }>;
export type FonItemNtcsChanged = DomainEvent<'FonItemNtcsChanged', ItemKey & { ntcs: NtcsSide | null; importId: string; created?: true }>;
export type FonConflictOpened = DomainEvent<'FonConflictOpened', { conflictId: string; itemId: string; kind: FonConflictKind; field: string; fon_value: string | null; ntcs_value: string | null }>;
/** A later import agrees: the conflict is gone. */
export type FonConflictClosed = DomainEvent<'FonConflictClosed', { conflictId: string; itemId: string; importId: string }>;
export type FonConflictResolvedManually = DomainEvent<'FonConflictResolvedManually', { conflictId: string; itemId: string; remark: string }>;
export type FonItemRelevanceSet = DomainEvent<'FonItemRelevanceSet', { itemId: string; notRelevant: boolean; remark: string | null }>;
export type FonNtcsImported = DomainEvent<'FonNtcsImported', { importId: string }>;

export type QuotaBookEvent = FonItemFonChanged | FonItemNtcsChanged | FonConflictOpened | FonConflictClosed | FonConflictResolvedManually | FonItemRelevanceSet | FonNtcsImported;
export const QUOTA_BOOK_EVENT_TYPES: readonly QuotaBookEvent['type'][] = ['FonItemFonChanged', 'FonItemNtcsChanged', 'FonConflictOpened', 'FonConflictClosed', 'FonConflictResolvedManually', 'FonItemRelevanceSet', 'FonNtcsImported'];

/** FON rows of this book (a full list: returns missing from it are no longer registered). */
export type ApplyFonRecords = { type: 'ApplyFonRecords'; importId: string; taxYear: number; records: FonRecord[] };
/** NTCS rows of this book (a full list: returns missing from it have no NTCS record any more). */
export type ApplyNtcsRecords = { type: 'ApplyNtcsRecords'; importId: string; taxYear: number; records: NtcsRecord[] };
export type ResolveFonConflict = { type: 'ResolveFonConflict'; conflictId: string; remark: string };
export type SetFonItemRelevance = { type: 'SetFonItemRelevance'; itemId: string; notRelevant: boolean; remark: string | null };
export type QuotaBookCommand = ApplyFonRecords | ApplyNtcsRecords | ResolveFonConflict | SetFonItemRelevance;

interface ConflictState {
  id: string;
  itemId: string;
  kind: FonConflictKind;
  field: string;
  fon_value: string | null;
  ntcs_value: string | null;
  status: 'open' | 'closed' | 'resolved_manually';
}

interface ItemState extends ItemKey {
  fon: FonSide | null;
  ntcs: NtcsSide | null;
  notRelevant: boolean;
}

export interface QuotaBookState {
  items: Map<string, ItemState>;
  /** By conflict id. */
  conflicts: Map<string, ConflictState>;
  /** Conflict ids per item. */
  byItem: Map<string, string[]>;
  /** The last conflict id per item, kind and field (`itemId|kind|field`). */
  latest: Map<string, string>;
  ntcsImported: boolean;
}

export const quotaBookStreamId = (firmId: string, taxYear: number, taxOffice: string) => `fon-quota-${firmId}-${taxYear}-${taxOffice}`;

const initial: QuotaBookState = { items: new Map(), conflicts: new Map(), byItem: new Map(), latest: new Map(), ntcsImported: false };
const keyOf = (itemId: string, kind: string, field: string) => `${itemId}|${kind}|${field}`;
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * A book holds thousands of returns: copying its maps on every event would make loading a stream quadratic.
 * So a fold owns the maps it builds: the first event after the shared initial state makes fresh ones, and
 * later events of the same fold update them in place. The shared initial state is never changed, nor is a
 * frozen one (the command runtime's cached state): the first event after it folds into a copy (`fork`).
 */
const own = (state: QuotaBookState): QuotaBookState =>
  state === initial ? { items: new Map(), conflicts: new Map(), byItem: new Map(), latest: new Map(), ntcsImported: false } : Object.isFrozen(state) ? fork(state) : state;

/**
 * A copy of the maps (their entries are replaced, never changed, so they are shared): a decision folds its
 * first events into the copy, and the state it was given (the runtime's cached one) stays as it was.
 */
const fork = (state: QuotaBookState): QuotaBookState => ({ items: new Map(state.items), conflicts: new Map(state.conflicts), byItem: new Map(state.byItem), latest: new Map(state.latest), ntcsImported: state.ntcsImported });

function evolve(previous: QuotaBookState, event: QuotaBookEvent): QuotaBookState {
  const state = own(previous);
  switch (event.type) {
    case 'FonItemFonChanged':
    case 'FonItemNtcsChanged': {
      const { itemId, taxId, returnType } = event.data;
      const current = state.items.get(itemId) ?? { itemId, taxId, returnType, fon: null, ntcs: null, notRelevant: false };
      state.items.set(itemId, event.type === 'FonItemFonChanged' ? { ...current, fon: event.data.fon } : { ...current, ntcs: event.data.ntcs });
      return state;
    }
    case 'FonConflictOpened': {
      const { conflictId, ...rest } = event.data;
      state.conflicts.set(conflictId, { id: conflictId, ...rest, status: 'open' });
      // Folding the same event twice (a cached state brought up to date again) leaves one entry.
      const ids = state.byItem.get(rest.itemId) ?? [];
      if (!ids.includes(conflictId)) state.byItem.set(rest.itemId, [...ids, conflictId]);
      state.latest.set(keyOf(rest.itemId, rest.kind, rest.field), conflictId);
      return state;
    }
    case 'FonConflictClosed':
    case 'FonConflictResolvedManually': {
      const c = state.conflicts.get(event.data.conflictId);
      if (c) state.conflicts.set(c.id, { ...c, status: event.type === 'FonConflictClosed' ? 'closed' : 'resolved_manually' });
      return state;
    }
    case 'FonItemRelevanceSet': {
      const c = state.items.get(event.data.itemId);
      if (c) state.items.set(c.itemId, { ...c, notRelevant: event.data.notRelevant });
      return state;
    }
    case 'FonNtcsImported':
      state.ntcsImported = true;
      return state;
  }
}

/** Opens the conflicts the sides now show and closes the open ones they no longer show. */
function reconcile(state: QuotaBookState, itemIds: Iterable<string>, importId: string): QuotaBookEvent[] {
  const events: QuotaBookEvent[] = [];
  for (const itemId of itemIds) {
    const item = state.items.get(itemId);
    const found = item ? detectConflicts(item.fon, item.ntcs, state.ntcsImported) : [];
    const foundKeys = new Set(found.map((f) => keyOf(itemId, f.kind, f.field)));
    for (const id of state.byItem.get(itemId) ?? []) {
      const c = state.conflicts.get(id)!;
      // Gone from the data: an open conflict closes, and so does one a person resolved (its remark stays).
      if (c.status !== 'closed' && !foundKeys.has(keyOf(c.itemId, c.kind, c.field))) events.push({ type: 'FonConflictClosed', data: { conflictId: c.id, itemId, importId } });
    }
    for (const f of found) {
      const key = keyOf(itemId, f.kind, f.field);
      const lastId = state.latest.get(key);
      const last = lastId ? state.conflicts.get(lastId) : undefined;
      const sameValues = last && last.fon_value === f.fon_value && last.ntcs_value === f.ntcs_value;
      // The same disagreement again: an open one stays open, one resolved by a person stays resolved.
      if (last && sameValues && last.status !== 'closed') continue;
      // Different values: the earlier conflict (open or resolved) gives way to a new one.
      if (last && last.status !== 'closed') events.push({ type: 'FonConflictClosed', data: { conflictId: last.id, itemId, importId } });
      const n = last ? Number(last.id.split('|').pop()) + 1 : 1;
      events.push({ type: 'FonConflictOpened', data: { conflictId: `${key}|${n}`, itemId, ...f } });
    }
  }
  return events;
}

/** Applies a command's first events to its own fold, so its later decisions see them. */
function apply(state: QuotaBookState, events: QuotaBookEvent[]): QuotaBookState {
  return events.reduce(evolve, fork(state));
}

function applyFon(command: ApplyFonRecords, state: QuotaBookState): QuotaBookEvent[] {
  const events: QuotaBookEvent[] = [];
  const seen = new Set<string>();
  for (const r of command.records) {
    const itemId = itemIdOf(command.taxYear, r.taxId, r.returnType);
    if (seen.has(itemId)) continue;
    seen.add(itemId);
    const fon: FonSide = { name: r.name, businessIncome: r.businessIncome, counted: r.counted, abgabedatum: r.abgabedatum, eingangsDatum: r.eingangsDatum, ...(r.officeName ? { officeName: r.officeName } : {}), ...(r.registeredOn ? { registeredOn: r.registeredOn } : {}) };
    const known = state.items.get(itemId);
    if (!same(known?.fon ?? null, fon)) events.push({ type: 'FonItemFonChanged', data: { itemId, taxId: r.taxId, returnType: r.returnType, fon, importId: command.importId, ...(known ? {} : { created: true as const }) } });
  }
  for (const item of state.items.values()) {
    if (item.fon && !seen.has(item.itemId)) events.push({ type: 'FonItemFonChanged', data: { itemId: item.itemId, taxId: item.taxId, returnType: item.returnType, fon: null, importId: command.importId } });
  }
  const changed = new Set(events.map((e) => (e.data as { itemId: string }).itemId));
  return [...events, ...reconcile(apply(state, events), changed, command.importId)];
}

function applyNtcs(command: ApplyNtcsRecords, state: QuotaBookState): QuotaBookEvent[] {
  const events: QuotaBookEvent[] = state.ntcsImported ? [] : [{ type: 'FonNtcsImported', data: { importId: command.importId } }];
  const seen = new Set<string>();
  for (const r of command.records) {
    const itemId = itemIdOf(command.taxYear, r.taxId, r.returnType);
    if (seen.has(itemId)) continue;
    seen.add(itemId);
    const ntcs: NtcsSide = { persNr: r.persNr, name: r.name, filingDate: r.filingDate, responsible: r.responsible, ...(r.clientNo === undefined ? {} : { clientNo: r.clientNo }) };
    const known = state.items.get(itemId);
    if (!same(known?.ntcs ?? null, ntcs)) events.push({ type: 'FonItemNtcsChanged', data: { itemId, taxId: r.taxId, returnType: r.returnType, ntcs, importId: command.importId, ...(known ? {} : { created: true as const }) } });
  }
  for (const item of state.items.values()) {
    if (item.ntcs && !seen.has(item.itemId)) events.push({ type: 'FonItemNtcsChanged', data: { itemId: item.itemId, taxId: item.taxId, returnType: item.returnType, ntcs: null, importId: command.importId } });
  }
  const imported = state.ntcsImported;
  const after = apply(state, events);
  // The first NTCS import makes every FON return without an NTCS record a conflict.
  const affected = imported ? new Set(events.map((e) => (e.data as { itemId?: string }).itemId).filter((x): x is string => !!x)) : new Set(after.items.keys());
  return [...events, ...reconcile(after, affected, command.importId)];
}

export function decideQuotaBook(command: QuotaBookCommand, state: QuotaBookState): QuotaBookEvent[] {
  switch (command.type) {
    case 'ApplyFonRecords':
      return applyFon(command, state);
    case 'ApplyNtcsRecords':
      return applyNtcs(command, state);
    case 'ResolveFonConflict': {
      const conflict = state.conflicts.get(command.conflictId);
      if (!conflict) throw notFound('The conflict does not exist.');
      const remark = command.remark.trim();
      if (remark === '') throw invalid('Required field', { key: 'remarkRequired', field: 'remark' });
      if (remark.length > 500) throw invalid('The remark must be at most 500 characters.');
      if (conflict.status !== 'open') return [];
      return [{ type: 'FonConflictResolvedManually', data: { conflictId: conflict.id, itemId: conflict.itemId, remark } }];
    }
    case 'SetFonItemRelevance': {
      const item = state.items.get(command.itemId);
      if (!item) throw notFound('The quota item does not exist.');
      const remark = command.remark?.trim() || null;
      if (command.notRelevant && !remark) throw invalid('Required field', { key: 'remarkRequired', field: 'remark' });
      return item.notRelevant === command.notRelevant ? [] : [{ type: 'FonItemRelevanceSet', data: { itemId: item.itemId, notRelevant: command.notRelevant, remark } }];
    }
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const quotaBookDecider: Decider<QuotaBookState, QuotaBookCommand, QuotaBookEvent> = {
  initialState: initial,
  evolve,
  decide: (command, state) => decideQuotaBook(command, state),
};
