import { makeAutoObservable, observable } from 'mobx';
import { SERVICES, type FirmOverviewRow, type Paginated } from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { act } from '../act';
import type { RootStore } from '../RootStore';

export type FirmOverviewRoot = Pick<RootStore, 'client'>;

const LIVE_SOURCES = [SERVICES.documents, SERVICES.openItems, SERVICES.erpExports, SERVICES.responsibilities] as const;

/** The morning figures per client company (firm-overview), refreshed live when documents, items, exports or responsibilities change. */
export class FirmOverviewStore {
  readonly figures = observable.map<number, FirmOverviewRow>();
  loaded = false;
  error: FeathersError | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: FirmOverviewRoot, private readonly debounceMs = 800) {
    makeAutoObservable<FirmOverviewStore, 'root' | 'timer' | 'debounceMs'>(this, { root: false, timer: false, debounceMs: false, figures: false }, { autoBind: true });
  }

  activate(): () => void {
    void this.load();
    const refresh = () => {
      if (this.timer) clearTimeout(this.timer);
      this.timer = setTimeout(() => void this.load(), this.debounceMs);
    };
    const offs = LIVE_SOURCES.flatMap((path) => {
      const service = this.root.client.service<unknown>(path);
      return [service.on('created', refresh), service.on('patched', refresh), service.on('removed', refresh)];
    });
    return () => {
      offs.forEach((o) => o());
      if (this.timer) clearTimeout(this.timer);
    };
  }

  async load(): Promise<void> {
    try {
      const page = (await this.root.client.service<FirmOverviewRow>(SERVICES.firmOverview).find({})) as Paginated<FirmOverviewRow>;
      act('FirmOverviewStore.loaded', () => {
        this.figures.replace(page.data.map((r) => [r.client_no, r]));
        this.loaded = true;
        this.error = null;
      });
    } catch (e) {
      act('FirmOverviewStore.failed', () => (this.error = toFeathersError(e)));
    }
  }
}
