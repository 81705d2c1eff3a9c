import { makeAutoObservable } from 'mobx';
import { SERVICES, type FonFirm, type FonUser } from '@portal/contracts';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { FonRoot, FonStore } from './FonStore';

/** What the firm dialog sends; an empty password keeps the current one. */
export interface FirmInput {
  name: string;
  ntcs_id: string;
  webeku_user: string;
  webeku_password: string;
}

/** What the FON user dialog sends; an empty PIN keeps the current one. */
export interface FonUserInput {
  name: string;
  quota_year: string;
  type: FonUser['type'];
  tid: string;
  benid: string;
  pin: string;
}

/** The firms and their FinanzOnline users: the lists (reloaded together once pushed changes settle) and their changes. */
export class FonAdminStore {
  readonly firms: LiveList<FonFirm>;
  readonly users: LiveList<FonUser>;
  private readonly reloader = new Reloader(() => this.load(), 250);

  constructor(
    private readonly root: FonRoot,
    private readonly fon: FonStore,
  ) {
    const list = <T>(name: string, path: string, query: Record<string, unknown>) =>
      new LiveList<T>({ name: `FonAdminStore.${name}`, client: root.client, path, query: () => query });
    this.firms = list<FonFirm>('firms', SERVICES.fonFirms, { $limit: 1000, $sort: { name: 1 } });
    this.users = list<FonUser>('users', SERVICES.fonUsers, { $limit: 1000, $sort: { quota_year: -1, name: 1 } });
    makeAutoObservable<FonAdminStore, 'root' | 'fon' | 'reloader'>(
      this,
      { root: false, fon: false, reloader: false, firms: false, users: false },
      { autoBind: true },
    );
  }

  get error(): unknown {
    return this.firms.error ?? this.users.error;
  }

  get firm(): FonFirm | null {
    return this.firms.items.find((f) => f.id === this.fon.firmId) ?? null;
  }

  get firmUsers(): FonUser[] {
    return this.users.items.filter((u) => u.firm_id === this.fon.firmId);
  }

  subscribe(): () => void {
    const soon = () => this.reloader.soon();
    return new Subscriptions(this.root.client, 'FonAdminStore')
      .onAny(SERVICES.fonFirms, soon)
      .onAny(SERVICES.fonUsers, soon)
      .add(() => this.reloader.stop()).stop;
  }

  /** Both lists; a chosen firm that is gone gives way to the first one. */
  async load(): Promise<void> {
    await Promise.all([this.firms.load(), this.users.load()]);
    act('FonAdminStore.loaded', () => {
      const firmId = this.fon.firmId;
      if (firmId && !this.firms.items.some((f) => f.id === firmId)) this.fon.firmId = this.firms.items[0]?.id ?? null;
    });
  }

  /** Creates (id null) or changes a firm; a new firm becomes the chosen one. */
  saveFirm(id: string | null, input: FirmInput): Promise<void> {
    const data: Record<string, unknown> = { name: input.name, ntcs_id: input.ntcs_id, webeku_user: input.webeku_user.trim() || null };
    if (input.webeku_password) data.webeku_password = input.webeku_password;
    return this.fon.busyWith(async () => {
      const service = this.root.client.service<FonFirm>(SERVICES.fonFirms);
      const saved = id ? await service.patch(id, data) : await service.create(data);
      await this.load();
      if (!id) await this.fon.setFirm(saved.id);
    });
  }

  removeFirm(id: string): Promise<void> {
    return this.fon.busyWith(async () => {
      await this.root.client.service(SERVICES.fonFirms).remove(id);
      await this.load();
      await this.fon.refresh();
    });
  }

  saveUser(id: string | null, input: FonUserInput): Promise<void> {
    const webService = input.type === 'webservice';
    const data: Record<string, unknown> = {
      name: input.name,
      quota_year: input.quota_year,
      type: input.type,
      tid: webService ? input.tid : null,
      benid: webService ? input.benid.trim() || null : null,
    };
    if (input.pin) data.pin = input.pin;
    if (!id) data.firm_id = this.fon.firmId;
    return this.fon.busyWith(async () => {
      const service = this.root.client.service(SERVICES.fonUsers);
      if (id) await service.patch(id, data);
      else await service.create(data);
      await this.load();
    });
  }

  /** Deleting is refused while an import of the firm runs; the refusal reaches the caller. */
  removeUser(id: string): Promise<void> {
    return this.fon.busyWith(async () => {
      await this.root.client.service(SERVICES.fonUsers).remove(id);
      await this.load();
    });
  }
}
