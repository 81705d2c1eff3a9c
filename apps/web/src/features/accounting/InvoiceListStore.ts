import { makeAutoObservable } from 'mobx';
import type { DocumentRecord, FilingCategoryCode, Paginated } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import type { FeathersClient } from '../../api/feathers-client';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';

/** One page is enough for a work queue; the total shows when there are more. */
export const INVOICE_LIST_LIMIT = 500;

/** A list row: the record without booking details is enough, but pushes carry the whole record. */
export type InvoiceRow = DocumentRecord;

const newestFirst = (a: InvoiceRow, b: InvoiceRow) => (a.uploaded_at < b.uploaded_at ? 1 : a.uploaded_at > b.uploaded_at ? -1 : b.id - a.id);

/** The documents of one client and tab (spec 2: the list of the chosen type), kept live by pushed events. */
export class InvoiceListStore {
  client: number | null = null;
  tab: FilingCategoryCode = 'ER_U';
  rows: InvoiceRow[] = [];
  total = 0;
  loading = false;
  loaded = false;
  error: FeathersError | null = null;
  /** The open document and where it last stood, so previous / next still work once it left the list. */
  selectedId: number | null = null;
  private anchorIndex = -1;
  private ticket = 0;

  constructor(private readonly transport: FeathersClient) {
    makeAutoObservable<InvoiceListStore, 'transport' | 'ticket'>(this, { transport: false, ticket: false }, { autoBind: true });
  }

  get selectedIndex(): number {
    return this.selectedId === null ? -1 : this.rows.findIndex((r) => r.id === this.selectedId);
  }

  get first(): InvoiceRow | null {
    return this.rows[0] ?? null;
  }

  /** The invoice above the open one (Ctrl+Up). */
  get previous(): InvoiceRow | null {
    const i = this.selectedIndex;
    if (i >= 0) return this.rows[i - 1] ?? null;
    return this.anchorIndex > 0 ? (this.rows[Math.min(this.anchorIndex, this.rows.length) - 1] ?? null) : null;
  }

  /** The invoice below the open one (Ctrl+Down); after the open one left the list, the one that took its place. */
  get next(): InvoiceRow | null {
    const i = this.selectedIndex;
    if (i >= 0) return this.rows[i + 1] ?? null;
    return this.anchorIndex >= 0 ? (this.rows[this.anchorIndex] ?? null) : null;
  }

  select(id: number | null): void {
    this.selectedId = id;
    this.anchorIndex = this.selectedIndex;
  }

  /** Loads the list of a client's tab; a later call wins over an earlier one still running. */
  async load(client: number, tab: FilingCategoryCode): Promise<void> {
    const ticket = ++this.ticket;
    if (client !== this.client || tab !== this.tab) {
      this.rows = [];
      this.total = 0;
      this.loaded = false;
      this.anchorIndex = -1;
    }
    this.client = client;
    this.tab = tab;
    this.loading = true;
    this.error = null;
    try {
      const result = await this.transport
        .service<InvoiceRow>('documents')
        .find({ tab, client_no: client, $sort: { uploaded_at: -1 }, $limit: INVOICE_LIST_LIMIT });
      if (ticket !== this.ticket) return;
      const page: Paginated<InvoiceRow> = isPaginated(result) ? result : { total: result.length, limit: result.length, skip: 0, data: result };
      act('InvoiceListStore.loaded', () => {
        this.rows = [...page.data].sort(newestFirst);
        this.total = page.total;
        this.loading = false;
        this.loaded = true;
        if (this.selectedIndex >= 0) this.anchorIndex = this.selectedIndex;
      });
    } catch (e) {
      if (ticket !== this.ticket) return;
      act('InvoiceListStore.loadFailed', () => {
        this.loading = false;
        this.error = e as FeathersError;
      });
    }
  }

  private belongs(doc: InvoiceRow): boolean {
    return doc.client_no === this.client && doc.category === this.tab && !doc.deleted;
  }

  /** A pushed created / patched record: update, insert or drop its row. */
  applyUpserted(doc: InvoiceRow): void {
    const index = this.rows.findIndex((r) => r.id === doc.id);
    const current = index >= 0 ? this.rows[index] : undefined;
    if (current && doc.revision < current.revision) return;
    if (!this.belongs(doc)) {
      if (index >= 0) this.removeAt(index);
      return;
    }
    if (index >= 0) {
      this.rows[index] = { ...current, ...doc };
      return;
    }
    const at = this.rows.findIndex((r) => newestFirst(doc, r) < 0);
    const insertAt = at < 0 ? this.rows.length : at;
    this.rows.splice(insertAt, 0, doc);
    this.total++;
    if (this.anchorIndex >= insertAt && this.selectedIndex < 0) this.anchorIndex++;
    if (this.selectedIndex >= 0) this.anchorIndex = this.selectedIndex;
  }

  applyRemoved(doc: Pick<InvoiceRow, 'id'>): void {
    const index = this.rows.findIndex((r) => r.id === doc.id);
    if (index >= 0) this.removeAt(index);
  }

  private removeAt(index: number): void {
    const removed = this.rows[index];
    this.rows.splice(index, 1);
    this.total = Math.max(0, this.total - 1);
    if (removed.id === this.selectedId) this.anchorIndex = index;
    else if (this.selectedIndex >= 0) this.anchorIndex = this.selectedIndex;
    else if (index < this.anchorIndex) this.anchorIndex--;
  }
}
