import { makeAutoObservable, reaction } from 'mobx';
import type { BankAccess, Paginated } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

/** Validity moves with the clock: recount this often even without pushed changes. */
export const BANK_ALERTS_REFRESH_MS = 10 * 60_000;

const needsAction = (a: Pick<BankAccess, 'validity'>) => a.validity === 'expiring' || a.validity === 'expired';

/**
 * Drawer badges of banking: bank accesses of the selected client that expire soon or have expired
 * (Banking, adm or ban), and the same over all clients (Banking Overview, adm). Live through pushed
 * `bank-accesses` changes, recounted every ten minutes.
 */
export class BankAlertsStore {
  clientCount = 0;
  allCount = 0;
  private stops: Array<() => void> = [];
  private ticket = 0;

  constructor(private readonly root: Pick<RootStore, 'client' | 'session' | 'company'>) {
    makeAutoObservable<BankAlertsStore, 'root' | 'stops' | 'ticket'>(this, { root: false, stops: false, ticket: false }, { autoBind: true });
  }

  start(): void {
    this.stop();
    if (!this.root.session.has('adm', 'ban')) return;
    const service = this.root.client.service<BankAccess>(SERVICES.bankAccesses);
    const timer = setInterval(() => void this.refresh(), BANK_ALERTS_REFRESH_MS);
    this.stops = [
      service.on('created', () => void this.refresh()),
      service.on('patched', () => void this.refresh()),
      this.root.client.on('reauthenticated', () => void this.refresh()),
      reaction(() => this.root.company.client, () => void this.refresh()),
      () => clearInterval(timer),
    ];
    void this.refresh();
  }

  stop(): void {
    this.stops.forEach((s) => s());
    this.stops = [];
  }

  async refresh(): Promise<void> {
    const ticket = ++this.ticket;
    const client = this.root.company.client;
    try {
      const own = client === null ? null : await this.root.client.service<BankAccess>(SERVICES.bankAccesses).find({ client_no: client, $limit: 500, $select: ['id', 'client_no', 'valid_until', 'revoked_at', 'granted_at'] });
      const all = this.root.session.has('adm')
        ? await Promise.all(['expiring', 'expired'].map((filter) => this.root.client.service(SERVICES.bankOverview).find({ filter, $limit: 0 }) as Promise<Paginated<unknown> | unknown[]>))
        : null;
      if (ticket !== this.ticket) return;
      act('BankAlertsStore.counted', () => {
        const list = own === null ? [] : isPaginated(own) ? own.data : own;
        this.clientCount = list.filter(needsAction).length;
        this.allCount = all ? all.reduce((s, page) => s + (isPaginated(page) ? page.total : page.length), 0) : 0;
      });
    } catch (e) {
      console.warn('Counting bank accesses failed', e);
    }
  }
}
