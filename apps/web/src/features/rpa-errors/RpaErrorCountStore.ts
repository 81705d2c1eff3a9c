import { makeAutoObservable } from 'mobx';
import { SERVICES, type RpaErrorRecord } from '@portal/contracts';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

/** Open automation failures, for the drawer's badge (adm only): counted by the server, recounted on every pushed change. */
export class RpaErrorCountStore {
  open = 0;
  private unsubscribe: Array<() => void> = [];
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly root: Pick<RootStore, 'client' | 'session'>) {
    makeAutoObservable<RpaErrorCountStore, 'root' | 'unsubscribe' | 'timer'>(this, { root: false, unsubscribe: false, timer: false }, { autoBind: true });
  }

  /** Starts counting when the user may see the error view. */
  start(): void {
    if (!this.root.session.has('adm') || this.unsubscribe.length) return;
    const service = this.root.client.service<RpaErrorRecord>(SERVICES.rpaErrors);
    this.unsubscribe = [service.on('created', this.soon), service.on('patched', this.soon), this.root.client.on('reauthenticated', this.soon)];
    void this.count();
  }

  /** Many changes arrive together (a batch of extractions): count once after them. */
  soon(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.count(), 300);
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
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
    if (this.timer) clearTimeout(this.timer);
  }
}
