import { makeAutoObservable } from 'mobx';
import type { BankTransaction } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { recordsOf } from '../../stores/live/LiveList';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { BankingStore, BankingRoot } from './BankingStore';

/** Rows fetched per page of the virtualised transaction list. */
export const TRANSACTION_PAGE = 100;

export interface TransactionFilters {
  search: string;
  from: string;
  to: string;
  minAmount: string;
  maxAmount: string;
  direction: 'all' | 'credit' | 'debit';
  status: 'all' | 'booked' | 'pending';
  match: 'all' | 'unmatched' | 'matched';
}

export const EMPTY_FILTERS: TransactionFilters = { search: '', from: '', to: '', minAmount: '', maxAmount: '', direction: 'all', status: 'all', match: 'all' };

const cents = (text: string) => {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? null : Math.round(Math.abs(n) * 100);
};

/** The virtualised transaction list of the selected account (or all accounts): search and filters, loaded by page as rows scroll into view. */
export class BankTransactionsStore {
  filters: TransactionFilters = { ...EMPTY_FILTERS };
  /** Sparse rows of the current filter: index → transaction, loaded by page. */
  rows = new Map<number, BankTransaction>();
  total = 0;
  error: FeathersError | null = null;
  private readonly latest = new LatestRequest();
  private pagesLoading = new Set<number>();

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
  ) {
    makeAutoObservable<BankTransactionsStore, 'root' | 'banking' | 'latest' | 'pagesLoading'>(
      this,
      { root: false, banking: false, latest: false, pagesLoading: false },
      { autoBind: true },
    );
  }

  /** The Feathers query of the current account and filters. */
  get query(): Record<string, unknown> {
    const f = this.filters;
    const q: Record<string, unknown> = { client_no: this.banking.client };
    const account = this.banking.accounts.selectedId;
    if (account) q.account_id = account;
    if (f.status !== 'all') q.status = f.status;
    if (f.direction !== 'all') q.direction = f.direction;
    if (f.match === 'unmatched') q.match_status = { $ne: 'matched' };
    if (f.match === 'matched') q.match_status = 'matched';
    const date: Record<string, string> = {};
    if (f.from) date.$gte = f.from;
    if (f.to) date.$lte = f.to;
    if (Object.keys(date).length) q.booking_date = date;
    const amount: Record<string, number> = {};
    const min = cents(f.minAmount);
    const max = cents(f.maxAmount);
    if (min !== null) amount.$gte = min;
    if (max !== null) amount.$lte = max;
    if (Object.keys(amount).length) q.abs_cents = amount;
    if (f.search.trim()) q.search = f.search.trim();
    else q.$sort = { booking_date: -1, id: 1 };
    return q;
  }

  /** Pushed transactions: a changed row is replaced where it is listed; a removed listed one reloads the rows. */
  subscribe(subscriptions: Subscriptions): void {
    subscriptions.on<BankTransaction>(SERVICES.bankTransactions, {
      created: this.apply,
      patched: this.apply,
      removed: (tx) => {
        if (tx.client_no === this.banking.client && [...this.rows.values()].some((r) => r.id === tx.id)) void this.reset();
      },
    });
  }

  setFilter<K extends keyof TransactionFilters>(key: K, value: TransactionFilters[K]): void {
    this.filters = { ...this.filters, [key]: value };
    void this.reset();
  }

  clearFilters(): void {
    this.filters = { ...EMPTY_FILTERS };
    void this.reset();
  }

  /** Starts over with the first page (another account, filter or client; an import added rows). */
  async reset(): Promise<void> {
    this.latest.cancel();
    this.error = null;
    this.rows = new Map();
    this.pagesLoading.clear();
    this.total = 0;
    await this.loadPage(0);
  }

  /** Loads the page holding row `index` unless loaded or loading (the list asks as rows scroll into view). */
  async ensureRow(index: number): Promise<void> {
    if (this.rows.has(index)) return;
    await this.loadPage(Math.floor(index / TRANSACTION_PAGE));
  }

  private async loadPage(page: number): Promise<void> {
    if (this.banking.client === null || this.pagesLoading.has(page)) return;
    this.pagesLoading.add(page);
    const isCurrent = this.latest.same();
    try {
      const result = await this.root.client
        .service<BankTransaction>(SERVICES.bankTransactions)
        .find({ ...this.query, $skip: page * TRANSACTION_PAGE, $limit: TRANSACTION_PAGE });
      if (!isCurrent()) return;
      act('BankTransactionsStore.page', () => {
        const data = recordsOf(result);
        this.total = isPaginated(result) ? result.total : data.length;
        const next = new Map(this.rows);
        data.forEach((t, i) => next.set(page * TRANSACTION_PAGE + i, t));
        this.rows = next;
      });
    } catch (e) {
      act('BankTransactionsStore.pageFailed', () => (this.error = toFeathersError(e)));
      this.pagesLoading.delete(page);
    }
  }

  /** A pushed or answered transaction: replaced wherever it is listed; the open match panel follows it. */
  apply(tx: BankTransaction): void {
    if (tx.client_no !== this.banking.client) return;
    const next = new Map(this.rows);
    let found = false;
    for (const [i, row] of next) {
      if (row.id !== tx.id) continue;
      next.set(i, tx);
      found = true;
    }
    if (found) this.rows = next;
    this.banking.matches.follow(tx);
  }

  clear(): void {
    this.filters = { ...EMPTY_FILTERS };
    this.error = null;
  }
}
