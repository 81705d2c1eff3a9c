import { makeAutoObservable } from 'mobx';
import type { ScannerPatch, ScannerRecord, ScannerSettingsData, ScannerWithSecret } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';
import { LiveList, recordsOf } from '../../stores/live/LiveList';

/** A user one can assign to a scanner (from the users service). */
export interface AssignableUser {
  id: string;
  username: string;
  name: string;
  klienten_array: number[];
  all_clients: boolean;
}

export type ScannersRoot = Pick<RootStore, 'client'>;

interface UserRecord {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  klienten_array: number[];
  all_clients: boolean;
}

const byName = (a: ScannerRecord, b: ScannerRecord) => a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

/**
 * The scanner manager (Admin group, adm): every scanner live through pushed `scanners` events, the users
 * to assign, and create / change / activate / rotate the secret / remove. A secret the server answers
 * (create, rotate) is held once for the dialog that shows it, then forgotten.
 */
export class ScannersStore {
  readonly scanners: LiveList<ScannerRecord>;
  users: AssignableUser[] = [];
  usersError: FeathersError | null = null;
  busy = false;
  failure: FeathersError | null = null;
  revealed: ScannerWithSecret | null = null;
  private stop: (() => void) | null = null;

  constructor(private readonly root: ScannersRoot) {
    this.scanners = new LiveList({
      name: 'ScannersStore.scanners',
      client: root.client,
      path: SERVICES.scanners,
      query: () => ({ $limit: 500 }),
      fetch: (query) => this.service.findAll(query),
      order: byName,
    });
    makeAutoObservable<ScannersStore, 'root' | 'stop'>(this, { root: false, stop: false, scanners: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<ScannerRecord>(SERVICES.scanners);
  }

  get loading(): boolean {
    return this.scanners.loading;
  }

  get error(): FeathersError | null {
    return this.scanners.error ?? this.usersError;
  }

  userName(id: string): string {
    return this.users.find((u) => u.id === id)?.name ?? id;
  }

  async load(): Promise<void> {
    this.stop ??= this.scanners.subscribe();
    await Promise.all([this.scanners.load(), this.loadUsers()]);
  }

  private async loadUsers(): Promise<void> {
    try {
      const users = await this.root.client.service<UserRecord>(SERVICES.users).find({ $limit: 500 });
      act('ScannersStore.users', () => {
        this.users = recordsOf(users).map((u) => ({
          id: u.id,
          username: u.username,
          name: `${u.firstName} ${u.lastName}`.trim() || u.username,
          klienten_array: u.klienten_array,
          all_clients: u.all_clients,
        }));
        this.usersError = null;
      });
    } catch (e) {
      act('ScannersStore.usersFailed', () => (this.usersError = toFeathersError(e)));
    }
  }

  create(data: ScannerSettingsData): Promise<boolean> {
    return this.run(async () => {
      const created = (await this.service.create(data)) as ScannerWithSecret;
      act('ScannersStore.created', () => {
        this.scanners.upsert(created);
        this.revealed = created;
      });
    });
  }

  change(id: string, patch: ScannerPatch): Promise<boolean> {
    return this.run(async () => {
      const next = await this.service.patch(id, patch as Record<string, unknown>);
      act('ScannersStore.changed', () => {
        this.scanners.upsert(next);
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
      act('ScannersStore.removed', () => this.scanners.remove(removed.id));
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

  dispose(): void {
    this.stop?.();
    this.stop = null;
  }
}
