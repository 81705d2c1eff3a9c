import type { DocumentRecord, DocumentSearchHit, DocumentTab } from '@portal/contracts';

/** A row of a document list: the record without text, plus the snippet and rank of a search hit. */
export type DocumentRow = DocumentRecord & Partial<DocumentSearchHit>;

/** State filters of spec §4; undefined = either. */
export interface DocumentFilters {
  confirmed?: boolean;
  booked?: boolean;
  locked?: true;
  invalid?: true;
  /** E-invoices the rules found fatally wrong. */
  einvoice_validity?: 'invalid';
}

export const SORTABLE_FIELDS = ['title', 'biller_name', 'invoice_number', 'invoice_date', 'gross_amount', 'uploaded_at', 'extraction'] as const;
export type SortField = (typeof SORTABLE_FIELDS)[number];

export interface DocumentSort {
  field: SortField;
  direction: 1 | -1;
}

export const DEFAULT_SORT: DocumentSort = { field: 'uploaded_at', direction: -1 };

/** What one list shows: a client's tab with filters, sort and an optional full-text search. */
export interface DocumentView {
  clientNo: number;
  tab: DocumentTab;
  filters: DocumentFilters;
  sort: DocumentSort;
  search: string;
}

/** The `documents find` query of a view (without paging). */
export function viewQuery(view: DocumentView): Record<string, unknown> {
  const query: Record<string, unknown> = { tab: view.tab, client_no: view.clientNo };
  for (const [key, value] of Object.entries(view.filters)) if (value !== undefined) query[key] = value;
  const search = view.search.trim();
  if (search) query.search = search;
  else query.$sort = { [view.sort.field]: view.sort.direction, id: view.sort.direction };
  return query;
}

/** Whether a pushed record belongs in the view (client, tab and state filters; a search decides on the server). */
export function belongsTo(doc: DocumentRecord, view: DocumentView): boolean {
  if (doc.client_no !== view.clientNo) return false;
  if (view.tab === 'Deleted') {
    if (!doc.deleted) return false;
  } else if (doc.deleted) return false;
  else if (view.tab !== 'Latest' && view.tab !== 'FullText' && doc.category !== view.tab) return false;
  const f = view.filters;
  if (f.confirmed !== undefined && doc.confirmed !== f.confirmed) return false;
  if (f.booked !== undefined && doc.booked !== f.booked) return false;
  if (f.locked && !doc.locked) return false;
  if (f.invalid && !doc.invalid) return false;
  if (f.einvoice_validity && doc.einvoice_validity !== f.einvoice_validity) return false;
  return true;
}

/** The order of the server's `$sort` (missing values first when ascending), ties by id. */
export function compareRows(sort: DocumentSort): (a: DocumentRecord, b: DocumentRecord) => number {
  return (a, b) => {
    const x = a[sort.field];
    const y = b[sort.field];
    let c = 0;
    if (x === y) c = 0;
    else if (x === null || x === undefined) c = -1;
    else if (y === null || y === undefined) c = 1;
    else if (typeof x === 'number' && typeof y === 'number') c = x - y;
    else c = String(x).localeCompare(String(y));
    return (c === 0 ? a.id - b.id : c) * sort.direction;
  };
}
