import { makeAutoObservable } from 'mobx';
import { SERVICE_EVENTS, SERVICES, type FonConflict } from '@portal/contracts';
import { LiveList } from '../../stores/live/LiveList';
import type { FonRoot, FonStore } from './FonStore';

export type ConflictFilter = 'open' | 'resolved_manually' | 'closed' | 'all';

/** The firm's conflicts of the year (open ones first offered), reloaded once a burst of pushed changes settles; resolving one by hand. */
export class FonConflictsStore {
  readonly list: LiveList<FonConflict>;
  filter: ConflictFilter = 'open';

  constructor(
    private readonly root: FonRoot,
    private readonly fon: FonStore,
  ) {
    this.list = new LiveList({
      name: 'FonConflictsStore.list',
      client: root.client,
      path: SERVICES.fonConflicts,
      query: () => {
        if (!fon.firmId) return null;
        const query: Record<string, unknown> = { firm_id: fon.firmId, tax_year: fon.taxYear, $limit: 5000, $sort: { opened_at: -1 } };
        if (this.filter !== 'all') query.status = this.filter;
        return query;
      },
      reloadOn: SERVICE_EVENTS,
      reloadDelayMs: 250,
      reloadOnReconnect: false,
    });
    makeAutoObservable<FonConflictsStore, 'root' | 'fon'>(this, { root: false, fon: false, list: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    if (!this.fon.firmId) this.list.clear();
    else await this.list.load();
  }

  async setFilter(filter: ConflictFilter): Promise<void> {
    this.filter = filter;
    await this.load();
  }

  resolve(id: string, remark: string): Promise<void> {
    return this.fon.busyWith(async () => {
      await this.root.client.service(SERVICES.fonConflicts).patch(id, { remark });
      await Promise.all([this.load(), this.fon.items.load(), this.fon.quota.load()]);
    });
  }
}
