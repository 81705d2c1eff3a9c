import { makeAutoObservable, observable } from 'mobx';
import type { DocumentProgress, DocumentRecord, DocumentTab, FilingCategoryCode, Paginated } from '@portal/contracts';
import { FILING_CATEGORY_CODES } from '@portal/contracts';
import type { Uploader } from '../../api/document-upload';
import type { FeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';
import type { DocumentFilters, DocumentRow, DocumentSort, DocumentView, SortField } from './document-view';
import { belongsTo, compareRows, DEFAULT_SORT, viewQuery } from './document-view';
import { FIRST_PAGE_SIZE, prefetchKey } from './documents-prefetch';
import { UploadsStore } from './UploadsStore';

/** Rows per request while scrolling (the service allows at most 1000). */
export const PAGE_SIZE = 1000;
export { FIRST_PAGE_SIZE };
/** Ids per bulk trash / restore call (the service allows at most 500). */
export const BULK_SIZE = 500;

/**
 * One document list view (spec 4): a client's tab with state filters, sort and full-text search, loaded
 * page by page as the table scrolls, kept live by the pushed `documents` events; selection for
 * trash / restore; the worker's progress per document.
 */
export class DocumentsStore {
  clientNo: number | null = null;
  tab: DocumentTab = 'ER_U';
  filters: DocumentFilters = {};
  sort: DocumentSort = DEFAULT_SORT;
  search = '';
  /** Rows by position; undefined where a page is not loaded yet. */
  rows: Array<DocumentRow | undefined> = [];
  total = 0;
  /** True once the current view's first rows (and so its total) have arrived: until then a skeleton, never a false 0. */
  loaded = false;
  loading = false;
  error: FeathersError | null = null;
  readonly selected = observable.set<number>();
  readonly progress = observable.map<number, DocumentProgress>();
  busy = false;
  /** Files uploaded from this view (to the selected client). */
  readonly uploads: UploadsStore;
  private readonly loadedPages = new Set<number>();
  /** Rows 0..headRows-1 came with the view's first request (a part of page 0). */
  private headRows = 0;
  private readonly pendingPages = new Map<number, Promise<void>>();
  private ticket = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(
    private readonly root: RootStore,
    uploader: Uploader,
  ) {
    this.uploads = new UploadsStore(root, uploader);
    makeAutoObservable<DocumentsStore, 'root' | 'loadedPages' | 'headRows' | 'pendingPages' | 'ticket' | 'unsubscribe'>(
      this,
      { root: false, loadedPages: false, headRows: false, pendingPages: false, ticket: false, unsubscribe: false, rows: observable.shallow, selected: false, progress: false, uploads: false },
      { autoBind: true },
    );
  }

  get view(): DocumentView | null {
    return this.clientNo === null ? null : { clientNo: this.clientNo, tab: this.tab, filters: this.filters, sort: this.sort, search: this.search };
  }

  get searching(): boolean {
    return this.search.trim() !== '';
  }

  /** Rows loaded so far (for selection over everything visible). */
  get loadedRows(): DocumentRow[] {
    return this.rows.filter((r): r is DocumentRow => r !== undefined);
  }

  get selectedIds(): number[] {
    return [...this.selected];
  }

  rowAt(index: number): DocumentRow | undefined {
    return this.rows[index];
  }

  /** Sets the whole view at once (route change) and reloads. */
  open(clientNo: number, tab: DocumentTab): Promise<void> {
    if (clientNo !== this.clientNo || tab !== this.tab) this.loaded = false;
    this.clientNo = clientNo;
    this.tab = tab;
    this.selected.clear();
    this.subscribe();
    return this.reload();
  }

  setFilter<K extends keyof DocumentFilters>(key: K, value: DocumentFilters[K]): Promise<void> {
    this.filters = { ...this.filters, [key]: value };
    return this.reload();
  }

  setSearch(text: string): Promise<void> {
    this.search = text;
    return this.reload();
  }

  /** A click on a column header: the same column flips the direction, another starts ascending. */
  sortBy(field: SortField): Promise<void> {
    this.sort = this.sort.field === field ? { field, direction: this.sort.direction === 1 ? -1 : 1 } : { field, direction: 1 };
    return this.reload();
  }

  /** Starts over with the first page. */
  async reload(): Promise<void> {
    if (this.clientNo === null) return;
    this.ticket++;
    this.loadedPages.clear();
    this.pendingPages.clear();
    this.headRows = 0;
    this.loading = true;
    this.error = null;
    await this.loadPage(0, true);
  }

  /** Loads the pages covering rows from..to (inclusive), e.g. the table's visible rows. */
  async ensureRows(from: number, to: number): Promise<void> {
    const last = Math.min(to, this.total - 1);
    const loads: Array<Promise<void>> = [];
    for (let page = Math.floor(Math.max(0, from) / PAGE_SIZE); page <= Math.floor(last / PAGE_SIZE); page++) {
      const inHead = page === 0 && Math.min(last, PAGE_SIZE - 1) < this.headRows;
      if (!this.loadedPages.has(page) && !inHead) loads.push(this.loadPage(page, false));
    }
    await Promise.all(loads);
  }

  /** Loads every page (select all, or a measurement). */
  ensureAll(): Promise<void> {
    return this.ensureRows(0, this.total - 1);
  }

  private loadPage(page: number, replace: boolean): Promise<void> {
    const pending = this.pendingPages.get(page);
    if (pending) return pending;
    const view = this.view;
    if (!view) return Promise.resolve();
    const ticket = this.ticket;
    const query = { ...viewQuery(view), $skip: page * PAGE_SIZE, $limit: replace ? FIRST_PAGE_SIZE : PAGE_SIZE };
    // The first rows of the URL the page opened on were requested with the shell (documents-prefetch.ts).
    const prefetched = replace ? this.root.prefetched.take<Paginated<DocumentRow> | DocumentRow[]>(prefetchKey(query)) : undefined;
    const promise = (prefetched ?? this.service().find(query))
      .then(
        (result) => act('DocumentsStore.pageLoaded', () => {
          if (ticket !== this.ticket) return;
          const list: Paginated<DocumentRow> = isPaginated(result) ? result : { total: result.length, limit: result.length, skip: 0, data: result };
          this.applyPage(page, list, replace);
        }),
        (error: FeathersError) => act('DocumentsStore.loadFailed', () => {
          if (ticket !== this.ticket) return;
          this.pendingPages.delete(page);
          this.loading = false;
          this.error = error;
        }),
      );
    this.pendingPages.set(page, promise);
    return promise;
  }

  private applyPage(page: number, list: Paginated<DocumentRow>, replace: boolean): void {
    const rows = replace ? new Array<DocumentRow | undefined>(list.total) : this.rows.slice();
    if (!replace && rows.length !== list.total) rows.length = list.total;
    list.data.forEach((row, i) => (rows[page * PAGE_SIZE + i] = row));
    this.rows = rows;
    this.total = list.total;
    // The first request covers page 0 only when the view has no more rows than it returned.
    if (!replace || list.data.length >= Math.min(PAGE_SIZE, list.total)) this.loadedPages.add(page);
    else this.headRows = list.data.length;
    this.pendingPages.delete(page);
    this.loading = false;
    this.loaded = true;
    if (replace) for (const id of [...this.selected]) if (!list.data.some((r) => r.id === id)) this.selected.delete(id);
  }

  indexOf(id: number): number {
    return this.rows.findIndex((r) => r?.id === id);
  }

  /** A pushed or returned record: updated in place, added where the sort puts it, or dropped when it left the view. */
  applyUpserted(doc: DocumentRecord): void {
    const view = this.view;
    if (!view) return;
    this.uploads.applyExtraction(doc.id, doc.extraction);
    const index = this.indexOf(doc.id);
    const current = index >= 0 ? this.rows[index] : undefined;
    if (current && doc.revision < current.revision) return;
    if (!belongsTo(doc, view)) {
      if (index >= 0) this.removeAt(index, doc.id);
      return;
    }
    if (current) {
      const rows = this.rows.slice();
      rows[index] = { ...current, ...doc, text: undefined, snippet: current.snippet, rank: current.rank };
      this.rows = rows;
      return;
    }
    // A search decides on the server which records match; new uploads do not join a result list.
    if (this.searching) return;
    this.insert({ ...doc, text: undefined });
  }

  applyRemoved(doc: Pick<DocumentRecord, 'id'>): void {
    const index = this.indexOf(doc.id);
    if (index >= 0) this.removeAt(index, doc.id);
  }

  applyProgress(progress: DocumentProgress): void {
    this.uploads.applyProgress(progress);
    if (progress.client_no !== this.clientNo) return;
    this.progress.set(progress.documentId, progress);
  }

  private insert(row: DocumentRow): void {
    const compare = compareRows(this.sort);
    let at = this.rows.findIndex((r) => r !== undefined && compare(row, r) < 0);
    if (at < 0) {
      // After every loaded row: only certain when the list is complete, otherwise a later page holds its place.
      if (this.loadedRows.length < this.total) {
        this.total += 1;
        this.rows = [...this.rows, undefined];
        return;
      }
      at = this.rows.length;
    }
    const rows = this.rows.slice();
    rows.splice(at, 0, row);
    this.rows = rows;
    this.total += 1;
  }

  private removeAt(index: number, id: number): void {
    const rows = this.rows.slice();
    rows.splice(index, 1);
    this.rows = rows;
    this.total = Math.max(0, this.total - 1);
    this.selected.delete(id);
  }

  /** Uploads files to the selected client, into the open tab's category (ER_U from the views across categories). */
  upload(files: File[], payroll = false): void {
    if (this.clientNo === null || files.length === 0) return;
    const category = (FILING_CATEGORY_CODES as readonly string[]).includes(this.tab) ? (this.tab as FilingCategoryCode) : 'ER_U';
    this.uploads.add(files, this.clientNo, category, payroll);
  }

  toggleSelected(id: number): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /** Selects every loaded row, or clears the selection when all are selected. */
  toggleAll(): void {
    const rows = this.loadedRows;
    if (rows.length > 0 && rows.every((r) => this.selected.has(r.id))) this.selected.clear();
    else rows.forEach((r) => this.selected.add(r.id));
  }

  clearSelection(): void {
    this.selected.clear();
  }

  /** Moves the selected documents to the trash. A booked one is refused (Conflict) and stays. */
  moveToTrash(ids: number[] = this.selectedIds): Promise<number> {
    return this.setDeleted(ids, true);
  }

  /** Restores the selected documents from the trash. */
  restore(ids: number[] = this.selectedIds): Promise<number> {
    return this.setDeleted(ids, false);
  }

  /** Patches in bulk (id null, query id $in); returns how many changed; rejects with the first refusal. */
  private async setDeleted(ids: number[], deleted: boolean): Promise<number> {
    if (ids.length === 0) return 0;
    this.busy = true;
    let changed = 0;
    try {
      for (let i = 0; i < ids.length; i += BULK_SIZE) {
        const chunk = ids.slice(i, i + BULK_SIZE);
        const result = (await this.service().patch(null, { deleted }, { id: { $in: chunk } })) as unknown;
        const records = Array.isArray(result) ? (result as DocumentRecord[]) : [result as DocumentRecord];
        act('DocumentsStore.bulkApplied', () => records.forEach((r) => this.applyUpserted(r)));
        changed += records.length;
      }
      return changed;
    } finally {
      act('DocumentsStore.bulkDone', () => (this.busy = false));
    }
  }

  private service() {
    return this.root.client.service<DocumentRow>('documents');
  }

  private subscribe(): void {
    if (this.unsubscribe.length) return;
    const service = this.service();
    const upsert = (doc: DocumentRecord) => act('DocumentsStore.applyPushed', () => this.applyUpserted(doc));
    const onProgress = (p: DocumentProgress) => act('DocumentsStore.applyProgress', () => this.applyProgress(p));
    const socket = this.root.client.socket;
    socket.on('documents progress', onProgress);
    const reload = () => void this.reload();
    this.unsubscribe = [
      service.on('created', upsert),
      service.on('patched', upsert),
      service.on('updated', upsert),
      service.on('removed', (doc) => act('DocumentsStore.applyRemoved', () => this.applyRemoved(doc))),
      () => socket.off('documents progress', onProgress),
      // Pushed events are lost while the connection is down.
      this.root.client.on('reauthenticated', reload),
    ];
  }

  dispose(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
    this.ticket++;
  }
}
