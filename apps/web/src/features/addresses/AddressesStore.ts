import { makeAutoObservable } from 'mobx';
import type { AddressClientAccounts, AddressFields, AddressHistoryEntry, AddressRecord, CompanyRegisterHit, CreateAddressData, VatCheckResult } from '@portal/contracts';
import { COMPANY_REGISTER_QUERY_MAX, SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export const ADDRESS_PAGE_SIZE = 50;

export type AddressesRoot = Pick<RootStore, 'client'>;

export interface AddressFilters {
  search: string;
  rpaOnly: boolean;
  vatResult: VatCheckResult | null;
}

export interface RegisterSearch {
  query: string;
  hits: CompanyRegisterHit[];
  source: string | null;
  loading: boolean;
}

/** The list's order: by name as the read model sorts it (case-insensitive). */
const byName = (a: AddressRecord, b: AddressRecord) => a.name.localeCompare(b.name, 'de', { sensitivity: 'base' }) || a.id - b.id;

/**
 * The address administration (/admin/addresses/{id}): the list with search and filters, paged; the selected
 * address with its history; create, edit, RPA, merge, VAT check and delete; pushed changes keep both live.
 */
export class AddressesStore {
  filters: AddressFilters = { search: '', rpaOnly: false, vatResult: null };
  items: AddressRecord[] = [];
  total = 0;
  loading = false;
  error: FeathersError | null = null;
  selectedId: number | null = null;
  selected: AddressRecord | null = null;
  selectedError: FeathersError | null = null;
  history: AddressHistoryEntry[] = [];
  historyLoading = false;
  busy: string | null = null;
  actionError: FeathersError | null = null;
  /** Which change `actionError` belongs to (create, save, rpa, checkVat, merge, remove). */
  failedAction: string | null = null;
  register: RegisterSearch = { query: '', hits: [], source: null, loading: false };
  private ticket = 0;
  private registerTicket = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly root: AddressesRoot) {
    makeAutoObservable<AddressesStore, 'root' | 'ticket' | 'registerTicket' | 'unsubscribe'>(this, { root: false, ticket: false, registerTicket: false, unsubscribe: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<AddressRecord>(SERVICES.addresses);
  }

  get hasMore(): boolean {
    return this.items.length < this.total;
  }

  activate(): () => void {
    const pushed = (record: AddressRecord) => act('AddressesStore.applyPushed', () => this.applyPushed(record));
    this.unsubscribe = [
      this.service.on('created', pushed),
      this.service.on('patched', pushed),
      this.service.on('removed', pushed),
      this.root.client.on('reauthenticated', () => void this.reload()),
    ];
    return this.deactivate;
  }

  deactivate(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
  }

  private query(skip: number): Record<string, unknown> {
    const q: Record<string, unknown> = { $limit: ADDRESS_PAGE_SIZE, $skip: skip };
    if (this.filters.search.trim()) q.search = this.filters.search.trim().split(/\s+/).map((w) => `${w}*`).join(' ');
    if (this.filters.rpaOnly) q.rpa = true;
    if (this.filters.vatResult) q.vat_result = this.filters.vatResult;
    return q;
  }

  setFilters(change: Partial<AddressFilters>): Promise<void> {
    this.filters = { ...this.filters, ...change };
    return this.reload();
  }

  /** The first page for the current filters. */
  async reload(): Promise<void> {
    const ticket = ++this.ticket;
    this.loading = true;
    try {
      const page = await this.service.find(this.query(0));
      if (ticket !== this.ticket) return;
      act('AddressesStore.loaded', () => {
        const list = isPaginated(page) ? page.data : page;
        this.items = list;
        this.total = isPaginated(page) ? page.total : list.length;
        this.loading = false;
        this.error = null;
      });
    } catch (e) {
      if (ticket !== this.ticket) return;
      act('AddressesStore.loadFailed', () => {
        this.loading = false;
        this.error = toFeathersError(e);
      });
    }
  }

  async loadMore(): Promise<void> {
    if (this.loading || !this.hasMore) return;
    const ticket = this.ticket;
    this.loading = true;
    try {
      const page = await this.service.find(this.query(this.items.length));
      if (ticket !== this.ticket) return;
      act('AddressesStore.loadedMore', () => {
        const list = isPaginated(page) ? page.data : page;
        const known = new Set(this.items.map((a) => a.id));
        this.items = [...this.items, ...list.filter((a) => !known.has(a.id))];
        if (isPaginated(page)) this.total = page.total;
        this.loading = false;
      });
    } catch (e) {
      act('AddressesStore.loadMoreFailed', () => {
        this.loading = false;
        this.error = toFeathersError(e);
      });
    }
  }

  /** Selects an address (route parameter) and loads it with its history. */
  async select(id: number | null): Promise<void> {
    if (id === this.selectedId && (this.selected || id === null)) return;
    this.selectedId = id;
    this.selected = null;
    this.selectedError = null;
    this.history = [];
    this.actionError = null;
    if (id === null) return;
    try {
      const record = await this.service.get(id);
      act('AddressesStore.selected', () => {
        if (this.selectedId === id) this.selected = record;
      });
      await this.loadHistory();
    } catch (e) {
      act('AddressesStore.selectFailed', () => {
        if (this.selectedId === id) this.selectedError = toFeathersError(e);
      });
    }
  }

  async loadHistory(): Promise<void> {
    const id = this.selectedId;
    if (id === null) return;
    this.historyLoading = true;
    try {
      const page = await this.root.client.service<AddressHistoryEntry>(SERVICES.addressHistory).find({ address_id: id });
      act('AddressesStore.historyLoaded', () => {
        if (this.selectedId !== id) return;
        this.history = (isPaginated(page) ? page.data : page).slice().reverse();
        this.historyLoading = false;
      });
    } catch {
      act('AddressesStore.historyFailed', () => (this.historyLoading = false));
    }
  }

  /** A pushed or answered record: replaced in the list (or added when it matches no filter check), and as the selection. */
  applyPushed(record: AddressRecord): void {
    const index = this.items.findIndex((a) => a.id === record.id);
    const listed = record.status === 'active' && (!this.filters.rpaOnly || record.rpa) && (!this.filters.vatResult || record.vat_check?.result === this.filters.vatResult);
    if (index >= 0 && !listed) {
      this.items = this.items.filter((a) => a.id !== record.id);
      this.total = Math.max(0, this.total - 1);
    } else if (index >= 0) {
      this.items = this.items.map((a) => (a.id === record.id ? record : a));
    } else if (listed && !this.filters.search.trim()) {
      this.items = [...this.items, record].sort(byName);
      this.total += 1;
    }
    if (this.selectedId === record.id && (!this.selected || record.revision >= this.selected.revision || record.status !== this.selected.status)) {
      this.selected = record;
      void this.loadHistory();
    }
  }

  /** Runs one change against the server; its answer replaces the record; a refusal stays in `actionError`. */
  private async run(name: string, work: () => Promise<AddressRecord>): Promise<AddressRecord | null> {
    this.busy = name;
    this.actionError = null;
    this.failedAction = null;
    try {
      const record = await work();
      act(`AddressesStore.${name}Done`, () => {
        this.busy = null;
        this.applyPushed(record);
      });
      return record;
    } catch (e) {
      act(`AddressesStore.${name}Failed`, () => {
        this.busy = null;
        this.actionError = toFeathersError(e);
        this.failedAction = name;
      });
      return null;
    }
  }

  create(data: CreateAddressData): Promise<AddressRecord | null> {
    return this.run('create', () => this.service.create(data));
  }

  save(id: number, fields: Partial<AddressFields>, accounts?: AddressClientAccounts[]): Promise<AddressRecord | null> {
    return this.run('save', () => this.service.patch(id, { ...fields, ...(accounts ? { accounts } : {}) }));
  }

  setRpa(id: number, rpa: boolean): Promise<AddressRecord | null> {
    return this.run('rpa', () => this.service.patch(id, { rpa }));
  }

  checkVat(id: number): Promise<AddressRecord | null> {
    return this.run('checkVat', () => this.service.patch(id, { action: 'check-vat' }));
  }

  merge(targetId: number, sourceId: number): Promise<AddressRecord | null> {
    return this.run('merge', () => this.service.patch(targetId, { action: 'merge', source: sourceId }));
  }

  remove(id: number): Promise<AddressRecord | null> {
    return this.run('remove', () => this.service.remove(id));
  }

  clearActionError(): void {
    this.actionError = null;
    this.failedAction = null;
  }

  /** The refusal of one kind of change, if the last change of that kind was refused. */
  errorOf(...actions: string[]): FeathersError | null {
    return this.failedAction !== null && actions.includes(this.failedAction) ? this.actionError : null;
  }

  /** Addresses matching a text, for picking a duplicate to merge (the selected one left out). */
  async findCandidates(text: string): Promise<AddressRecord[]> {
    const q = text.trim();
    if (!q) return [];
    const page = await this.service.find({ search: q.split(/\s+/).map((w) => `${w}*`).join(' '), $limit: 10 });
    return (isPaginated(page) ? page.data : page).filter((a) => a.id !== this.selectedId);
  }

  /** The company register search box (spec 9: cut after 50 characters). */
  async searchRegister(text: string): Promise<void> {
    const query = text.slice(0, COMPANY_REGISTER_QUERY_MAX);
    const ticket = ++this.registerTicket;
    this.register = { ...this.register, query, loading: query.trim() !== '' };
    if (query.trim() === '') {
      this.register = { query, hits: [], source: null, loading: false };
      return;
    }
    try {
      const page = (await this.root.client.service<CompanyRegisterHit>(SERVICES.companyRegister).find({ q: query, $limit: 8 })) as unknown as { data: CompanyRegisterHit[]; source: string };
      if (ticket !== this.registerTicket) return;
      act('AddressesStore.registerFound', () => (this.register = { query, hits: page.data, source: page.source, loading: false }));
    } catch {
      if (ticket !== this.registerTicket) return;
      act('AddressesStore.registerFailed', () => (this.register = { query, hits: [], source: null, loading: false }));
    }
  }
}
