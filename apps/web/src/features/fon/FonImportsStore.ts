import { makeAutoObservable } from 'mobx';
import { SERVICES, type FonImport } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { LiveList } from '../../stores/live/LiveList';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { FonRoot, FonStore } from './FonStore';

/**
 * The firm's import jobs, newest first, reloaded once pushed changes settle; a job that ended changed items,
 * conflicts and the quota, which then load again. Imports start from FinanzOnline or from an uploaded file.
 */
export class FonImportsStore {
  readonly list: LiveList<FonImport>;
  private readonly reloader = new Reloader(() => this.load(), 250);

  constructor(
    private readonly root: FonRoot,
    private readonly fon: FonStore,
  ) {
    this.list = new LiveList({
      name: 'FonImportsStore.list',
      client: root.client,
      path: SERVICES.fonImports,
      query: () => (fon.firmId ? { firm_id: fon.firmId, $limit: 100, $sort: { started_at: -1 } } : null),
    });
    makeAutoObservable<FonImportsStore, 'root' | 'fon' | 'reloader'>(this, { root: false, fon: false, reloader: false, list: false }, { autoBind: true });
  }

  /** The firm's imports of the chosen year, newest first. */
  get yearImports(): FonImport[] {
    return this.list.items.filter((i) => i.tax_year === this.fon.taxYear);
  }

  /** "FON import failed (data may be stale)" while the latest import of the firm failed. */
  get latestFailed(): FonImport | null {
    const latest = this.list.items[0];
    return latest && latest.status === 'failed' ? latest : null;
  }

  get running(): boolean {
    return this.list.items.some((i) => i.status === 'in progress');
  }

  subscribe(): () => void {
    const soon = () => this.reloader.soon();
    return new Subscriptions(this.root.client, 'FonImportsStore').onAny(SERVICES.fonImports, soon).add(() => this.reloader.stop()).stop;
  }

  async load(): Promise<void> {
    if (!this.fon.firmId) return this.list.clear();
    const before = this.list.items.find((i) => i.status === 'in progress');
    await this.list.load();
    if (before && this.list.items.find((i) => i.id === before.id)?.status !== 'in progress')
      await Promise.all([this.fon.quota.load(), this.fon.items.load(), this.fon.conflicts.load()]);
  }

  /** Fetches the quota list with a web-service user (FinanzOnline, or the sandbox in demo mode). */
  fetchFromFinanzOnline(userId: string): Promise<void> {
    return this.fon.busyWith(async () => {
      const user = this.fon.admin.users.items.find((u) => u.id === userId);
      await this.root.client.service(SERVICES.fonImports).create({ fon_user_id: userId, tax_year: user?.quota_year ?? this.fon.taxYear });
      await this.load();
    });
  }

  /** POST /api/fon/imports with the file (FON quota list or NTCS export); the job then runs on the server. */
  uploadFile(source: 'fon-file' | 'ntcs', file: File): Promise<void> {
    return this.fon.busyWith(async () => {
      const firmId = this.fon.firmId;
      if (!firmId) return;
      const form = new FormData();
      form.append('file', file, file.name);
      const query = new URLSearchParams({ firm_id: firmId, tax_year: String(this.fon.taxYear), source });
      const token = this.root.session.accessToken;
      const response = await fetch(`/api/fon/imports?${query.toString()}`, {
        method: 'POST',
        body: form,
        headers: token ? { Authorization: `Bearer ${token}` } : {},
      });
      if (!response.ok) throw toFeathersError(await response.json().catch(() => ({ message: 'Error during upload.' })));
      await this.load();
    });
  }
}
