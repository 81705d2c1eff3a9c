import type { FonConflict, FonConflictKind, FonQuotaItem } from '@portal/contracts';
import { formatTaxId, itemStateOf, QUOTA_BOOK_EVENT_TYPES, type FonSide, type NtcsSide, type QuotaBookEvent } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import type { Doc } from '@portal/read-store';
import type { ChangeIntent, Projection, ProjectionView } from '../../runtime/projection';

export const FON_QUOTA_ITEMS = 'fon_quota_items';
export const FON_CONFLICTS = 'fon_conflicts';
/** Per firm, tax year and tax office: the base and the submissions per day, so the quota is computed without reading every item. */
export const FON_QUOTA_COUNTS = 'fon_quota_counts';

export interface QuotaCounts {
  id: string;
  firm_id: string;
  tax_year: number;
  tax_office: string;
  base: number;
  business_base: number;
  filed: Record<string, number>;
  business_filed: Record<string, number>;
}

/** The item as stored: the record of spec 3 plus both sides and what it contributes to the counts. */
type StoredItem = FonQuotaItem & {
  fon: FonSide | null;
  ntcs: NtcsSide | null;
  open_conflicts: FonConflictKind[];
  resolved_manually: boolean;
  contribution: { counted: boolean; business: boolean; filedOn: string | null };
};

/** fon-quota-<firmId>-<year>-<office>; the firm id itself contains dashes. */
export function bookOf(streamId: string): { firmId: string; taxYear: number; taxOffice: string } {
  const parts = streamId.replace(/^fon-quota-/, '').split('-');
  const taxOffice = parts.pop()!;
  const taxYear = Number(parts.pop());
  return { firmId: parts.join('-'), taxYear, taxOffice };
}

function contributionOf(item: Pick<StoredItem, 'fon' | 'not_relevant_remark' | 'status'>): StoredItem['contribution'] {
  const counted = !!item.fon && item.fon.counted && item.status !== 'not_relevant';
  return { counted, business: counted && !!item.fon?.businessIncome, filedOn: counted ? (item.fon?.abgabedatum ?? null) : null };
}

function recount(counts: QuotaCounts, before: StoredItem['contribution'] | null, after: StoredItem['contribution']): QuotaCounts {
  const next = { ...counts, filed: { ...counts.filed }, business_filed: { ...counts.business_filed } };
  const add = (c: StoredItem['contribution'], sign: 1 | -1) => {
    if (!c.counted) return;
    next.base += sign;
    if (c.business) next.business_base += sign;
    if (c.filedOn) {
      next.filed[c.filedOn] = (next.filed[c.filedOn] ?? 0) + sign;
      if (next.filed[c.filedOn] === 0) delete next.filed[c.filedOn];
      if (c.business) {
        next.business_filed[c.filedOn] = (next.business_filed[c.filedOn] ?? 0) + sign;
        if (next.business_filed[c.filedOn] === 0) delete next.business_filed[c.filedOn];
      }
    }
  };
  if (before) add(before, -1);
  add(after, 1);
  return next;
}

function finish(item: StoredItem, at: string): StoredItem {
  const status = itemStateOf({ notRelevant: item.status === 'not_relevant' || item.not_relevant_remark !== null, openConflicts: item.open_conflicts, resolvedManually: item.resolved_manually, abgabedatum: item.fon?.abgabedatum ?? null });
  const next: StoredItem = {
    ...item,
    status,
    name: item.fon?.name ?? item.ntcs?.name ?? item.name,
    ntcsPersNr: item.ntcs?.persNr ?? null,
    abgabedatum: item.fon?.abgabedatum ?? null,
    eingangsDatum: item.fon?.eingangsDatum ?? null,
    business_income: item.fon?.businessIncome ?? false,
    zustMa: item.ntcs?.responsible ?? null,
    registered: !!item.fon,
    conflict_kind: item.open_conflicts[0] ?? null,
    updated_at: at,
  };
  return { ...next, contribution: contributionOf(next) };
}

/**
 * fon_quota_items, fon_conflicts and fon_quota_counts from the quota books: each return with its state,
 * both sides and its conflict; each conflict with both values side by side; the counts per office.
 */
export const fonQuotaProjection: Projection = {
  name: 'fon-quota',
  version: 1,
  collections: [
    {
      name: FON_QUOTA_ITEMS,
      indexes: [['firm_id', 'tax_year', 'name'], ['firm_id', 'tax_year', 'status', 'name'], ['firm_id', 'tax_year', 'tax_office', 'name'], ['firm_id', 'tax_year', 'conflict_kind'], ['firm_id', 'tax_year', 'zustMa'], ['taxId']],
      fullText: ['name', 'taxId', 'ntcsPersNr'],
    },
    { name: FON_CONFLICTS, indexes: [['firm_id', 'tax_year', 'status', 'opened_at'], ['item_id']] },
    { name: FON_QUOTA_COUNTS, indexes: [['firm_id', 'tax_year']] },
  ],
  handles: QUOTA_BOOK_EVENT_TYPES,
  async project(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
    const event = recorded as unknown as QuotaBookEvent;
    const book = bookOf(recorded.streamId);
    const at = recorded.metadata.time;
    if (event.type === 'FonNtcsImported') return [];
    const itemId = event.data.itemId;
    const stored = (await view.get(FON_QUOTA_ITEMS, itemId)) as unknown as StoredItem | null;
    let item: StoredItem | null = stored;
    const changes: ChangeIntent[] = [];
    switch (event.type) {
      case 'FonItemFonChanged':
      case 'FonItemNtcsChanged': {
        const base: StoredItem = item ?? {
          id: itemId, firm_id: book.firmId, tax_office: book.taxOffice, tax_year: book.taxYear, status: 'open', name: '', taxId: formatTaxId(event.data.taxId), ntcsPersNr: null, abgabedatum: null, eingangsDatum: null,
          quotenArt: event.data.returnType, business_income: false, zustMa: null, regKassa: null, conflict_kind: null, registered: false, not_relevant_remark: null, updated_at: at, revision: 0,
          fon: null, ntcs: null, open_conflicts: [], resolved_manually: false, contribution: { counted: false, business: false, filedOn: null },
        };
        item = event.type === 'FonItemFonChanged' ? { ...base, fon: event.data.fon } : { ...base, ntcs: event.data.ntcs };
        // New data from an import replaces a person's earlier verdict.
        item.resolved_manually = false;
        break;
      }
      case 'FonConflictOpened': {
        if (!item) return [];
        const d = event.data;
        const conflict: FonConflict = {
          id: d.conflictId, item_id: itemId, firm_id: book.firmId, tax_office: book.taxOffice, tax_year: book.taxYear, taxId: item.taxId, name: item.name, quotenArt: item.quotenArt, kind: d.kind, field: d.field,
          fon_value: d.fon_value, ntcs_value: d.ntcs_value, status: 'open', opened_at: at, closed_at: null, remark: null, resolved_by: null, revision: recorded.revision,
        };
        changes.push({ op: 'put', collection: FON_CONFLICTS, doc: { ...conflict } });
        item = { ...item, open_conflicts: [...item.open_conflicts.filter((k) => k !== d.kind), d.kind], resolved_manually: false };
        break;
      }
      case 'FonConflictClosed':
      case 'FonConflictResolvedManually': {
        const conflict = (await view.get(FON_CONFLICTS, event.data.conflictId)) as unknown as FonConflict | null;
        if (!conflict || !item) return [];
        const manual = event.type === 'FonConflictResolvedManually';
        changes.push({ op: 'put', collection: FON_CONFLICTS, doc: { ...conflict, status: manual ? 'resolved_manually' : 'closed', closed_at: at, remark: manual ? event.data.remark : conflict.remark, resolved_by: manual ? recorded.metadata.userId : conflict.resolved_by, revision: recorded.revision } });
        item = { ...item, open_conflicts: item.open_conflicts.filter((k) => k !== conflict.kind), resolved_manually: manual || item.resolved_manually };
        break;
      }
      case 'FonItemRelevanceSet':
        if (!item) return [];
        item = { ...item, status: event.data.notRelevant ? 'not_relevant' : 'open', not_relevant_remark: event.data.notRelevant ? event.data.remark : null };
        break;
    }
    const next = finish({ ...item, revision: recorded.revision }, at);
    changes.push({ op: 'put', collection: FON_QUOTA_ITEMS, doc: next as unknown as Doc });
    const countsId = `${book.firmId}|${book.taxYear}|${book.taxOffice}`;
    const counts = ((await view.get(FON_QUOTA_COUNTS, countsId)) as unknown as QuotaCounts | null) ?? { id: countsId, firm_id: book.firmId, tax_year: book.taxYear, tax_office: book.taxOffice, base: 0, business_base: 0, filed: {}, business_filed: {} };
    if (JSON.stringify(stored?.contribution ?? null) !== JSON.stringify(next.contribution)) changes.push({ op: 'put', collection: FON_QUOTA_COUNTS, doc: recount(counts, stored?.contribution ?? null, next.contribution) as unknown as Doc });
    return changes;
  },
};
