import { makeAutoObservable } from 'mobx';
import type { DocumentRecord, FilingCategoryCode } from '@portal/contracts';
import type { FeathersClient } from '../../api/feathers-client';
import { act } from '../../stores/act';
import { LiveList, type ListAnswer } from '../../stores/live/LiveList';
import type { PrefetchCache } from '../../stores/prefetch-cache';
import { invoiceListQuery } from './invoice-list-prefetch';

/** A list row: the record without booking details is enough, but pushes carry the whole record. */
export type InvoiceRow = DocumentRecord;

const newestFirst = (a: InvoiceRow, b: InvoiceRow) => (a.uploaded_at < b.uploaded_at ? 1 : a.uploaded_at > b.uploaded_at ? -1 : b.id - a.id);

/**
 * The documents of one client and tab (the list of the chosen type), kept live by pushed events, and where the
 * open document stands in it, so previous / next still work once it left the list.
 */
export class InvoiceListStore {
  client: number | null = null;
  tab: FilingCategoryCode = 'ER_U';
  readonly rows: LiveList<InvoiceRow>;
  selectedId: number | null = null;
  private anchorIndex = -1;

  constructor(transport: FeathersClient, prefetched?: PrefetchCache) {
    this.rows = new LiveList({
      name: 'InvoiceListStore.rows',
      client: transport,
      path: 'documents',
      query: () => (this.client === null ? null : invoiceListQuery(this.client, this.tab)),
      // The list of the URL the page opened on was requested with the shell (invoice-list-prefetch.ts).
      fetch: (query) => prefetched?.take<ListAnswer<InvoiceRow>>('documents', query) ?? transport.service<InvoiceRow>('documents').find(query),
      order: newestFirst,
      belongs: (doc) => doc.client_no === this.client && doc.category === this.tab && !doc.deleted,
      revisionOf: (doc) => doc.revision,
      merge: (listed, doc) => ({ ...listed, ...doc }),
    });
    makeAutoObservable(this, { rows: false }, { autoBind: true });
  }

  get selectedIndex(): number {
    return this.selectedId === null ? -1 : this.rows.indexOf(this.selectedId);
  }

  get first(): InvoiceRow | null {
    return this.rows.items[0] ?? null;
  }

  /** The invoice above the open one (Ctrl+Up). */
  get previous(): InvoiceRow | null {
    const rows = this.rows.items;
    const i = this.selectedIndex;
    if (i >= 0) return rows[i - 1] ?? null;
    return this.anchorIndex > 0 ? (rows[Math.min(this.anchorIndex, rows.length) - 1] ?? null) : null;
  }

  /** The invoice below the open one (Ctrl+Down); after the open one left the list, the one that took its place. */
  get next(): InvoiceRow | null {
    const rows = this.rows.items;
    const i = this.selectedIndex;
    if (i >= 0) return rows[i + 1] ?? null;
    return this.anchorIndex >= 0 ? (rows[this.anchorIndex] ?? null) : null;
  }

  select(id: number | null): void {
    this.selectedId = id;
    this.anchorIndex = this.selectedIndex;
  }

  /** Loads the list of a client's tab; a later call wins over an earlier one still running. */
  async load(client: number, tab: FilingCategoryCode): Promise<void> {
    if (client !== this.client || tab !== this.tab) {
      this.rows.clear();
      this.anchorIndex = -1;
    }
    this.client = client;
    this.tab = tab;
    if (!(await this.rows.load())) return;
    act('InvoiceListStore.loaded', () => {
      if (this.selectedIndex >= 0) this.anchorIndex = this.selectedIndex;
    });
  }

  /** A pushed created / patched record: its row is updated, inserted or dropped, and the anchor follows. */
  applyUpserted(doc: InvoiceRow): void {
    const before = this.rows.indexOf(doc.id);
    this.rows.upsert(doc);
    this.follow(doc.id, before);
  }

  applyRemoved(doc: Pick<InvoiceRow, 'id'>): void {
    const before = this.rows.indexOf(doc.id);
    this.rows.remove(doc.id);
    this.follow(doc.id, before);
  }

  /** Where the open document stands: its row, the place it left, or the same place shifted by a row added or taken above it. */
  private follow(id: number, before: number): void {
    const after = this.rows.indexOf(id);
    if (this.selectedIndex >= 0) this.anchorIndex = this.selectedIndex;
    else if (id === this.selectedId && before >= 0 && after < 0) this.anchorIndex = before;
    else if (before < 0 && after >= 0 && after <= this.anchorIndex) this.anchorIndex++;
    else if (before >= 0 && after < 0 && before < this.anchorIndex) this.anchorIndex--;
  }
}
