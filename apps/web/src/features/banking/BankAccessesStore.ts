import { makeAutoObservable } from 'mobx';
import type { BankAccess, BankInstitution } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList, recordsOf } from '../../stores/live/LiveList';
import type { BankingStore, BankingRoot } from './BankingStore';

const ORDER = { expired: 0, expiring: 1, pending: 2, valid: 3, revoked: 4 } as const;
/** Accesses that need attention first, then by days left and institution. */
function byValidity(a: BankAccess, b: BankAccess): number {
  return ORDER[a.validity] - ORDER[b.validity] || (a.days_left ?? 0) - (b.days_left ?? 0) || a.institution_name.localeCompare(b.institution_name);
}

/** The client's bank accesses with their validity, the institutions to connect, and connect / renew / revoke / sync. */
export class BankAccessesStore {
  readonly list: LiveList<BankAccess>;
  institutions: BankInstitution[] = [];
  /** The access an action runs for ('new' while connecting). */
  busyId: string | null = null;
  error: string | null = null;

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
  ) {
    this.list = new LiveList({
      name: 'BankAccessesStore.list',
      client: root.client,
      path: SERVICES.bankAccesses,
      query: () => (banking.client === null ? null : { client_no: banking.client, $limit: 500 }),
      order: byValidity,
      belongs: (access) => access.client_no === banking.client,
      reloadOnReconnect: false,
    });
    makeAutoObservable<BankAccessesStore, 'root' | 'banking'>(this, { root: false, banking: false, list: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<BankAccess>(SERVICES.bankAccesses);
  }

  /** Accesses that need attention (expiring or expired): the badge count. */
  get alertCount(): number {
    return this.list.items.filter((a) => a.validity === 'expiring' || a.validity === 'expired').length;
  }

  /** The institutions one can connect to, asked once. */
  async loadInstitutions(): Promise<void> {
    if (this.institutions.length) return;
    const institutions = await this.root.client.service<BankInstitution>(SERVICES.bankInstitutions).find({});
    act('BankAccessesStore.institutions', () => (this.institutions = recordsOf(institutions)));
  }

  connect(institution: BankInstitution): Promise<void> {
    const client = this.banking.client;
    return this.call('new', () =>
      this.service.create({ client_no: client, source: institution.source, institution_id: institution.id, redirect: window.location.href }),
    );
  }

  renew(access: BankAccess): Promise<void> {
    return this.call(access.id, () => this.service.patch(access.id, { action: 'renew', redirect: window.location.href }));
  }

  revoke(access: BankAccess): Promise<void> {
    return this.call(access.id, () => this.service.patch(access.id, { action: 'revoke' }));
  }

  sync(access: BankAccess): Promise<void> {
    return this.call(access.id, () => this.service.patch(access.id, { action: 'sync' }));
  }

  complete(access: BankAccess): Promise<void> {
    return this.call(access.id, () => this.service.patch(access.id, { action: 'complete' }));
  }

  updateAccounts(access: BankAccess, accountIds: string[]): Promise<void> {
    return this.call(access.id, () => this.service.patch(access.id, { action: 'update', account_ids: accountIds }));
  }

  /** One action; the answered access replaces the listed one, and a consent page it links to opens. */
  private async call(id: string, work: () => Promise<BankAccess>): Promise<void> {
    this.busyId = id;
    this.error = null;
    try {
      const access = await work();
      act('BankAccessesStore.done', () => {
        this.list.upsert(access);
        this.busyId = null;
      });
      if (access.link) window.open(access.link, '_blank', 'noopener');
    } catch (e) {
      act('BankAccessesStore.failed', () => {
        this.busyId = null;
        this.error = toFeathersError(e).message;
      });
    }
  }
}
