import { makeAutoObservable } from 'mobx';
import { SERVICES, type Paginated, type CashRegister, type FonConflict, type FonConflictKind, type FonFirm, type FonImport, type FonItemFacets, type FonItemState, type FonQuotaItem, type FonUser, type QuotaSummary } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export type FonRoot = Pick<RootStore, 'client' | 'session'>;

export interface ItemFilters {
  status: FonItemState | null;
  /** '' = items without a responsible employee. */
  employee: string | null;
  office: string | null;
  conflict: FonConflictKind | null;
  search: string;
}

export type ConflictFilter = 'open' | 'resolved_manually' | 'closed' | 'all';

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

/** Items per page: the first page comes with the filters, the next ones as the user scrolls to the end. */
export const ITEM_PAGE = 200;
const pageOf = <T>(page: T[] | Paginated<T>): T[] => (isPaginated(page) ? page.data : page);

/**
 * /fon-monitoring (issue 15): one firm and tax year — the quota per tax office, the items with filters, the
 * conflicts, cash registers, FON users and firms, the import jobs. Pushed changes of the six services reload
 * the parts they touch once a burst settles (an import is one push per item).
 */
export class FonStore {
  firms: FonFirm[] = [];
  users: FonUser[] = [];
  firmId: string | null = null;
  taxYear = new Date().getUTCFullYear() - 1;
  quota: QuotaSummary[] = [];
  facets: FonItemFacets | null = null;
  items: FonQuotaItem[] = [];
  itemsTotal = 0;
  itemsLoading = false;
  filters: ItemFilters = { status: null, employee: null, office: null, conflict: null, search: '' };
  conflictFilter: ConflictFilter = 'open';
  conflicts: FonConflict[] = [];
  registers: CashRegister[] = [];
  imports: FonImport[] = [];
  loaded = false;
  error: unknown = null;
  busy = false;
  private unsubscribe: Array<() => void> = [];
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private itemsTicket = 0;

  constructor(private readonly root: FonRoot) {
    makeAutoObservable<FonStore, 'root' | 'unsubscribe' | 'timers' | 'itemsTicket'>(this, { root: false, unsubscribe: false, timers: false, itemsTicket: false }, { autoBind: true });
  }

  get firm(): FonFirm | null {
    return this.firms.find((f) => f.id === this.firmId) ?? null;
  }

  get firmUsers(): FonUser[] {
    return this.users.filter((u) => u.firm_id === this.firmId);
  }

  /** The years to choose: last year, the two before, and every quota year of the firm's users. */
  get years(): number[] {
    const last = new Date().getUTCFullYear() - 1;
    return [...new Set([last, last - 1, last - 2, this.taxYear, ...this.firmUsers.map((u) => u.quota_year)])].sort((a, b) => b - a);
  }

  /** The firm's imports of this year, newest first. */
  get yearImports(): FonImport[] {
    return this.imports.filter((i) => i.tax_year === this.taxYear);
  }

  /** Spec 8: "FON import failed (data may be stale)" while the latest import of the firm failed. */
  get latestImportFailed(): FonImport | null {
    const latest = this.imports[0];
    return latest && latest.status === 'failed' ? latest : null;
  }

  get importRunning(): boolean {
    return this.imports.some((i) => i.status === 'in progress');
  }

  activate(): () => void {
    const on = (path: string, reload: () => Promise<void>) => {
      const service = this.root.client.service(path);
      const later = () => this.schedule(path, reload);
      return [service.on('created', later), service.on('patched', later), service.on('removed', later)];
    };
    const items = this.root.client.service<FonQuotaItem>(SERVICES.fonQuotaItems);
    // A changed item is replaced where it is listed; new or removed ones reload the first page once a burst settles.
    const reloadItems = () => this.schedule('items', async () => void (await Promise.all([this.loadQuota(), this.loadItems()])));
    const patched = (item: FonQuotaItem) => {
      act('FonStore.itemPushed', () => {
        const i = this.items.findIndex((r) => r.id === item.id);
        if (i >= 0) this.items[i] = item;
      });
      this.schedule('quota', this.loadQuota);
    };
    this.unsubscribe = [
      items.on('patched', patched),
      items.on('created', reloadItems),
      items.on('removed', reloadItems),
      ...on(SERVICES.fonConflicts, this.loadConflicts),
      ...on(SERVICES.cashRegisters, this.loadRegisters),
      ...on(SERVICES.fonUsers, this.loadAdmin),
      ...on(SERVICES.fonFirms, this.loadAdmin),
      ...on(SERVICES.fonImports, this.loadImports),
      this.root.client.on('reauthenticated', () => void this.refresh()),
    ];
    void this.start();
    return () => {
      this.unsubscribe.forEach((u) => u());
      this.unsubscribe = [];
      this.timers.forEach((t) => clearTimeout(t));
      this.timers.clear();
    };
  }

  private schedule(key: string, run: () => Promise<void>): void {
    const pending = this.timers.get(key);
    if (pending) clearTimeout(pending);
    this.timers.set(key, setTimeout(() => {
      this.timers.delete(key);
      void run().catch((e: unknown) => act('FonStore.reloadFailed', () => (this.error = e)));
    }, 250));
  }

  private async start(): Promise<void> {
    try {
      await this.loadAdmin();
      act('FonStore.firmChosen', () => (this.firmId = this.firmId ?? this.firms[0]?.id ?? null));
      await this.refresh();
      act('FonStore.loaded', () => (this.loaded = true));
    } catch (e) {
      act('FonStore.loadFailed', () => {
        this.error = e;
        this.loaded = true;
      });
    }
  }

  async refresh(): Promise<void> {
    await Promise.all([this.loadQuota(), this.loadItems(), this.loadConflicts(), this.loadRegisters(), this.loadImports()]);
  }

  async setFirm(id: string): Promise<void> {
    this.firmId = id;
    this.filters = { status: null, employee: null, office: null, conflict: null, search: '' };
    await this.refresh();
  }

  async setTaxYear(year: number): Promise<void> {
    this.taxYear = year;
    await this.refresh();
  }

  async setFilters(change: Partial<ItemFilters>): Promise<void> {
    this.filters = { ...this.filters, ...change };
    await this.loadItems();
  }

  async setConflictFilter(filter: ConflictFilter): Promise<void> {
    this.conflictFilter = filter;
    await this.loadConflicts();
  }

  async loadAdmin(): Promise<void> {
    const [firms, users] = await Promise.all([
      this.root.client.service<FonFirm>(SERVICES.fonFirms).find({ $limit: 1000, $sort: { name: 1 } }),
      this.root.client.service<FonUser>(SERVICES.fonUsers).find({ $limit: 1000, $sort: { quota_year: -1, name: 1 } }),
    ]);
    act('FonStore.admin', () => {
      this.firms = pageOf(firms);
      this.users = pageOf(users);
      if (this.firmId && !this.firms.some((f) => f.id === this.firmId)) this.firmId = this.firms[0]?.id ?? null;
    });
  }

  async loadQuota(): Promise<void> {
    if (!this.firmId) {
      act('FonStore.noQuota', () => {
        this.quota = [];
        this.facets = null;
      });
      return;
    }
    const service = this.root.client.service<unknown>(SERVICES.fonQuotaItems);
    const [quota, facets] = await Promise.all([service.find({ view: 'quota', firm_id: this.firmId, tax_year: this.taxYear }), service.find({ view: 'facets', firm_id: this.firmId, tax_year: this.taxYear })]);
    act('FonStore.quota', () => {
      this.quota = pageOf(quota as Paginated<QuotaSummary>);
      this.facets = facets as unknown as FonItemFacets;
    });
  }

  /** The query of the items tab: the firm, year and filters, by name (or by rank when searching). */
  get itemQuery(): Record<string, unknown> {
    const f = this.filters;
    const query: Record<string, unknown> = { firm_id: this.firmId, tax_year: this.taxYear, $sort: { name: 1 } };
    if (f.status) query.status = f.status;
    if (f.employee !== null) query.zustMa = f.employee === '' ? null : f.employee;
    if (f.office) query.tax_office = f.office;
    if (f.conflict) query.conflict_kind = f.conflict;
    if (f.search.trim()) {
      query.search = f.search.trim().split(/\s+/).map((w) => `${w.replace(/[*"]/g, '')}*`).join(' ');
      delete query.$sort;
    }
    return query;
  }

  get hasMoreItems(): boolean {
    return this.items.length < this.itemsTotal;
  }

  /** The first page of items for the current filters (or, with `more`, the next page appended). */
  async loadItems(more = false): Promise<void> {
    const ticket = more ? this.itemsTicket : ++this.itemsTicket;
    if (!this.firmId) {
      act('FonStore.noItems', () => {
        this.items = [];
        this.itemsTotal = 0;
      });
      return;
    }
    act('FonStore.itemsLoading', () => (this.itemsLoading = true));
    try {
      const page = await this.root.client.service<FonQuotaItem>(SERVICES.fonQuotaItems).find({ ...this.itemQuery, $skip: more ? this.items.length : 0, $limit: ITEM_PAGE });
      if (ticket !== this.itemsTicket) return;
      act('FonStore.items', () => {
        const rows = pageOf(page);
        if (more) {
          const known = new Set(this.items.map((i) => i.id));
          this.items = [...this.items, ...rows.filter((i) => !known.has(i.id))];
        } else this.items = rows;
        this.itemsTotal = isPaginated(page) ? page.total : this.items.length;
      });
    } finally {
      if (ticket === this.itemsTicket) act('FonStore.itemsLoaded', () => (this.itemsLoading = false));
    }
  }

  /** The next page, as the user scrolls to the end of the table; nothing while a page loads or when all are there. */
  loadMoreItems(): void {
    if (this.itemsLoading || !this.hasMoreItems) return;
    void this.loadItems(true).catch((e: unknown) => act('FonStore.moreFailed', () => (this.error = e)));
  }

  async loadConflicts(): Promise<void> {
    if (!this.firmId) {
      act('FonStore.noConflicts', () => {
        this.conflicts = [];
      });
      return;
    }
    const query: Record<string, unknown> = { firm_id: this.firmId, tax_year: this.taxYear, $limit: 5000, $sort: { opened_at: -1 } };
    if (this.conflictFilter !== 'all') query.status = this.conflictFilter;
    const page = await this.root.client.service<FonConflict>(SERVICES.fonConflicts).find(query);
    act('FonStore.conflicts', () => (this.conflicts = pageOf(page)));
  }

  async loadRegisters(): Promise<void> {
    if (!this.firmId) {
      act('FonStore.noRegisters', () => {
        this.registers = [];
      });
      return;
    }
    const page = await this.root.client.service<CashRegister>(SERVICES.cashRegisters).find({ firm_id: this.firmId, $limit: 5000, $sort: { name: 1 } });
    act('FonStore.registers', () => (this.registers = pageOf(page)));
  }

  async loadImports(): Promise<void> {
    if (!this.firmId) {
      act('FonStore.noImports', () => {
        this.imports = [];
      });
      return;
    }
    const before = this.imports.find((i) => i.status === 'in progress');
    const page = await this.root.client.service<FonImport>(SERVICES.fonImports).find({ firm_id: this.firmId, $limit: 100, $sort: { started_at: -1 } });
    act('FonStore.imports', () => (this.imports = pageOf(page)));
    // A job that ended changed items, conflicts and the quota.
    if (before && this.imports.find((i) => i.id === before.id)?.status !== 'in progress') await Promise.all([this.loadQuota(), this.loadItems(), this.loadConflicts()]);
  }

  private async busyWith<T>(work: () => Promise<T>): Promise<T> {
    this.busy = true;
    try {
      return await work();
    } finally {
      act('FonStore.idle', () => (this.busy = false));
    }
  }

  resolveConflict(id: string, remark: string): Promise<void> {
    return this.busyWith(async () => {
      await this.root.client.service(SERVICES.fonConflicts).patch(id, { remark });
      await Promise.all([this.loadConflicts(), this.loadItems(), this.loadQuota()]);
    });
  }

  setRelevance(id: string, notRelevant: boolean, remark: string | null): Promise<void> {
    return this.busyWith(async () => {
      await this.root.client.service(SERVICES.fonQuotaItems).patch(id, { not_relevant: notRelevant, remark });
      await Promise.all([this.loadItems(), this.loadQuota()]);
    });
  }

  checkAnnualReceipt(id: string, year: number): Promise<void> {
    return this.busyWith(async () => {
      await this.root.client.service(SERVICES.cashRegisters).patch(id, { annual_receipt_checked: year });
      await this.loadRegisters();
    });
  }

  /** Creates (id null) or changes a firm; a new firm becomes the chosen one. */
  saveFirm(id: string | null, input: FirmInput): Promise<void> {
    const data: Record<string, unknown> = { name: input.name, ntcs_id: input.ntcs_id, webeku_user: input.webeku_user.trim() || null };
    if (input.webeku_password) data.webeku_password = input.webeku_password;
    return this.busyWith(async () => {
      const service = this.root.client.service<FonFirm>(SERVICES.fonFirms);
      const saved = id ? await service.patch(id, data) : await service.create(data);
      await this.loadAdmin();
      if (!id) await this.setFirm(saved.id);
    });
  }

  removeFirm(id: string): Promise<void> {
    return this.busyWith(async () => {
      await this.root.client.service(SERVICES.fonFirms).remove(id);
      await this.loadAdmin();
      await this.refresh();
    });
  }

  saveUser(id: string | null, input: FonUserInput): Promise<void> {
    const webService = input.type === 'webservice';
    const data: Record<string, unknown> = { name: input.name, quota_year: input.quota_year, type: input.type, tid: webService ? input.tid : null, benid: webService ? input.benid.trim() || null : null };
    if (input.pin) data.pin = input.pin;
    if (!id) data.firm_id = this.firmId;
    return this.busyWith(async () => {
      const service = this.root.client.service(SERVICES.fonUsers);
      if (id) await service.patch(id, data);
      else await service.create(data);
      await this.loadAdmin();
    });
  }

  /** Deleting is refused while an import of the firm runs (spec 5); the refusal reaches the caller. */
  removeUser(id: string): Promise<void> {
    return this.busyWith(async () => {
      await this.root.client.service(SERVICES.fonUsers).remove(id);
      await this.loadAdmin();
    });
  }

  /** Fetches the quota list with a web-service user (FinanzOnline, or the sandbox in demo mode). */
  fetchFromFinanzOnline(userId: string): Promise<void> {
    return this.busyWith(async () => {
      const user = this.users.find((u) => u.id === userId);
      await this.root.client.service(SERVICES.fonImports).create({ fon_user_id: userId, tax_year: user?.quota_year ?? this.taxYear });
      await this.loadImports();
    });
  }

  /** POST /api/fon/imports with the file (FON quota list or NTCS export); the job then runs on the server. */
  uploadFile(source: 'fon-file' | 'ntcs', file: File): Promise<void> {
    return this.busyWith(async () => {
      if (!this.firmId) return;
      const form = new FormData();
      form.append('file', file, file.name);
      const query = new URLSearchParams({ firm_id: this.firmId, tax_year: String(this.taxYear), source });
      const token = this.root.session.accessToken;
      const response = await fetch(`/api/fon/imports?${query.toString()}`, { method: 'POST', body: form, headers: token ? { Authorization: `Bearer ${token}` } : {} });
      if (!response.ok) throw toFeathersError(await response.json().catch(() => ({ message: 'Error during upload.' })));
      await this.loadImports();
    });
  }
}
