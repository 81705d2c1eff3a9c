import { makeAutoObservable } from 'mobx';
import type { Paginated, ScannerPatch, ScannerRecord, ScannerSettingsData, ScannerWithSecret } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

/** A user one can assign to a scanner (from the users service). */
export interface AssignableUser {
  id: string;
  username: string;
  name: string;
  klienten_array: number[];
  all_clients: boolean;
}

export type ScannersRoot = Pick<RootStore, 'client'>;

const byName = (a: ScannerRecord, b: ScannerRecord) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The scanner manager (Admin group, adm): every scanner live through pushed `scanners` events, the users
 * to assign, and create / change / activate / rotate the secret / remove. A secret the server answers
 * (create, rotate) is held once for the dialog that shows it, then forgotten.
 */
export class ScannersStore {
  scanners: ScannerRecord[] = [];
  users: AssignableUser[] = [];
  loading = false;
  error: FeathersError | null = null;
  busy = false;
  failure: FeathersError | null = null;
  revealed: ScannerWithSecret | null = null;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly root: ScannersRoot) {
    makeAutoObservable<ScannersStore, 'root' | 'unsubscribe'>(this, { root: false, unsubscribe: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<ScannerRecord>(SERVICES.scanners);
  }

  userName(id: string): string {
    return this.users.find((u) => u.id === id)?.name ?? id;
  }

  async load(): Promise<void> {
    this.subscribe();
    this.loading = true;
    try {
      const [scanners, users] = await Promise.all([
        this.service.findAll({ $limit: 500 }),
        this.root.client.service<{ id: string; username: string; firstName: string; lastName: string; klienten_array: number[]; all_clients: boolean }>(SERVICES.users).find({ $limit: 500 }),
      ]);
      const list = 'data' in users ? (users as Paginated<{ id: string; username: string; firstName: string; lastName: string; klienten_array: number[]; all_clients: boolean }>).data : users;
      act('ScannersStore.loaded', () => {
        this.scanners = [...scanners].sort(byName);
        this.users = list.map((u) => ({ id: u.id, username: u.username, name: `${u.firstName} ${u.lastName}`.trim() || u.username, klienten_array: u.klienten_array, all_clients: u.all_clients }));
        this.loading = false;
        this.error = null;
      });
    } catch (e) {
      act('ScannersStore.loadFailed', () => ((this.error = toFeathersError(e)), (this.loading = false)));
    }
  }

  apply(record: ScannerRecord, removed = false): void {
    const rest = this.scanners.filter((s) => s.id !== record.id);
    this.scanners = removed ? rest : [...rest, record].sort(byName);
  }

  create(data: ScannerSettingsData): Promise<boolean> {
    return this.run(async () => {
      const created = (await this.service.create(data as unknown as Record<string, unknown>)) as ScannerWithSecret;
      act('ScannersStore.created', () => {
        this.apply(created);
        this.revealed = created;
      });
    });
  }

  change(id: string, patch: ScannerPatch): Promise<boolean> {
    return this.run(async () => {
      const next = await this.service.patch(id, patch as Record<string, unknown>);
      act('ScannersStore.changed', () => {
        this.apply(next);
        if ('secret' in next) this.revealed = next as ScannerWithSecret;
      });
    });
  }

  setActivated(id: string, activated: boolean): Promise<boolean> {
    return this.change(id, { activated });
  }

  rotateSecret(id: string): Promise<boolean> {
    return this.change(id, { action: 'rotateSecret' });
  }

  remove(id: string): Promise<boolean> {
    return this.run(async () => {
      const removed = await this.service.remove(id);
      act('ScannersStore.removed', () => this.apply(removed, true));
    });
  }

  /** The secret is shown once: closing its dialog forgets it. */
  forgetSecret(): void {
    this.revealed = null;
  }

  clearFailure(): void {
    this.failure = null;
  }

  private async run(work: () => Promise<void>): Promise<boolean> {
    if (this.busy) return false;
    this.busy = true;
    this.failure = null;
    try {
      await work();
      act('ScannersStore.done', () => (this.busy = false));
      return true;
    } catch (e) {
      act('ScannersStore.failed', () => ((this.failure = toFeathersError(e)), (this.busy = false)));
      return false;
    }
  }

  private subscribe(): void {
    if (this.unsubscribe.length) return;
    const upsert = (r: ScannerRecord) => act('ScannersStore.pushed', () => this.apply(r));
    this.unsubscribe = [this.service.on('created', upsert), this.service.on('patched', upsert), this.service.on('removed', (r) => act('ScannersStore.pushedRemove', () => this.apply(r, true)))];
  }

  dispose(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
  }
}
