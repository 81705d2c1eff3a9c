import { makeAutoObservable, observable } from 'mobx';
import type { AccountingPeriod, Company, CompanySettings, DocumentCategory } from '@portal/contracts';
import type { FeathersError } from '../api/errors';
import { isPaginated } from '../api/feathers-client';
import { act } from './act';
import { LatestRequest } from './live/LatestRequest';
import { Subscriptions } from './live/Subscriptions';
import type { RootStore } from './RootStore';

/** accounting-client allows at most 500 per page. */
export const COMPANY_PAGE_SIZE = 500;

/** Matches a company by number (prefix) or by name or place (case-insensitive substring). */
export function matchesCompany(company: Company, text: string): boolean {
  const q = text.trim().toLowerCase();
  if (!q) return true;
  return String(company.company_no).startsWith(q) || company.company_name.toLowerCase().includes(q) || company.company_place.toLowerCase().includes(q);
}

/** Client companies, the selected client and its per-client data (the global state: client, companies, favClient, ...). */
export class CompanyStore {
  readonly companies = observable.map<number, Company>();
  /** The selected client company number. */
  client: number | null = null;
  documentCategories: DocumentCategory[] = [];
  companySettings: CompanySettings | null = null;
  accountingPeriods: AccountingPeriod[] = [];
  loading = false;
  loaded = false;
  /** companyReady: the selected client's settings and periods are loaded. */
  companyReady = false;
  error: FeathersError | null = null;
  private readonly subscriptions: Subscriptions;
  private readonly clientLoad = new LatestRequest();

  constructor(private readonly root: RootStore) {
    this.subscriptions = new Subscriptions(root.client, 'CompanyStore');
    makeAutoObservable<CompanyStore, 'root' | 'subscriptions' | 'clientLoad'>(
      this,
      { root: false, subscriptions: false, clientLoad: false, companies: false },
      { autoBind: true },
    );
    // Pushed events are lost while the connection is down: reload after it is re-authenticated.
    root.client.on('reauthenticated', () => {
      if (this.loaded) void this.load().catch((e: unknown) => console.warn('Reloading companies failed', e));
    });
  }

  /** Every company the user may see, by number. */
  get sorted(): Company[] {
    return [...this.companies.values()].sort((a, b) => a.company_no - b.company_no);
  }

  /** True when the user may see this company (loaded companies are exactly the user's). */
  knows(companyNo: number | null): boolean {
    return companyNo !== null && this.companies.has(companyNo);
  }

  /** The favourite client: the user's favClient, else their first assigned client, else the first company. */
  get favClient(): number | null {
    const user = this.root.session.user;
    return user?.favClient ?? user?.klienten_array[0] ?? this.sorted[0]?.company_no ?? null;
  }

  get selected(): Company | null {
    return this.client === null ? null : (this.companies.get(this.client) ?? null);
  }

  /** Open incoming invoices of the selected company (live). */
  get invoiceCount(): number {
    return this.selected?.notifications.invoices ?? 0;
  }

  /** Route parameter to company number: '0' (or missing) means the favourite client. */
  resolveClient(param: string | number | undefined | null): number | null {
    const n = typeof param === 'number' ? param : Number.parseInt(param ?? '', 10);
    if (!Number.isFinite(n) || n === 0) return this.favClient;
    return n;
  }

  filter(text: string): Company[] {
    return this.sorted.filter((c) => matchesCompany(c, text));
  }

  /** Loads the companies (paginated) and subscribes to pushed changes. */
  async load(): Promise<Company[]> {
    this.loading = true;
    this.subscribe();
    try {
      const service = this.root.client.service('accounting-client');
      const list = await service.findAll({ $limit: COMPANY_PAGE_SIZE, $sort: { company_no: 1 } });
      act('CompanyStore.loaded', () => {
        this.companies.replace(list.map((c) => [c.company_no, c] as [number, Company]));
        this.loading = false;
        this.loaded = true;
        this.error = null;
        if (this.client === null) this.client = this.favClient;
      });
      return list;
    } catch (e) {
      act('CompanyStore.loadFailed', () => {
        this.loading = false;
        this.error = e as FeathersError;
      });
      throw e;
    }
  }

  async loadCategories(): Promise<DocumentCategory[]> {
    const result = await this.root.client.service('document-category').find();
    const list = isPaginated(result) ? result.data : result;
    act('CompanyStore.categoriesLoaded', () => (this.documentCategories = list));
    return list;
  }

  /** Selects a client and loads its settings and accounting periods. */
  async select(clientNo: number | null): Promise<void> {
    if (clientNo === this.client && (this.companyReady || clientNo === null)) return;
    this.client = clientNo;
    this.companyReady = false;
    this.companySettings = null;
    this.accountingPeriods = [];
    if (clientNo === null) return;
    const isNewest = this.clientLoad.next();
    const [settings, periods] = await Promise.all([
      this.root.client.service('company-settings').find({ client_no: clientNo }),
      this.root.client.service('acc-periods').find({ client_no: clientNo }),
    ]);
    if (!isNewest()) return;
    act('CompanyStore.clientLoaded', () => {
      const s = isPaginated(settings) ? settings.data : settings;
      const p = isPaginated(periods) ? periods.data : periods;
      this.companySettings = s[0] ?? null;
      this.accountingPeriods = [...p].sort((a, b) => b.accounting - a.accounting);
      this.companyReady = true;
    });
  }

  applyUpserted(company: Company): void {
    const current = this.companies.get(company.company_no);
    if (current && typeof current.revision === 'number' && typeof company.revision === 'number' && company.revision < current.revision) return;
    this.companies.set(company.company_no, current ? { ...current, ...company } : company);
  }

  applyRemoved(company: Pick<Company, 'company_no'>): void {
    this.companies.delete(company.company_no);
  }

  private subscribe(): void {
    if (this.subscriptions.active) return;
    this.subscriptions.on<Company>('accounting-client', {
      created: this.applyUpserted,
      patched: this.applyUpserted,
      updated: this.applyUpserted,
      removed: this.applyRemoved,
    });
  }

  dispose(): void {
    this.subscriptions.stop();
  }
}
