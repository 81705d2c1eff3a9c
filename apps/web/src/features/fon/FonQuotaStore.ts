import { makeAutoObservable } from 'mobx';
import { SERVICES, type FonItemFacets, type Paginated, type QuotaSummary } from '@portal/contracts';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { recordsOf } from '../../stores/live/LiveList';
import { Reloader } from '../../stores/live/Reloader';
import type { FonRoot, FonStore } from './FonStore';

/** The quota per tax office of the firm's year, and the facets the item filters offer. */
export class FonQuotaStore {
  summaries: QuotaSummary[] = [];
  facets: FonItemFacets | null = null;
  error: unknown = null;
  private readonly latest = new LatestRequest();
  private readonly reloader = new Reloader(() => this.load(), 250);

  constructor(
    private readonly root: FonRoot,
    private readonly fon: FonStore,
  ) {
    makeAutoObservable<FonQuotaStore, 'root' | 'fon' | 'latest' | 'reloader'>(
      this,
      { root: false, fon: false, latest: false, reloader: false },
      { autoBind: true },
    );
  }

  async load(): Promise<void> {
    const isNewest = this.latest.next();
    const { firmId, taxYear } = this.fon;
    if (!firmId) {
      this.summaries = [];
      this.facets = null;
      return;
    }
    const service = this.root.client.service<unknown>(SERVICES.fonQuotaItems);
    try {
      const [quota, facets] = await Promise.all([
        service.find({ view: 'quota', firm_id: firmId, tax_year: taxYear }),
        service.findResult<FonItemFacets>({ view: 'facets', firm_id: firmId, tax_year: taxYear }),
      ]);
      if (isNewest())
        act('FonQuotaStore.loaded', () => {
          this.summaries = recordsOf(quota as Paginated<QuotaSummary>);
          this.facets = facets;
          this.error = null;
        });
    } catch (e) {
      if (isNewest()) act('FonQuotaStore.failed', () => (this.error = e));
    }
  }

  /** Items change in bursts (an import is one push per item): the quota is counted again once they settle. */
  reloadSoon(): void {
    this.reloader.soon();
  }

  stop(): void {
    this.reloader.stop();
  }
}
