import { makeAutoObservable, observable } from 'mobx';
import type { DocumentRecord, Paginated } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import type { RootStore } from '../../stores/RootStore';
import type { DocumentRow, DocumentView } from './document-view';
import { belongsTo, compareRows, viewQuery } from './document-view';
import { FIRST_PAGE_SIZE } from './documents-prefetch';

/** Rows per request while scrolling (the service allows at most 1000). */
export const PAGE_SIZE = 1000;

export interface DocumentRowsOptions {
  root: Pick<RootStore, 'client' | 'prefetched'>;
  /** The view the rows show; null while none is chosen. */
  view: () => DocumentView | null;
  /** A reload's first rows arrived (a selection keeps only rows among them). */
  replaced: (first: readonly DocumentRow[]) => void;
  /** A row left the view. */
  removed: (id: number) => void;
}

/**
 * The rows of one document view by position, loaded page by page as the table scrolls (undefined where a page
 * is not loaded yet), and kept live: a pushed record is updated in place, put where the sort puts it, or taken
 * out when it left the view. The first request asks for one screen of rows, so they show at once.
 */
export class DocumentRows {
  items: Array<DocumentRow | undefined> = [];
  total = 0;
  /** True once the view's first rows (and so its total) have arrived: until then a skeleton, never a false 0. */
  loaded = false;
  loading = false;
  error: FeathersError | null = null;
  private readonly latest = new LatestRequest();
  private readonly loadedPages = new Set<number>();
  /** Rows 0..headRows-1 came with the view's first request (a part of page 0). */
  private headRows = 0;
  private readonly pendingPages = new Map<number, Promise<void>>();

  constructor(private readonly options: DocumentRowsOptions) {
    makeAutoObservable<DocumentRows, 'options' | 'latest' | 'loadedPages' | 'headRows' | 'pendingPages'>(
      this,
      { options: false, latest: false, loadedPages: false, headRows: false, pendingPages: false, items: observable.shallow },
      { autoBind: true },
    );
  }

  /** Rows loaded so far (for selection over everything visible). */
  get loadedRows(): DocumentRow[] {
    return this.items.filter((r): r is DocumentRow => r !== undefined);
  }

  rowAt(index: number): DocumentRow | undefined {
    return this.items[index];
  }

  indexOf(id: number): number {
    return this.items.findIndex((r) => r?.id === id);
  }

  /** Starts over with the first page; answers to earlier requests are dropped. */
  async reload(): Promise<void> {
    if (!this.options.view()) return;
    this.latest.next();
    this.loadedPages.clear();
    this.pendingPages.clear();
    this.headRows = 0;
    this.loading = true;
    this.error = null;
    await this.loadPage(0, true);
  }

  /** The view changed to another client or tab: nothing shows until its first rows arrive. */
  forget(): void {
    this.loaded = false;
  }

  /** Leaving the view: answers on their way are dropped. */
  cancel(): void {
    this.latest.cancel();
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
    const view = this.options.view();
    if (!view) return Promise.resolve();
    const isCurrent = this.latest.same();
    const query = { ...viewQuery(view), $skip: page * PAGE_SIZE, $limit: replace ? FIRST_PAGE_SIZE : PAGE_SIZE };
    // The first rows of the URL the page opened on were requested with the shell (documents-prefetch.ts).
    const prefetched = replace ? this.options.root.prefetched.take<Paginated<DocumentRow> | DocumentRow[]>('documents', query) : undefined;
    const promise = (prefetched ?? this.options.root.client.service<DocumentRow>('documents').find(query)).then(
      (result) =>
        act('DocumentRows.pageLoaded', () => {
          if (!isCurrent()) return;
          this.applyPage(page, isPaginated(result) ? result : { total: result.length, limit: result.length, skip: 0, data: result }, replace);
        }),
      (error: FeathersError) =>
        act('DocumentRows.loadFailed', () => {
          if (!isCurrent()) return;
          this.pendingPages.delete(page);
          this.loading = false;
          this.error = error;
        }),
    );
    this.pendingPages.set(page, promise);
    return promise;
  }

  private applyPage(page: number, list: Paginated<DocumentRow>, replace: boolean): void {
    const rows = replace ? new Array<DocumentRow | undefined>(list.total) : this.items.slice();
    if (!replace && rows.length !== list.total) rows.length = list.total;
    list.data.forEach((row, i) => (rows[page * PAGE_SIZE + i] = row));
    this.items = rows;
    this.total = list.total;
    // The first request covers page 0 only when the view has no more rows than it returned.
    if (!replace || list.data.length >= Math.min(PAGE_SIZE, list.total)) this.loadedPages.add(page);
    else this.headRows = list.data.length;
    this.pendingPages.delete(page);
    this.loading = false;
    this.loaded = true;
    if (replace) this.options.replaced(list.data);
  }

  /** A pushed or returned record: updated in place, added where the sort puts it, or dropped when it left the view. */
  upsert(doc: DocumentRecord): void {
    const view = this.options.view();
    if (!view) return;
    const index = this.indexOf(doc.id);
    const current = index >= 0 ? this.items[index] : undefined;
    if (current && doc.revision < current.revision) return;
    if (!belongsTo(doc, view)) {
      if (index >= 0) this.removeAt(index, doc.id);
      return;
    }
    if (current) {
      const rows = this.items.slice();
      rows[index] = { ...current, ...doc, text: undefined, snippet: current.snippet, rank: current.rank };
      this.items = rows;
      return;
    }
    // A search decides on the server which records match; new uploads do not join a result list.
    if (view.search.trim() !== '') return;
    this.insert({ ...doc, text: undefined }, view);
  }

  remove(id: number): void {
    const index = this.indexOf(id);
    if (index >= 0) this.removeAt(index, id);
  }

  private insert(row: DocumentRow, view: DocumentView): void {
    const compare = compareRows(view.sort);
    let at = this.items.findIndex((r) => r !== undefined && compare(row, r) < 0);
    if (at < 0) {
      // After every loaded row: only certain when the list is complete, otherwise a later page holds its place.
      if (this.loadedRows.length < this.total) {
        this.total += 1;
        this.items = [...this.items, undefined];
        return;
      }
      at = this.items.length;
    }
    const rows = this.items.slice();
    rows.splice(at, 0, row);
    this.items = rows;
    this.total += 1;
  }

  private removeAt(index: number, id: number): void {
    const rows = this.items.slice();
    rows.splice(index, 1);
    this.items = rows;
    this.total = Math.max(0, this.total - 1);
    this.options.removed(id);
  }
}
