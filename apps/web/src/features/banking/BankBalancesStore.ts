import { makeAutoObservable } from 'mobx';
import type { BankBalanceSeries } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { act } from '../../stores/act';
import type { BankingStore, BankingRoot } from './BankingStore';

/** The balance series of the selected account, for its chart. */
export class BankBalancesStore {
  series: BankBalanceSeries | null = null;

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
  ) {
    makeAutoObservable<BankBalancesStore, 'root' | 'banking'>(this, { root: false, banking: false }, { autoBind: true });
  }

  async load(): Promise<void> {
    const id = this.banking.accounts.selectedId;
    if (!id) {
      this.series = null;
      return;
    }
    try {
      const series = await this.root.client.service<BankBalanceSeries>(SERVICES.bankBalances).get(id);
      act('BankBalancesStore.loaded', () => {
        if (this.banking.accounts.selectedId === id) this.series = series;
      });
    } catch {
      act('BankBalancesStore.failed', () => (this.series = null));
    }
  }

  clear(): void {
    this.series = null;
  }
}
