import { makeAutoObservable } from 'mobx';
import type { BankOverviewRow } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { LiveList } from '../../stores/live/LiveList';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

export type OverviewFilter = 'all' | 'expired' | 'expiring' | 'stale';
export type OverviewSort = 'days_left' | 'last_statement_date' | 'balance_cents' | 'client_no';

const BURST_MS = 500;

/** The admin banking overview: every client's accesses and accounts, filtered and sorted on the server, live. */
export class BankOverviewStore {
  readonly rows: LiveList<BankOverviewRow>;
  filter: OverviewFilter = 'all';
  sort: OverviewSort = 'days_left';
  direction: 1 | -1 = 1;
  private readonly reloader = new Reloader(() => this.load(), BURST_MS);

  constructor(private readonly root: Pick<RootStore, 'client'>) {
    this.rows = new LiveList({
      name: 'BankOverviewStore.rows',
      client: root.client,
      path: SERVICES.bankOverview,
      query: () => ({ filter: this.filter, $sort: { [this.sort]: this.direction }, $limit: 1000 }),
    });
    makeAutoObservable<BankOverviewStore, 'root' | 'reloader'>(this, { root: false, reloader: false, rows: false }, { autoBind: true });
  }

  /** Any change of an access, account or import can move rows: the list reloads once the burst is over. */
  activate(): () => void {
    const later = () => this.reloader.soon();
    const subscriptions = new Subscriptions(this.root.client, 'BankOverviewStore');
    for (const path of [SERVICES.bankAccesses, SERVICES.bankAccounts, SERVICES.bankImports])
      subscriptions.on(path, { created: later, patched: later, removed: later });
    return subscriptions.onReconnect(later).add(() => this.reloader.stop()).stop;
  }

  setFilter(filter: OverviewFilter): void {
    this.filter = filter;
    void this.load();
  }

  setSort(sort: OverviewSort): void {
    if (this.sort === sort) this.direction = this.direction === 1 ? -1 : 1;
    else {
      this.sort = sort;
      this.direction = sort === 'days_left' || sort === 'client_no' ? 1 : -1;
    }
    void this.load();
  }

  async load(): Promise<void> {
    await this.rows.load();
  }
}
