import { makeAutoObservable } from 'mobx';
import { SERVICES, type FonConflictKind, type FonItemState, type FonQuotaItem } from '@portal/contracts';
import { LiveList } from '../../stores/live/LiveList';
import type { FonRoot, FonStore } from './FonStore';

export interface ItemFilters {
  status: FonItemState | null;
  /** '' = items without a responsible employee. */
  employee: string | null;
  office: string | null;
  conflict: FonConflictKind | null;
  search: string;
}

export const NO_ITEM_FILTERS: ItemFilters = { status: null, employee: null, office: null, conflict: null, search: '' };

/** Items per page: the first page comes with the filters, the next ones as the user scrolls to the end. */
export const ITEM_PAGE = 200;

/**
 * The quota items of the firm's year with filters, by name (or by rank when searching), page by page. A pushed
 * change of a listed item replaces it; new or removed items reload the first page once a burst settles.
 */
export class FonItemsStore {
  readonly list: LiveList<FonQuotaItem>;
  filters: ItemFilters = { ...NO_ITEM_FILTERS };

  constructor(
    private readonly root: FonRoot,
    private readonly fon: FonStore,
  ) {
    this.list = new LiveList({
      name: 'FonItemsStore.list',
      client: root.client,
      path: SERVICES.fonQuotaItems,
      query: () => (fon.firmId ? { ...this.query, $skip: 0, $limit: ITEM_PAGE } : null),
      pageSize: ITEM_PAGE,
      admits: () => false,
      reloadOn: ['created', 'removed'],
      reloadDelayMs: 250,
      reloadOnReconnect: false,
      pushed: () => fon.quota.reloadSoon(),
    });
    makeAutoObservable<FonItemsStore, 'root' | 'fon'>(this, { root: false, fon: false, list: false }, { autoBind: true });
  }

  /** The query of the items tab: the firm, year and filters, by name (or by rank when searching). */
  get query(): Record<string, unknown> {
    const f = this.filters;
    const query: Record<string, unknown> = { firm_id: this.fon.firmId, tax_year: this.fon.taxYear, $sort: { name: 1 } };
    if (f.status) query.status = f.status;
    if (f.employee !== null) query.zustMa = f.employee === '' ? null : f.employee;
    if (f.office) query.tax_office = f.office;
    if (f.conflict) query.conflict_kind = f.conflict;
    if (f.search.trim()) {
      query.search = f.search
        .trim()
        .split(/\s+/)
        .map((w) => `${w.replace(/[*"]/g, '')}*`)
        .join(' ');
      delete query.$sort;
    }
    return query;
  }

  /** The first page for the firm, year and filters. */
  async load(): Promise<void> {
    if (!this.fon.firmId) this.list.clear();
    else await this.list.load();
  }

  /** The next page, as the user scrolls to the end of the table; nothing while a page loads or when all are there. */
  loadMore(): void {
    void this.list.loadMore();
  }

  async setFilters(change: Partial<ItemFilters>): Promise<void> {
    this.filters = { ...this.filters, ...change };
    await this.load();
  }

  setRelevance(id: string, notRelevant: boolean, remark: string | null): Promise<void> {
    return this.fon.busyWith(async () => {
      await this.root.client.service(SERVICES.fonQuotaItems).patch(id, { not_relevant: notRelevant, remark });
      await Promise.all([this.load(), this.fon.quota.load()]);
    });
  }
}
