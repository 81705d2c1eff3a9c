import { makeAutoObservable } from 'mobx';
import { SERVICES, type Paginated, type Permission, type Responsibility } from '@portal/contracts';
import { toFeathersError, type FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import { OverviewStore } from '../overview/OverviewStore';

export interface StaffUser {
  id: string;
  name: string;
  /** The clients the person may access. */
  clients: number[] | 'all';
}

interface UserRecord {
  id: string;
  username: string;
  firstName: string;
  lastName: string;
  enabled: boolean;
  permissions_array: Permission[];
  klienten_array: number[];
  all_clients: boolean;
}

/** Staff: enabled users with a firm permission (client companies' own users are not responsible for clients). */
const STAFF_CODES: Permission[] = ['adm', 'acc', 'app', 'ove', 'exp', 'lab'];

export interface Workload {
  unconfirmed: number;
  overdue: number;
  waiting: number;
}

/** /responsibility: who looks after which client, their workload, and reassigning a client in one action. */
export class ResponsibilityStore {
  assignments = new Map<number, Responsibility>();
  staff: StaffUser[] = [];
  error: FeathersError | null = null;
  loaded = false;
  saving = false;
  readonly overview: OverviewStore;

  constructor(private readonly root: Pick<RootStore, 'client' | 'session'>) {
    this.overview = new OverviewStore(root);
    makeAutoObservable<ResponsibilityStore, 'root'>(this, { root: false, overview: false }, { autoBind: true });
  }

  activate(): () => void {
    const pushed = (r: Responsibility) => this.assignments.set(r.client_no, r);
    const subscriptions = new Subscriptions(this.root.client, 'ResponsibilityStore').on<Responsibility>(SERVICES.responsibilities, {
      created: pushed,
      patched: pushed,
      removed: (r) => this.assignments.delete(r.client_no),
    });
    // The workload figures come from the firm overview, which needs ove.
    if (this.root.session.has('ove')) subscriptions.add(this.overview.activate());
    void this.load();
    return subscriptions.stop;
  }

  async load(): Promise<void> {
    try {
      const [assignments, users] = await Promise.all([
        this.root.client.service<Responsibility>(SERVICES.responsibilities).findAll({}),
        this.root.client.service<UserRecord>(SERVICES.users).find({ $limit: 500 }) as Promise<Paginated<UserRecord>>,
      ]);
      act('ResponsibilityStore.loaded', () => {
        this.assignments = new Map(assignments.map((a) => [a.client_no, a]));
        this.staff = users.data
          .filter((u) => u.enabled && u.permissions_array.some((p) => STAFF_CODES.includes(p)))
          .map((u) => ({ id: u.id, name: `${u.firstName} ${u.lastName}`.trim() || u.username, clients: u.all_clients ? ('all' as const) : u.klienten_array }))
          .sort((a, b) => a.name.localeCompare(b.name));
        this.error = null;
        this.loaded = true;
      });
    } catch (e) {
      act('ResponsibilityStore.failed', () => (this.error = toFeathersError(e)));
    }
  }

  /** Staff who may access the client: only they can be made responsible for it or its deputies. */
  staffFor(clientNo: number): StaffUser[] {
    return this.staff.filter((s) => s.clients === 'all' || s.clients.includes(clientNo));
  }

  /** Workload figures need the overview (ove); null without it. */
  workloadOf(clientNo: number): Workload | null {
    if (!this.root.session.has('ove')) return null;
    const f = this.overview.figures.get(clientNo);
    return { unconfirmed: f?.unconfirmed ?? 0, overdue: (f?.overdue_receivables_count ?? 0) + (f?.overdue_payables_count ?? 0), waiting: f?.unbooked ?? 0 };
  }

  /** Client numbers per responsible person id ('' = nobody). */
  get byPerson(): Map<string, number[]> {
    const map = new Map<string, number[]>();
    for (const clientNo of this.overview.figures.keys()) {
      const id = this.assignments.get(clientNo)?.responsible_id ?? '';
      map.set(
        id,
        [...(map.get(id) ?? []), clientNo].sort((a, b) => a - b),
      );
    }
    return map;
  }

  async assign(clientNo: number, responsibleId: string, deputies: string[]): Promise<void> {
    this.saving = true;
    try {
      const updated = await this.root.client.service<Responsibility>(SERVICES.responsibilities).update(clientNo, { responsible_id: responsibleId, deputies });
      act('ResponsibilityStore.assigned', () => {
        this.assignments.set(clientNo, updated);
        this.saving = false;
      });
    } catch (e) {
      act('ResponsibilityStore.assignFailed', () => (this.saving = false));
      throw toFeathersError(e);
    }
  }
}
