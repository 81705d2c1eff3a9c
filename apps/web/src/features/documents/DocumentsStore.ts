import { makeAutoObservable, observable } from 'mobx';
import type { DocumentProgress, DocumentRecord, DocumentTab, FilingCategoryCode } from '@portal/contracts';
import { FILING_CATEGORY_CODES } from '@portal/contracts';
import type { Uploader } from '../../api/document-upload';
import { act } from '../../stores/act';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import type { DocumentFilters, DocumentSort, DocumentView, SortField } from './document-view';
import { DEFAULT_SORT } from './document-view';
import { FIRST_PAGE_SIZE } from './documents-prefetch';
import { DocumentRows, PAGE_SIZE } from './DocumentRows';
import { UploadsStore } from './UploadsStore';

export { FIRST_PAGE_SIZE, PAGE_SIZE };
/** Ids per bulk trash / restore call (the service allows at most 500). */
export const BULK_SIZE = 500;

/**
 * One document list view: a client's tab with state filters, sort and full-text search, its rows loaded page
 * by page as the table scrolls and kept live by the pushed `documents` events; selection for trash / restore;
 * the worker's progress per document; uploads into the open tab.
 */
export class DocumentsStore {
  clientNo: number | null = null;
  tab: DocumentTab = 'ER_U';
  filters: DocumentFilters = {};
  sort: DocumentSort = DEFAULT_SORT;
  search = '';
  readonly rows: DocumentRows;
  readonly selected = observable.set<number>();
  readonly progress = observable.map<number, DocumentProgress>();
  busy = false;
  /** Files uploaded from this view (to the selected client). */
  readonly uploads: UploadsStore;
  private readonly subscriptions: Subscriptions;

  constructor(
    private readonly root: RootStore,
    uploader: Uploader,
  ) {
    this.uploads = new UploadsStore(root, uploader);
    this.rows = new DocumentRows({
      root,
      view: () => this.view,
      replaced: (first) => {
        for (const id of [...this.selected]) if (!first.some((r) => r.id === id)) this.selected.delete(id);
      },
      removed: (id) => this.selected.delete(id),
    });
    this.subscriptions = new Subscriptions(root.client, 'DocumentsStore');
    makeAutoObservable<DocumentsStore, 'root' | 'subscriptions'>(
      this,
      { root: false, subscriptions: false, rows: false, selected: false, progress: false, uploads: false },
      { autoBind: true },
    );
  }

  get view(): DocumentView | null {
    return this.clientNo === null ? null : { clientNo: this.clientNo, tab: this.tab, filters: this.filters, sort: this.sort, search: this.search };
  }

  get searching(): boolean {
    return this.search.trim() !== '';
  }

  get selectedIds(): number[] {
    return [...this.selected];
  }

  /** Sets the whole view at once (route change; filters a link names, e.g. the overview's invalid e-invoices) and reloads. */
  open(clientNo: number, tab: DocumentTab, filters: Partial<DocumentFilters> = {}): Promise<void> {
    if (clientNo !== this.clientNo || tab !== this.tab) this.rows.forget();
    this.clientNo = clientNo;
    this.tab = tab;
    if (Object.keys(filters).length) this.filters = { ...this.filters, ...filters };
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
  reload(): Promise<void> {
    return this.rows.reload();
  }

  /** A pushed or returned record: its upload's progress, and its row. */
  applyUpserted(doc: DocumentRecord): void {
    if (!this.view) return;
    this.uploads.applyExtraction(doc.id, doc.extraction);
    this.rows.upsert(doc);
  }

  applyProgress(progress: DocumentProgress): void {
    this.uploads.applyProgress(progress);
    if (progress.client_no !== this.clientNo) return;
    this.progress.set(progress.documentId, progress);
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
    const rows = this.rows.loadedRows;
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
        const result = (await this.root.client.service<DocumentRecord>('documents').patch(null, { deleted }, { id: { $in: chunk } })) as unknown;
        const records = Array.isArray(result) ? (result as DocumentRecord[]) : [result as DocumentRecord];
        act('DocumentsStore.bulkApplied', () => records.forEach((r) => this.applyUpserted(r)));
        changed += records.length;
      }
      return changed;
    } finally {
      act('DocumentsStore.bulkDone', () => (this.busy = false));
    }
  }

  private subscribe(): void {
    if (this.subscriptions.active) return;
    const socket = this.root.client.socket;
    const onProgress = (p: DocumentProgress) => act('DocumentsStore.applyProgress', () => this.applyProgress(p));
    socket.on('documents progress', onProgress);
    this.subscriptions
      .on<DocumentRecord>('documents', {
        created: this.applyUpserted,
        patched: this.applyUpserted,
        updated: this.applyUpserted,
        removed: (doc) => this.rows.remove(doc.id),
      })
      .add(() => socket.off('documents progress', onProgress))
      // Pushed events are lost while the connection is down.
      .onReconnect(() => void this.reload());
  }

  dispose(): void {
    this.subscriptions.stop();
    this.rows.cancel();
  }
}
