import type { Decider } from '../shared/decider';
import { invalid, notFound } from '../shared/domain-error';
import { detectConflicts, itemIdOf, type FonRecord, type FonSide, type NtcsRecord, type NtcsSide } from './fon-records.rules';
import type { QuotaBookEvent } from './quota-book.events';
import { conflictKeyOf, evolveQuotaBook, foldQuotaBook, initialQuotaBookState, type QuotaBookState } from './quota-book.state';

/** FON rows of this book (a full list: returns missing from it are no longer registered). */
export type ApplyFonRecords = { type: 'ApplyFonRecords'; importId: string; firmId: string; taxYear: number; records: FonRecord[] };
/** NTCS rows of this book (a full list: returns missing from it have no NTCS record any more). */
export type ApplyNtcsRecords = { type: 'ApplyNtcsRecords'; importId: string; firmId: string; taxYear: number; records: NtcsRecord[] };
export type ResolveFonConflict = { type: 'ResolveFonConflict'; conflictId: string; remark: string };
export type SetFonItemRelevance = { type: 'SetFonItemRelevance'; itemId: string; notRelevant: boolean; remark: string | null };
export type QuotaBookCommand = ApplyFonRecords | ApplyNtcsRecords | ResolveFonConflict | SetFonItemRelevance;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Opens the conflicts the sides now show and closes the open ones they no longer show. */
function reconcile(state: QuotaBookState, itemIds: Iterable<string>, importId: string): QuotaBookEvent[] {
  const events: QuotaBookEvent[] = [];
  for (const itemId of itemIds) {
    const item = state.items.get(itemId);
    const found = item ? detectConflicts(item.fon, item.ntcs, state.ntcsImported) : [];
    const foundKeys = new Set(found.map((f) => conflictKeyOf(itemId, f.kind, f.field)));
    for (const id of state.byItem.get(itemId) ?? []) {
      const c = state.conflicts.get(id)!;
      // Gone from the data: an open conflict closes, and so does one a person resolved (its remark stays).
      if (c.status !== 'closed' && !foundKeys.has(conflictKeyOf(c.itemId, c.kind, c.field)))
        events.push({ type: 'FonConflictClosed', data: { conflictId: c.id, itemId, importId } });
    }
    for (const f of found) {
      const key = conflictKeyOf(itemId, f.kind, f.field);
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

/** Applies the FON rows: changed returns, returns FinanzOnline no longer lists, and the conflicts that follow. */
function applyFon(command: ApplyFonRecords, state: QuotaBookState): QuotaBookEvent[] {
  const events: QuotaBookEvent[] = [];
  const seen = new Set<string>();
  for (const r of command.records) {
    const itemId = itemIdOf(command.firmId, command.taxYear, r.taxId, r.returnType);
    if (seen.has(itemId)) continue;
    seen.add(itemId);
    const fon: FonSide = {
      name: r.name,
      businessIncome: r.businessIncome,
      counted: r.counted,
      abgabedatum: r.abgabedatum,
      eingangsDatum: r.eingangsDatum,
      ...(r.officeName ? { officeName: r.officeName } : {}),
      ...(r.registeredOn ? { registeredOn: r.registeredOn } : {}),
    };
    const known = state.items.get(itemId);
    if (!same(known?.fon ?? null, fon))
      events.push({
        type: 'FonItemFonChanged',
        data: { itemId, taxId: r.taxId, returnType: r.returnType, fon, importId: command.importId, ...(known ? {} : { created: true as const }) },
      });
  }
  for (const item of state.items.values()) {
    if (item.fon && !seen.has(item.itemId))
      events.push({
        type: 'FonItemFonChanged',
        data: { itemId: item.itemId, taxId: item.taxId, returnType: item.returnType, fon: null, importId: command.importId },
      });
  }
  const changed = new Set(events.map((e) => (e.data as { itemId: string }).itemId));
  return [...events, ...reconcile(foldQuotaBook(state, events), changed, command.importId)];
}

function applyNtcs(command: ApplyNtcsRecords, state: QuotaBookState): QuotaBookEvent[] {
  const events: QuotaBookEvent[] = state.ntcsImported ? [] : [{ type: 'FonNtcsImported', data: { importId: command.importId } }];
  const seen = new Set<string>();
  for (const r of command.records) {
    const itemId = itemIdOf(command.firmId, command.taxYear, r.taxId, r.returnType);
    if (seen.has(itemId)) continue;
    seen.add(itemId);
    const ntcs: NtcsSide = {
      persNr: r.persNr,
      name: r.name,
      filingDate: r.filingDate,
      responsible: r.responsible,
      ...(r.clientNo === undefined ? {} : { clientNo: r.clientNo }),
    };
    const known = state.items.get(itemId);
    if (!same(known?.ntcs ?? null, ntcs))
      events.push({
        type: 'FonItemNtcsChanged',
        data: { itemId, taxId: r.taxId, returnType: r.returnType, ntcs, importId: command.importId, ...(known ? {} : { created: true as const }) },
      });
  }
  for (const item of state.items.values()) {
    if (item.ntcs && !seen.has(item.itemId))
      events.push({
        type: 'FonItemNtcsChanged',
        data: { itemId: item.itemId, taxId: item.taxId, returnType: item.returnType, ntcs: null, importId: command.importId },
      });
  }
  const imported = state.ntcsImported;
  const after = foldQuotaBook(state, events);
  // The first NTCS import makes every FON return without an NTCS record a conflict.
  const affected = imported ? new Set(events.map((e) => (e.data as { itemId?: string }).itemId).filter((x): x is string => !!x)) : new Set(after.items.keys());
  return [...events, ...reconcile(after, affected, command.importId)];
}

function resolveConflict(command: ResolveFonConflict, state: QuotaBookState): QuotaBookEvent[] {
  const conflict = state.conflicts.get(command.conflictId);
  if (!conflict) throw notFound('The conflict does not exist.');
  const remark = command.remark.trim();
  if (remark === '') throw invalid('Required field', { key: 'remarkRequired', field: 'remark' });
  if (remark.length > 500) throw invalid('The remark must be at most 500 characters.');
  if (conflict.status !== 'open') return [];
  return [{ type: 'FonConflictResolvedManually', data: { conflictId: conflict.id, itemId: conflict.itemId, remark } }];
}

function setRelevance(command: SetFonItemRelevance, state: QuotaBookState): QuotaBookEvent[] {
  const item = state.items.get(command.itemId);
  if (!item) throw notFound('The quota item does not exist.');
  const remark = command.remark?.trim() || null;
  if (command.notRelevant && !remark) throw invalid('Required field', { key: 'remarkRequired', field: 'remark' });
  return item.notRelevant === command.notRelevant
    ? []
    : [{ type: 'FonItemRelevanceSet', data: { itemId: item.itemId, notRelevant: command.notRelevant, remark } }];
}

export function decideQuotaBook(command: QuotaBookCommand, state: QuotaBookState): QuotaBookEvent[] {
  switch (command.type) {
    case 'ApplyFonRecords':
      return applyFon(command, state);
    case 'ApplyNtcsRecords':
      return applyNtcs(command, state);
    case 'ResolveFonConflict':
      return resolveConflict(command, state);
    case 'SetFonItemRelevance':
      return setRelevance(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const quotaBookDecider: Decider<QuotaBookState, QuotaBookCommand, QuotaBookEvent> = {
  initialState: initialQuotaBookState,
  evolve: evolveQuotaBook,
  fold: foldQuotaBook,
  decide: (command, state) => decideQuotaBook(command, state),
};
