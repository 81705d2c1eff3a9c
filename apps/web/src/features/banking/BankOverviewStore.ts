import { makeAutoObservable } from 'mobx';
import type { BankOverviewRow } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export type OverviewFilter = 'all' | 'expired' | 'expiring' | 'stale';
export type OverviewSort = 'days_left' | 'last_statement_date' | 'balance_cents' | 'client_no';

/** The admin banking overview: every client's accesses and accounts, filtered and sorted on the server, live. */
export class BankOverviewStore {
  rows: BankOverviewRow[] = [];
  total = 0;
  filter: OverviewFilter = 'all';
  sort: OverviewSort = 'days_left';
  direction: 1 | -1 = 1;
  loading = false;
  error: FeathersError | null = null;
  private ticket = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly root: Pick<RootStore, 'client'>) {
    makeAutoObservable<BankOverviewStore, 'root' | 'ticket' | 'unsubscribe'>(this, { root: false, ticket: false, unsubscribe: false }, { autoBind: true });
  }

  activate(): () => void {
    let timer: ReturnType<typeof setTimeout> | null = null;
    // Any change of an access, account or import can move rows: reload once the burst is over.
    const later = () => {
      if (timer) clearTimeout(timer);
      timer = setTimeout(() => void this.load(), 500);
    };
    this.unsubscribe = [SERVICES.bankAccesses, SERVICES.bankAccounts, SERVICES.bankImports].flatMap((path) => [
      this.root.client.service(path).on('created', later),
      this.root.client.service(path).on('patched', later),
    ]);
    this.unsubscribe.push(this.root.client.on('reauthenticated', later), () => timer && clearTimeout(timer));
    return () => this.unsubscribe.forEach((u) => u());
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
    const ticket = ++this.ticket;
    this.loading = true;
    try {
      const result = await this.root.client.service<BankOverviewRow>(SERVICES.bankOverview).find({ filter: this.filter, $sort: { [this.sort]: this.direction }, $limit: 1000 });
      if (ticket !== this.ticket) return;
      act('BankOverviewStore.loaded', () => {
        this.rows = isPaginated(result) ? result.data : result;
        this.total = isPaginated(result) ? result.total : this.rows.length;
        this.loading = false;
        this.error = null;
      });
    } catch (e) {
      act('BankOverviewStore.failed', () => {
        this.loading = false;
        this.error = toFeathersError(e);
      });
    }
  }
}
