import { makeAutoObservable } from 'mobx';
import { SERVICES, type RpaErrorRecord } from '@portal/contracts';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

/** Many changes arrive together (a batch of extractions): count once after them. */
const RECOUNT_DELAY_MS = 300;

/** Open automation failures, for the drawer's badge (adm only): counted by the server, recounted on every pushed change. */
export class RpaErrorCountStore {
  open = 0;
  private readonly subscriptions: Subscriptions;
  private readonly recount = new Reloader(() => this.count(), RECOUNT_DELAY_MS);

  constructor(private readonly root: Pick<RootStore, 'client' | 'session'>) {
    this.subscriptions = new Subscriptions(root.client, 'RpaErrorCountStore');
    makeAutoObservable<RpaErrorCountStore, 'root' | 'subscriptions' | 'recount'>(
      this,
      { root: false, subscriptions: false, recount: false },
      { autoBind: true },
    );
  }

  /** Starts counting when the user may see the error view. */
  start(): void {
    if (!this.root.session.has('adm') || this.subscriptions.active) return;
    const soon = () => this.recount.soon();
    this.subscriptions
      .on<RpaErrorRecord>(SERVICES.rpaErrors, { created: soon, patched: soon, removed: soon })
      .onReconnect(soon)
      .add(() => this.recount.stop());
    void this.count();
  }

  async count(): Promise<void> {
    try {
      const page = await this.root.client.service<RpaErrorRecord>(SERVICES.rpaErrors).find({ status: 'open', $limit: 0 });
      act('RpaErrorCountStore.counted', () => (this.open = isPaginated(page) ? page.total : page.length));
    } catch (e) {
      console.warn('Counting automation errors failed', e);
    }
  }

  dispose(): void {
    this.subscriptions.stop();
  }
}
