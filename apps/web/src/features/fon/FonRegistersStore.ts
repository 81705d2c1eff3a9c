import { makeAutoObservable } from 'mobx';
import { SERVICE_EVENTS, SERVICES, type CashRegister } from '@portal/contracts';
import { LiveList } from '../../stores/live/LiveList';
import type { FonRoot, FonStore } from './FonStore';

/** The firm's cash registers, reloaded once a burst of pushed changes settles; the annual receipt checked off. */
export class FonRegistersStore {
  readonly list: LiveList<CashRegister>;

  constructor(
    private readonly root: FonRoot,
    private readonly fon: FonStore,
  ) {
    this.list = new LiveList({
      name: 'FonRegistersStore.list',
      client: root.client,
      path: SERVICES.cashRegisters,
      query: () => (fon.firmId ? { firm_id: fon.firmId, $limit: 5000, $sort: { name: 1 } } : null),
      reloadOn: SERVICE_EVENTS,
      reloadDelayMs: 250,
      reloadOnReconnect: false,
    });
    makeAutoObservable<FonRegistersStore, 'root' | 'fon'>(this, { root: false, fon: false, list: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    if (!this.fon.firmId) this.list.clear();
    else await this.list.load();
  }

  checkAnnualReceipt(id: string, year: number): Promise<void> {
    return this.fon.busyWith(async () => {
      await this.root.client.service(SERVICES.cashRegisters).patch(id, { annual_receipt_checked: year });
      await this.load();
    });
  }
}
