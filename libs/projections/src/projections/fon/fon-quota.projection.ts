import type { CashRegisterState, FonConflict } from '@portal/contracts';
import {
  CASH_REGISTER_EVENT_TYPES,
  normalizeTaxId,
  QUOTA_BOOK_EVENT_TYPES,
  quotaBookOf,
  RESPONSIBILITY_EVENT_TYPES,
  type CashRegisterEvent,
  type QuotaBookEvent,
  type ResponsibilityEvent,
  domainEventOf,
} from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Collection } from '@portal/read-store';
import {
  collectionSpecs,
  FON_QUOTA_ITEMS,
  FON_CONFLICTS,
  FON_QUOTA_COUNTS,
  FON_QUOTA_FILINGS,
  type QuotaCounts,
  type QuotaFilings,
  type StoredFonQuotaItem as StoredItem,
  collection,
  put,
  remove,
} from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../../runtime/projection';
import { countFiling, countItem, countsIdOf, emptyCounts, emptyFilings, filingMonthOf, filingsIdOf } from './quota-counts';
import { finishItem, newItem, sameContribution, sameFiling, summarizeRegisters, type RegisterSummary } from './quota-item';

/** This projection's own copies of what it joins, so a replay in any batch size gives the same items. */
const FON_QUOTA_RESPONSIBLES = collection<{ id: number; name: string }>('fon_quota_responsibles');
const FON_QUOTA_REGISTERS = collection<{ id: string; tax_digits: string; status: CashRegisterState }>('fon_quota_registers');
const FON_QUOTA_TAX_REGISTERS = collection<{ id: string; summary: RegisterSummary }>('fon_quota_tax_registers');

/**
 * The counts and filings of the books one event touches: read once, changed per item in place, written once at
 * the end (several items of one book in one event must not each start from the stored counts).
 */
class CountsChanges {
  /** Per record id: the record, changed in place, and its write (a copy as it stands when the event ends). */
  private readonly docs = new Map<string, { doc: QuotaCounts | QuotaFilings; write(): ChangeIntent }>();
  private readonly changed = new Set<string>();
  constructor(private readonly view: ProjectionView) {}

  async item(before: StoredItem | null, next: StoredItem, officeName: string | null = null): Promise<void> {
    const was = before?.contribution ?? null;
    const now = next.contribution!;
    const contributionChanged = !sameContribution(was, now);
    if (!contributionChanged && !officeName) return;
    const counts = await this.load(FON_QUOTA_COUNTS, countsIdOf(next.firm_id, next.tax_year, next.tax_office), () =>
      emptyCounts(next.firm_id, next.tax_year, next.tax_office),
    );
    if (officeName && counts.office_name !== officeName) {
      counts.office_name = officeName;
      this.changed.add(counts.id);
    }
    if (!contributionChanged) return;
    if (was) countItem(counts, was, -1);
    countItem(counts, now, 1);
    this.changed.add(counts.id);
    if (was && sameFiling(was, now)) return;
    const wasMonth = was && filingMonthOf(was);
    if (wasMonth) countFiling(await this.filings(counts, wasMonth), was!, -1);
    const nowMonth = filingMonthOf(now);
    if (nowMonth) countFiling(await this.filings(counts, nowMonth), now, 1);
  }

  intents(): ChangeIntent[] {
    return [...this.changed].map((id) => this.docs.get(id)!.write());
  }

  private async filings(counts: QuotaCounts, month: string): Promise<QuotaFilings> {
    const filings = await this.load(FON_QUOTA_FILINGS, filingsIdOf(counts.id, month), () => emptyFilings(counts, month));
    this.changed.add(filings.id);
    return filings;
  }

  private async load<T extends QuotaCounts | QuotaFilings>(collection: Collection<T>, id: string, empty: () => T): Promise<T> {
    const known = this.docs.get(id);
    if (known) return known.doc as T;
    const doc = (await this.view.get(collection, id)) ?? empty();
    this.docs.set(id, { doc, write: () => put(collection, doc) });
    return doc;
  }
}

async function responsibleOf(view: ProjectionView, clientNo: number | null | undefined): Promise<string | null> {
  if (clientNo === null || clientNo === undefined) return null;
  return ((await view.get(FON_QUOTA_RESPONSIBLES, clientNo))?.name as string | undefined) ?? null;
}

async function registersOf(view: ProjectionView, taxDigits: string): Promise<RegisterSummary> {
  return ((await view.get(FON_QUOTA_TAX_REGISTERS, taxDigits))?.summary as RegisterSummary | undefined) ?? null;
}

async function projectBook(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<QuotaBookEvent>(recorded);
  if (event.type === 'FonNtcsImported') return [];
  const book = quotaBookOf(recorded.streamId);
  if (!book) return [];
  const at = recorded.metadata.time;
  const itemId = event.data.itemId;
  const stored = await view.get(FON_QUOTA_ITEMS, itemId);
  const changes: ChangeIntent[] = [];
  let item: StoredItem;
  switch (event.type) {
    case 'FonItemFonChanged':
    case 'FonItemNtcsChanged': {
      const base = stored ?? {
        ...newItem(itemId, book, event.data.taxId, event.data.returnType, at),
        regKassa: await registersOf(view, normalizeTaxId(event.data.taxId)),
      };
      item =
        event.type === 'FonItemFonChanged'
          ? { ...base, fon: event.data.fon }
          : { ...base, ntcs: event.data.ntcs, responsible_override: await responsibleOf(view, event.data.ntcs?.clientNo) };
      break;
    }
    case 'FonConflictOpened': {
      if (!stored) return [];
      const d = event.data;
      const conflict: FonConflict = {
        id: d.conflictId,
        item_id: itemId,
        firm_id: book.firmId,
        tax_office: book.taxOffice,
        tax_year: book.taxYear,
        taxId: stored.taxId,
        name: stored.name,
        quotenArt: stored.quotenArt,
        kind: d.kind,
        field: d.field,
        fon_value: d.fon_value,
        ntcs_value: d.ntcs_value,
        status: 'open',
        opened_at: at,
        closed_at: null,
        remark: null,
        resolved_by: null,
        revision: recorded.revision,
      };
      changes.push(put(FON_CONFLICTS, conflict));
      item = { ...stored, open_conflicts: [...stored.open_conflicts.filter((k) => k !== d.kind), d.kind] };
      break;
    }
    case 'FonConflictClosed':
    case 'FonConflictResolvedManually': {
      const conflict = await view.get(FON_CONFLICTS, event.data.conflictId);
      if (!conflict || !stored) return [];
      const manual = event.type === 'FonConflictResolvedManually';
      changes.push(
        put(FON_CONFLICTS, {
          ...conflict,
          status: manual ? 'resolved_manually' : 'closed',
          closed_at: manual ? at : (conflict.closed_at ?? at),
          remark: manual ? event.data.remark : conflict.remark,
          resolved_by: manual ? recorded.metadata.userId : conflict.resolved_by,
          revision: recorded.revision,
        }),
      );
      const resolved = stored.resolved_conflicts.filter((id) => id !== conflict.id);
      item = {
        ...stored,
        open_conflicts: stored.open_conflicts.filter((k) => k !== conflict.kind),
        resolved_conflicts: manual ? [...resolved, conflict.id] : resolved,
      };
      break;
    }
    case 'FonItemRelevanceSet':
      if (!stored) return [];
      item = { ...stored, not_relevant_remark: event.data.notRelevant ? (event.data.remark ?? '') : null };
      break;
  }
  const next = finishItem(item, at, recorded.revision);
  const counts = new CountsChanges(view);
  await counts.item(stored, next, event.type === 'FonItemFonChanged' ? (event.data.fon?.officeName ?? null) : null);
  return [...changes, put(FON_QUOTA_ITEMS, next), ...counts.intents()];
}

/** A new responsible person of a client company: the items naming that client show them. */
async function projectResponsibility(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const d = domainEventOf<ResponsibilityEvent>(recorded).data;
  const changes = [put(FON_QUOTA_RESPONSIBLES, { id: d.clientNo, name: d.responsible.name })];
  const counts = new CountsChanges(view);
  for (const stored of await view.findWhere(FON_QUOTA_ITEMS, { client_no: d.clientNo })) {
    if (stored.responsible_override === d.responsible.name) continue;
    const next = finishItem({ ...stored, responsible_override: d.responsible.name }, stored.updated_at, stored.revision);
    changes.push(put(FON_QUOTA_ITEMS, next));
    await counts.item(stored, next);
  }
  return [...changes, ...counts.intents()];
}

/** A cash register's state: the items of its tax number show the count and the worst state. */
async function projectRegister(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<CashRegisterEvent>(recorded);
  const id = recorded.streamId.replace(/^cash-register-/, '');
  const current = await view.get(FON_QUOTA_REGISTERS, id);
  let tax: string;
  const changes: ChangeIntent[] = [];
  if (event.type === 'CashRegisterRegistered') {
    tax = normalizeTaxId(event.data.taxId);
    changes.push(put(FON_QUOTA_REGISTERS, { id, tax_digits: tax, status: event.data.status }));
  } else if (!current) {
    return [];
  } else {
    tax = current.tax_digits as string;
    if (event.type === 'CashRegisterStatusChanged') changes.push(put(FON_QUOTA_REGISTERS, { ...current, status: event.data.status }));
    else if (event.type === 'CashRegisterRemoved') changes.push(remove(FON_QUOTA_REGISTERS, id));
    else return [];
  }
  const others = (await view.findWhere(FON_QUOTA_REGISTERS, { tax_digits: tax })).filter((r) => r.id !== id);
  const mine =
    event.type === 'CashRegisterRemoved'
      ? []
      : [event.type === 'CashRegisterRegistered' ? event.data.status : (event as { data: { status: CashRegisterState } }).data.status];
  const summary = summarizeRegisters([...others.map((r) => r.status as CashRegisterState), ...mine]);
  changes.push(summary ? put(FON_QUOTA_TAX_REGISTERS, { id: tax, summary }) : remove(FON_QUOTA_TAX_REGISTERS, tax));
  for (const doc of await view.findWhere(FON_QUOTA_ITEMS, { tax_digits: tax })) {
    if (JSON.stringify(doc.regKassa ?? null) !== JSON.stringify(summary)) changes.push(put(FON_QUOTA_ITEMS, { ...doc, regKassa: summary }));
  }
  return changes;
}

/**
 * fon_quota_items, fon_conflicts, fon_quota_counts and fon_quota_filings from the quota books: each return with its
 * state, both sides and its conflict; each conflict with both values side by side; the counts per office and its
 * filings per month. The responsible
 * person comes from the responsibility view when the NTCS record names the client, the cash registers from
 * their own streams (by tax number); this projection keeps its own copy of both.
 */
export const fonQuotaProjection: Projection = {
  name: 'fon-quota',
  version: 6,
  collections: [
    ...collectionSpecs(FON_QUOTA_ITEMS, FON_CONFLICTS, FON_QUOTA_COUNTS, FON_QUOTA_FILINGS),
    { name: FON_QUOTA_RESPONSIBLES, indexes: [] },
    { name: FON_QUOTA_REGISTERS, indexes: [['tax_digits']] },
    { name: FON_QUOTA_TAX_REGISTERS, indexes: [] },
  ],
  handles: [...QUOTA_BOOK_EVENT_TYPES, ...RESPONSIBILITY_EVENT_TYPES, ...CASH_REGISTER_EVENT_TYPES],
  async project(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
    if (recorded.streamId.startsWith('fon-quota-')) return projectBook(recorded, view);
    if (recorded.streamId.startsWith('cash-register-')) return projectRegister(recorded, view);
    if ((RESPONSIBILITY_EVENT_TYPES as readonly string[]).includes(recorded.type)) return projectResponsibility(recorded, view);
    return [];
  },
};
