import { makeAutoObservable, observable } from 'mobx';
import { SERVICES, type FirmOverviewRow, type Paginated } from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

export type OverviewRoot = Pick<RootStore, 'client'>;

const LIVE_SOURCES = [SERVICES.documents, SERVICES.openItems, SERVICES.erpExports, SERVICES.responsibilities] as const;

/**
 * The morning figures per client company (firm-overview). A pushed change of a client's documents, items,
 * exports or responsibility reloads that client's row only (pushes within the debounce are gathered into one call).
 */
export class OverviewStore {
  readonly figures = observable.map<number, FirmOverviewRow>();
  loaded = false;
  error: FeathersError | null = null;
  private dirty = new Set<number>();
  private readonly reloader: Reloader;

  constructor(
    private readonly root: OverviewRoot,
    debounceMs = 800,
  ) {
    this.reloader = new Reloader(() => this.reloadDirty(), debounceMs);
    makeAutoObservable<OverviewStore, 'root' | 'dirty' | 'reloader'>(this, { root: false, dirty: false, reloader: false, figures: false }, { autoBind: true });
  }

  activate(): () => void {
    void this.load();
    const pushed = (record: unknown) => {
      const clientNo = (record as { client_no?: unknown } | null)?.client_no;
      if (typeof clientNo !== 'number' || !this.figures.has(clientNo)) return;
      this.dirty.add(clientNo);
      this.reloader.soon();
    };
    const subscriptions = new Subscriptions(this.root.client, 'OverviewStore');
    for (const path of LIVE_SOURCES) subscriptions.onAny(path, pushed);
    return subscriptions.add(() => this.reloader.stop()).stop;
  }

  async load(): Promise<void> {
    try {
      const page = (await this.root.client.service<FirmOverviewRow>(SERVICES.firmOverview).find({})) as Paginated<FirmOverviewRow>;
      act('OverviewStore.loaded', () => {
        this.figures.replace(page.data.map((r) => [r.client_no, r]));
        this.loaded = true;
        this.error = null;
      });
    } catch (e) {
      act('OverviewStore.failed', () => (this.error = toFeathersError(e)));
    }
  }

  /** The rows of the clients pushes named since the last reload. */
  async reloadDirty(): Promise<void> {
    const clients = [...this.dirty];
    this.dirty.clear();
    if (clients.length === 0) return;
    try {
      const page = (await this.root.client.service<FirmOverviewRow>(SERVICES.firmOverview).find({ client_no: { $in: clients } })) as Paginated<FirmOverviewRow>;
      act('OverviewStore.rows', () => page.data.forEach((r) => this.figures.set(r.client_no, r)));
    } catch (e) {
      act('OverviewStore.rowsFailed', () => (this.error = toFeathersError(e)));
    }
  }
}
