import { makeAutoObservable } from 'mobx';
import { SERVICES, type AgeingBucketKey, type AgeingTotals, type OpenItem, type OpenItemKind, type OpenItemPatch, type OpenItemsPage, type PaymentQr } from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export type OpenItemsRoot = Pick<RootStore, 'client' | 'session'>;
/** Rows fetched per page; "load more" adds the next page. */
export const OPEN_ITEMS_PAGE = 100;

/** The list's orders (the service's sortable fields). */
export const OPEN_ITEM_SORTS = ['due_date:1', 'due_date:-1', 'outstanding:-1', 'outstanding:1', 'invoice_date:-1', 'invoice_date:1', 'party:1', 'invoice_number:1'] as const;
export type OpenItemSort = (typeof OPEN_ITEM_SORTS)[number];

/** `/unpaid/{client}/{er|ar}/{id}`: er = payables (incoming invoices), ar = receivables (outgoing). */
export const kindOfType = (type: string | undefined): OpenItemKind => (type?.toLowerCase() === 'ar' ? 'receivable' : 'payable');
export const typeOfKind = (kind: OpenItemKind) => (kind === 'receivable' ? 'ar' : 'er');

/** The unpaid items of one client and kind: list, ageing, the selected item, and its payments, reminders and block. */
export class OpenItemsStore {
  client: number | null = null;
  kind: OpenItemKind = 'payable';
  status: 'open' | 'all' = 'open';
  bucket: AgeingBucketKey | null = null;
  search = '';
  sort: OpenItemSort = 'due_date:1';
  items: OpenItem[] = [];
  loadingMore = false;
  total = 0;
  ageing: AgeingTotals[] = [];
  today = '';
  selectedId: number | null = null;
  selected: OpenItem | null = null;
  loading = false;
  loaded = false;
  error: FeathersError | null = null;
  busy = false;
  private ticket = 0;
  /** Rows the list shows: one page, more after "load more"; a refresh loads as many again. */
  private wanted = OPEN_ITEMS_PAGE;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private inFlight = false;
  private stale = false;

  constructor(private readonly root: OpenItemsRoot) {
    makeAutoObservable<OpenItemsStore, 'root' | 'ticket' | 'wanted' | 'timer' | 'inFlight' | 'stale'>(this, { root: false, ticket: false, wanted: false, timer: false, inFlight: false, stale: false }, { autoBind: true });
  }

  get service() {
    return this.root.client.service<OpenItem>(SERVICES.openItems);
  }

  get mayChange(): boolean {
    return this.root.session.has('acc', 'pay');
  }

  get index(): number {
    return this.items.findIndex((i) => i.id === this.selectedId);
  }
  get previous(): OpenItem | null {
    return this.index > 0 ? this.items[this.index - 1]! : null;
  }
  get next(): OpenItem | null {
    return this.index >= 0 && this.index < this.items.length - 1 ? this.items[this.index + 1]! : null;
  }

  /** Pushed changes of the client's items refresh the list and the ageing (debounced), and the selected item at once. */
  activate(): () => void {
    const pushed = (item: OpenItem) => {
      if (item.client_no !== this.client || item.kind !== this.kind) return;
      // Records of documents that are not (or no longer) listed matter only when the list shows them.
      if (!item.listed && !this.items.some((i) => i.id === item.id)) return;
      act('OpenItemsStore.pushed', () => {
        if (item.id === this.selectedId) this.selected = item;
        const at = this.items.findIndex((i) => i.id === item.id);
        if (at >= 0) this.items[at] = item;
      });
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.refresh(), 400);
    };
    const off = [this.service.on('patched', pushed), this.service.on('created', pushed)];
    return () => {
      off.forEach((o) => o());
      if (this.timer) clearTimeout(this.timer);
    };
  }

  async open(client: number, kind: OpenItemKind, id: number): Promise<void> {
    const reload = client !== this.client || kind !== this.kind || !this.loaded;
    this.client = client;
    this.kind = kind;
    this.selectedId = id > 0 ? id : null;
    if (reload) {
      this.wanted = OPEN_ITEMS_PAGE;
      await this.load();
    }
    if (this.selectedId === null && this.items[0]) this.selectedId = this.items[0].id;
    await this.loadSelected();
  }

  get hasMore(): boolean {
    return this.items.length < this.total;
  }

  setFilter(changes: Partial<Pick<OpenItemsStore, 'status' | 'bucket' | 'search' | 'sort'>>): Promise<void> {
    Object.assign(this, changes);
    this.wanted = OPEN_ITEMS_PAGE;
    return this.load();
  }

  /**
   * A pushed change reloads the list and the ageing, one load at a time: while one is in flight the next waits
   * for it (so a stream of pushes can never keep cancelling the answer it waits for).
   */
  async refresh(): Promise<void> {
    if (this.inFlight) {
      this.stale = true;
      return;
    }
    this.inFlight = true;
    try {
      do {
        this.stale = false;
        await this.load();
      } while (this.stale);
    } finally {
      this.inFlight = false;
    }
  }

  private query(skip: number, limit: number): Record<string, unknown> {
    const [field, direction] = this.sort.split(':') as [string, string];
    const query: Record<string, unknown> = { client_no: this.client, kind: this.kind, status: this.status, $skip: skip, $limit: limit, $sort: { [field]: Number(direction) } };
    if (this.bucket) query.bucket = this.bucket;
    if (this.search.trim()) query.search = this.search.trim();
    return query;
  }

  /**
   * The first rows of the filter and the ageing. A refresh loads as many rows as the list shows (up to the service's
   * 500 per call), so a pushed change does not take the pages loaded with "load more" away.
   */
  async load(): Promise<void> {
    if (this.client === null) return;
    const ticket = ++this.ticket;
    this.loading = true;
    try {
      const page = (await this.service.find(this.query(0, this.wanted))) as unknown as OpenItemsPage;
      act('OpenItemsStore.loaded', () => {
        if (ticket !== this.ticket) return;
        Object.assign(this, { items: page.data, total: page.total, ageing: page.ageing, today: page.today, loading: false, loaded: true, error: null });
      });
    } catch (e) {
      act('OpenItemsStore.failed', () => {
        if (ticket !== this.ticket) return;
        this.error = toFeathersError(e);
        this.loading = false;
      });
    }
  }

  /** The next page of the filter, appended (rows already listed are not repeated). */
  async loadMore(): Promise<void> {
    if (this.client === null || this.loadingMore || !this.hasMore) return;
    const ticket = this.ticket;
    this.loadingMore = true;
    try {
      const page = (await this.service.find(this.query(this.items.length, OPEN_ITEMS_PAGE))) as unknown as OpenItemsPage;
      act('OpenItemsStore.more', () => {
        this.loadingMore = false;
        if (ticket !== this.ticket) return;
        const known = new Set(this.items.map((i) => i.id));
        this.items = [...this.items, ...page.data.filter((i) => !known.has(i.id))];
        this.total = page.total;
        this.wanted = Math.min(500, this.items.length);
      });
    } catch (e) {
      act('OpenItemsStore.moreFailed', () => {
        this.loadingMore = false;
        this.error = toFeathersError(e);
      });
    }
  }

  async loadSelected(): Promise<void> {
    const id = this.selectedId;
    if (id === null) {
      this.selected = null;
      return;
    }
    const fromList = this.items.find((i) => i.id === id);
    if (fromList) this.selected = fromList;
    try {
      const item = await this.service.get(id);
      act('OpenItemsStore.selected', () => id === this.selectedId && (this.selected = item));
    } catch (e) {
      act('OpenItemsStore.selectedFailed', () => {
        if (id === this.selectedId) {
          this.selected = null;
          this.error = toFeathersError(e);
        }
      });
    }
  }

  /** One change of the selected item (pay, cancel a payment, remind, block); the answer is the updated item. */
  async change(patch: OpenItemPatch): Promise<OpenItem> {
    const id = this.selectedId;
    if (id === null) throw new Error('No item selected');
    this.busy = true;
    try {
      const item = await this.service.patch(id, patch);
      act('OpenItemsStore.changed', () => {
        this.selected = item;
        this.busy = false;
      });
      void this.refresh();
      return item;
    } catch (e) {
      act('OpenItemsStore.changeFailed', () => (this.busy = false));
      throw toFeathersError(e);
    }
  }

  paymentQr(documentId: number): Promise<PaymentQr> {
    return this.root.client.service<PaymentQr>(SERVICES.paymentQr).get(documentId);
  }
}
