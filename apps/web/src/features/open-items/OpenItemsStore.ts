import { makeAutoObservable } from 'mobx';
import {
  SERVICES,
  type AgeingBucketKey,
  type AgeingTotals,
  type OpenItem,
  type OpenItemKind,
  type OpenItemPatch,
  type OpenItemsPage,
  type PaymentQr,
} from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import type { RootStore } from '../../stores/RootStore';

export type OpenItemsRoot = Pick<RootStore, 'client' | 'session'>;
/** Rows fetched per page; "load more" adds the next page. */
export const OPEN_ITEMS_PAGE = 100;

/** The list's orders (the service's sortable fields). */
export const OPEN_ITEM_SORTS = [
  'due_date:1',
  'due_date:-1',
  'outstanding:-1',
  'outstanding:1',
  'invoice_date:-1',
  'invoice_date:1',
  'party:1',
  'invoice_number:1',
] as const;
export type OpenItemSort = (typeof OPEN_ITEM_SORTS)[number];

/** `/unpaid/{client}/{er|ar}/{id}`: er = payables (incoming invoices), ar = receivables (outgoing). */
export const kindOfType = (type: string | undefined): OpenItemKind => (type?.toLowerCase() === 'ar' ? 'receivable' : 'payable');
export const typeOfKind = (kind: OpenItemKind) => (kind === 'receivable' ? 'ar' : 'er');

/** A burst of pushed changes reloads the list and the ageing once. */
const BURST_MS = 400;

/** The unpaid items of one client and kind: list, ageing, the selected item, and its payments, reminders and block. */
export class OpenItemsStore {
  client: number | null = null;
  kind: OpenItemKind = 'payable';
  status: 'open' | 'all' = 'open';
  bucket: AgeingBucketKey | null = null;
  search = '';
  sort: OpenItemSort = 'due_date:1';
  readonly items: LiveList<OpenItem>;
  ageing: AgeingTotals[] = [];
  today = '';
  selectedId: number | null = null;
  selected: OpenItem | null = null;
  private selectedError: FeathersError | null = null;
  busy = false;
  /** Rows the list shows: one page, more after "load more"; a reload asks for as many again. */
  private wanted = OPEN_ITEMS_PAGE;

  constructor(private readonly root: OpenItemsRoot) {
    this.items = new LiveList({
      name: 'OpenItemsStore.items',
      client: root.client,
      path: SERVICES.openItems,
      query: () => (this.client === null ? null : this.query(0, this.wanted)),
      pageSize: OPEN_ITEMS_PAGE,
      admits: () => false,
      reloadDelayMs: BURST_MS,
      reloadOnReconnect: false,
      received: (answer) => {
        const page = answer as OpenItemsPage;
        this.ageing = page.ageing;
        this.today = page.today;
      },
      pushed: this.pushed,
    });
    makeAutoObservable<OpenItemsStore, 'root' | 'wanted' | 'pushed'>(this, { root: false, wanted: false, pushed: false, items: false }, { autoBind: true });
  }

  get service() {
    return this.root.client.service<OpenItem>(SERVICES.openItems);
  }

  get mayChange(): boolean {
    return this.root.session.has('acc', 'pay');
  }

  get error(): FeathersError | null {
    return this.items.error ?? this.selectedError;
  }

  get index(): number {
    return this.items.indexOf(this.selectedId ?? -1);
  }
  get previous(): OpenItem | null {
    return this.index > 0 ? this.items.items[this.index - 1]! : null;
  }
  get next(): OpenItem | null {
    return this.index >= 0 && this.index < this.items.items.length - 1 ? this.items.items[this.index + 1]! : null;
  }

  /** Pushed changes of the client's items: the listed item is replaced at once, the list and the ageing reload once the burst settles. */
  activate(): () => void {
    return this.items.subscribe();
  }

  /** A pushed item of this client and kind, listed or meant for the list, is shown as selected and reloads the list. */
  private readonly pushed = (item: OpenItem): void => {
    if (item.client_no !== this.client || item.kind !== this.kind) return;
    // Records of documents that are not (or no longer) listed matter only when the list shows them.
    if (!item.listed && !this.items.get(item.id)) return;
    if (item.id === this.selectedId) this.selected = item;
    this.items.reloadSoon();
  };

  async open(client: number, kind: OpenItemKind, id: number): Promise<void> {
    const reload = client !== this.client || kind !== this.kind || !this.items.loaded;
    this.client = client;
    this.kind = kind;
    this.selectedId = id > 0 ? id : null;
    if (reload) {
      this.wanted = OPEN_ITEMS_PAGE;
      await this.load();
    }
    const first = this.items.items[0];
    if (this.selectedId === null && first) this.selectedId = first.id;
    await this.loadSelected();
  }

  setFilter(changes: Partial<Pick<OpenItemsStore, 'status' | 'bucket' | 'search' | 'sort'>>): Promise<void> {
    Object.assign(this, changes);
    this.wanted = OPEN_ITEMS_PAGE;
    return this.load();
  }

  /** Reloads the list and the ageing, one load at a time, as many rows as the list shows. */
  refresh(): Promise<void> {
    return this.items.reload();
  }

  private query(skip: number, limit: number): Record<string, unknown> {
    const [field, direction] = this.sort.split(':') as [string, string];
    const query: Record<string, unknown> = {
      client_no: this.client,
      kind: this.kind,
      status: this.status,
      $skip: skip,
      $limit: limit,
      $sort: { [field]: Number(direction) },
    };
    if (this.bucket) query.bucket = this.bucket;
    if (this.search.trim()) query.search = this.search.trim();
    return query;
  }

  /** The first rows of the filter and the ageing. */
  async load(): Promise<void> {
    await this.items.load();
  }

  /** The next page of the filter, appended; a reload then asks for every row shown (up to the service's 500 per call). */
  async loadMore(): Promise<void> {
    await this.items.loadMore();
    this.wanted = Math.min(500, Math.max(OPEN_ITEMS_PAGE, this.items.items.length));
  }

  async loadSelected(): Promise<void> {
    const id = this.selectedId;
    if (id === null) {
      this.selected = null;
      return;
    }
    const fromList = this.items.get(id);
    if (fromList) this.selected = fromList;
    try {
      const item = await this.service.get(id);
      act('OpenItemsStore.selected', () => {
        if (id !== this.selectedId) return;
        this.selected = item;
        this.selectedError = null;
      });
    } catch (e) {
      act('OpenItemsStore.selectedFailed', () => {
        if (id === this.selectedId) {
          this.selected = null;
          this.selectedError = toFeathersError(e);
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
