import { makeAutoObservable, reaction } from 'mobx';
import type { BankAccess, Paginated } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { recordsOf } from '../../stores/live/LiveList';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
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
  private readonly subscriptions: Subscriptions;
  private readonly latest = new LatestRequest();
  private readonly recount = new Reloader(() => this.refresh());

  constructor(private readonly root: Pick<RootStore, 'client' | 'session' | 'company'>) {
    this.subscriptions = new Subscriptions(root.client, 'BankAlertsStore');
    makeAutoObservable<BankAlertsStore, 'root' | 'subscriptions' | 'latest' | 'recount'>(
      this,
      { root: false, subscriptions: false, latest: false, recount: false },
      { autoBind: true },
    );
  }

  start(): void {
    this.stop();
    if (!this.root.session.has('adm', 'ban')) return;
    const recount = () => void this.recount.now();
    const timer = setInterval(recount, BANK_ALERTS_REFRESH_MS);
    this.subscriptions
      .on<BankAccess>(SERVICES.bankAccesses, { created: recount, patched: recount, removed: recount })
      .onReconnect(recount)
      .add(
        reaction(() => this.root.company.client, recount),
        () => clearInterval(timer),
      );
    recount();
  }

  stop(): void {
    this.subscriptions.stop();
  }

  async refresh(): Promise<void> {
    const isNewest = this.latest.next();
    const client = this.root.company.client;
    try {
      const own =
        client === null
          ? null
          : await this.root.client
              .service<BankAccess>(SERVICES.bankAccesses)
              .find({ client_no: client, $limit: 500, $select: ['id', 'client_no', 'valid_until', 'revoked_at', 'granted_at'] });
      const all = this.root.session.has('adm')
        ? await Promise.all(
            ['expiring', 'expired'].map(
              (filter) => this.root.client.service(SERVICES.bankOverview).find({ filter, $limit: 0 }) as Promise<Paginated<unknown> | unknown[]>,
            ),
          )
        : null;
      if (!isNewest()) return;
      act('BankAlertsStore.counted', () => {
        this.clientCount = own === null ? 0 : recordsOf(own).filter(needsAction).length;
        this.allCount = all ? all.reduce((s, page) => s + (isPaginated(page) ? page.total : page.length), 0) : 0;
      });
    } catch (e) {
      console.warn('Counting bank accesses failed', e);
    }
  }
}
