import { makeAutoObservable } from 'mobx';
import type {
  AddressClientAccounts,
  AddressFields,
  AddressHistoryEntry,
  AddressRecord,
  CompanyRegisterHit,
  CreateAddressData,
  VatCheckResult,
} from '@portal/contracts';
import { COMPANY_REGISTER_QUERY_MAX, SERVICES, normalizeVatId } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { LiveList, recordsOf } from '../../stores/live/LiveList';
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
  readonly addresses: LiveList<AddressRecord>;
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
  private readonly registerSearch = new LatestRequest();

  constructor(private readonly root: AddressesRoot) {
    this.addresses = new LiveList({
      name: 'AddressesStore.addresses',
      client: root.client,
      path: SERVICES.addresses,
      query: () => this.query(0),
      pageSize: ADDRESS_PAGE_SIZE,
      // Listed: active and matching the filters. A search decides on the server which addresses match.
      belongs: (a) => a.status === 'active' && (!this.filters.rpaOnly || a.rpa) && (!this.filters.vatResult || a.vat_check?.result === this.filters.vatResult),
      admits: () => !this.filters.search.trim(),
      insert: (items, a) => [...items, a].sort(byName),
      pushed: (record) => this.follow(record),
    });
    makeAutoObservable<AddressesStore, 'root' | 'registerSearch'>(this, { root: false, registerSearch: false, addresses: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<AddressRecord>(SERVICES.addresses);
  }

  activate(): () => void {
    return this.addresses.subscribe();
  }

  private query(skip: number): Record<string, unknown> {
    const q: Record<string, unknown> = { $limit: ADDRESS_PAGE_SIZE, $skip: skip };
    if (this.filters.search.trim())
      q.search = this.filters.search
        .trim()
        .split(/\s+/)
        .map((w) => `${w}*`)
        .join(' ');
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
    await this.addresses.load();
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
        this.history = recordsOf(page).slice().reverse();
        this.historyLoading = false;
      });
    } catch {
      act('AddressesStore.historyFailed', () => (this.historyLoading = false));
    }
  }

  /** A pushed or answered record: the list takes it, and the selection follows it. */
  applyPushed(record: AddressRecord): void {
    this.addresses.upsert(record);
    this.follow(record);
  }

  private follow(record: AddressRecord): void {
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

  /** Other active addresses with the same VAT ID: two addresses of one company, to be merged. */
  async sameVatId(vatId: string, exceptId: number | null): Promise<AddressRecord[]> {
    const normalized = normalizeVatId(vatId.trim());
    if (normalized.length < 4) return [];
    const page = await this.service.find({ vat_id: normalized, $limit: 10 });
    return recordsOf(page).filter((a) => a.id !== exceptId);
  }

  /** Addresses matching a text, for picking a duplicate to merge (the selected one left out). */
  async findCandidates(text: string): Promise<AddressRecord[]> {
    const q = text.trim();
    if (!q) return [];
    const page = await this.service.find({
      search: q
        .split(/\s+/)
        .map((w) => `${w}*`)
        .join(' '),
      $limit: 10,
    });
    return recordsOf(page).filter((a) => a.id !== this.selectedId);
  }

  /** The company register search box (cut after 50 characters). */
  async searchRegister(text: string): Promise<void> {
    const query = text.slice(0, COMPANY_REGISTER_QUERY_MAX);
    const isNewest = this.registerSearch.next();
    this.register = { ...this.register, query, loading: query.trim() !== '' };
    if (query.trim() === '') {
      this.register = { query, hits: [], source: null, loading: false };
      return;
    }
    try {
      const page = await this.root.client.service(SERVICES.companyRegister).findResult<{ data: CompanyRegisterHit[]; source: string }>({ q: query, $limit: 8 });
      if (!isNewest()) return;
      act('AddressesStore.registerFound', () => (this.register = { query, hits: page.data, source: page.source, loading: false }));
    } catch {
      if (!isNewest()) return;
      act('AddressesStore.registerFailed', () => (this.register = { query, hits: [], source: null, loading: false }));
    }
  }
}
