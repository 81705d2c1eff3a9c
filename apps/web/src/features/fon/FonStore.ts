import { makeAutoObservable } from 'mobx';
import { firmYearMonth } from '../../i18n/firm-calendar';
import { act } from '../../stores/act';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import { FonAdminStore } from './FonAdminStore';
import { FonConflictsStore } from './FonConflictsStore';
import { FonImportsStore } from './FonImportsStore';
import { FonItemsStore, NO_ITEM_FILTERS } from './FonItemsStore';
import { FonQuotaStore } from './FonQuotaStore';
import { FonRegistersStore } from './FonRegistersStore';

export type FonRoot = Pick<RootStore, 'client' | 'session'>;

/**
 * /fon-monitoring: one firm and tax year, composed of one store per concern — the quota per tax office, the
 * items with filters, the conflicts, cash registers, firms and their FON users, the import jobs. Pushed
 * changes reload the parts they touch once a burst settles (an import is one push per item).
 */
export class FonStore {
  firmId: string | null = null;
  taxYear = firmYearMonth().year - 1;
  loaded = false;
  busy = false;
  /** A failure no part holds (a page scrolled to, the first load). */
  private failure: unknown = null;
  readonly admin: FonAdminStore;
  readonly quota: FonQuotaStore;
  readonly items: FonItemsStore;
  readonly conflicts: FonConflictsStore;
  readonly registers: FonRegistersStore;
  readonly imports: FonImportsStore;

  constructor(private readonly root: FonRoot) {
    this.admin = new FonAdminStore(root, this);
    this.quota = new FonQuotaStore(root, this);
    this.items = new FonItemsStore(root, this);
    this.conflicts = new FonConflictsStore(root, this);
    this.registers = new FonRegistersStore(root, this);
    this.imports = new FonImportsStore(root, this);
    makeAutoObservable<FonStore, 'root'>(
      this,
      { root: false, admin: false, quota: false, items: false, conflicts: false, registers: false, imports: false },
      { autoBind: true },
    );
  }

  get error(): unknown {
    return (
      this.failure ??
      this.admin.error ??
      this.quota.error ??
      this.items.list.error ??
      this.conflicts.list.error ??
      this.registers.list.error ??
      this.imports.list.error
    );
  }

  /** The years to choose: last year, the two before, and every quota year of the firm's users. */
  get years(): number[] {
    const last = firmYearMonth().year - 1;
    return [...new Set([last, last - 1, last - 2, this.taxYear, ...this.admin.firmUsers.map((u) => u.quota_year)])].sort((a, b) => b - a);
  }

  activate(): () => void {
    const subscriptions = new Subscriptions(this.root.client, 'FonStore')
      .add(
        this.items.list.subscribe(),
        this.conflicts.list.subscribe(),
        this.registers.list.subscribe(),
        this.admin.subscribe(),
        this.imports.subscribe(),
        () => this.quota.stop(),
      )
      .onReconnect(() => void this.refresh());
    void this.start();
    return subscriptions.stop;
  }

  private async start(): Promise<void> {
    try {
      await this.admin.load();
      act('FonStore.firmChosen', () => (this.firmId = this.firmId ?? this.admin.firms.items[0]?.id ?? null));
      await this.refresh();
    } catch (e) {
      act('FonStore.loadFailed', () => (this.failure = e));
    } finally {
      act('FonStore.loaded', () => (this.loaded = true));
    }
  }

  async refresh(): Promise<void> {
    await Promise.all([this.quota.load(), this.items.load(), this.conflicts.load(), this.registers.load(), this.imports.load()]);
  }

  async setFirm(id: string): Promise<void> {
    this.firmId = id;
    this.items.filters = { ...NO_ITEM_FILTERS };
    await this.refresh();
  }

  async setTaxYear(year: number): Promise<void> {
    this.taxYear = year;
    await this.refresh();
  }

  /** Runs one change; the screen shows it busy meanwhile, and a refusal reaches the caller. */
  async busyWith<T>(work: () => Promise<T>): Promise<T> {
    this.busy = true;
    try {
      return await work();
    } finally {
      act('FonStore.idle', () => (this.busy = false));
    }
  }
}
