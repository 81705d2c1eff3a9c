import { makeAutoObservable } from 'mobx';
import type { BankAccess, BankAccount, BankBalanceSeries, BankImport, BankInstitution, BankTransaction, CsvMapping, MatchSuggestion, Paginated, StatementPreview } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';
import { statementPort, type StatementPort, type UploadAnswer } from './statement-upload';

export type BankingRoot = Pick<RootStore, 'client' | 'session'>;

/** Rows fetched per page of the virtualised transaction list. */
export const TRANSACTION_PAGE = 100;

export interface TransactionFilters {
  search: string;
  from: string;
  to: string;
  minAmount: string;
  maxAmount: string;
  direction: 'all' | 'credit' | 'debit';
  status: 'all' | 'booked' | 'pending';
  match: 'all' | 'unmatched' | 'matched';
}

/** What the account dialog sends: create { client_no, iban, … } or patch the details. */
export type AccountDetails = Pick<BankAccount, 'iban' | 'bic' | 'bank_name' | 'type' | 'currency' | 'label' | 'opening_balance_cents' | 'opening_date'>;

/** A statement file waiting for the user: the account to import into and, for CSV, the column mapping. */
export interface PendingImport {
  file: File;
  preview: StatementPreview;
}

const EMPTY_FILTERS: TransactionFilters = { search: '', from: '', to: '', minAmount: '', maxAmount: '', direction: 'all', status: 'all', match: 'all' };

const list = <T>(result: Paginated<T> | T[]): T[] => (isPaginated(result) ? result.data : result);
const upsert = <T extends { id: string }>(items: T[], item: T, compare?: (a: T, b: T) => number): T[] => {
  const next = items.some((i) => i.id === item.id) ? items.map((i) => (i.id === item.id ? item : i)) : [...items, item];
  return compare ? next.sort(compare) : next;
};
const cents = (text: string) => {
  const n = Number(text.replace(/\s/g, '').replace(',', '.'));
  return text.trim() === '' || !Number.isFinite(n) ? null : Math.round(Math.abs(n) * 100);
};

/**
 * The banking screen of one client: accounts with balances and a balance series, accesses with their
 * validity, the import history, and the virtualised transaction list with search and filters, all live
 * through pushed events; statement upload, access actions and matching to open items.
 */
export class BankingStore {
  client: number | null = null;
  accounts: BankAccount[] = [];
  accesses: BankAccess[] = [];
  imports: BankImport[] = [];
  institutions: BankInstitution[] = [];
  selectedAccount: string | null = null;
  series: BankBalanceSeries | null = null;
  filters: TransactionFilters = { ...EMPTY_FILTERS };
  /** Sparse rows of the current filter: index → transaction, loaded by page. */
  rows = new Map<number, BankTransaction>();
  total = 0;
  loading = false;
  error: FeathersError | null = null;
  uploading: string | null = null;
  lastImport: BankImport | null = null;
  uploadError: string | null = null;
  /** The file the import dialog asks about (account, CSV columns); the files after it wait in `queue`. */
  pendingImport: PendingImport | null = null;
  private queue: File[] = [];
  /** Searched open items for a split, beside the suggestions. */
  searchResults: MatchSuggestion[] = [];
  busyAccess: string | null = null;
  accessError: string | null = null;
  /** The transaction whose matching panel is open, with its suggestions. */
  matching: BankTransaction | null = null;
  suggestions: MatchSuggestion[] = [];
  matchError: string | null = null;
  matchBusy = false;
  private ticket = 0;
  private pagesLoading = new Set<number>();
  private unsubscribe: Array<() => void> = [];

  constructor(
    private readonly root: BankingRoot,
    private readonly statements: StatementPort = statementPort,
  ) {
    makeAutoObservable<BankingStore, 'root' | 'ticket' | 'pagesLoading' | 'unsubscribe' | 'statements' | 'queue'>(this, { root: false, ticket: false, pagesLoading: false, unsubscribe: false, statements: false, queue: false }, { autoBind: true });
  }

  get account(): BankAccount | null {
    return this.accounts.find((a) => a.id === this.selectedAccount) ?? null;
  }

  get activeAccounts(): BankAccount[] {
    return this.accounts.filter((a) => !a.archived);
  }

  /** Accesses that need attention (expiring or expired): the badge count. */
  get alertCount(): number {
    return this.accesses.filter((a) => a.validity === 'expiring' || a.validity === 'expired').length;
  }

  /** Total balance per currency over the active accounts. */
  get totals(): Array<{ currency: string; cents: number }> {
    const sums = new Map<string, number>();
    for (const a of this.activeAccounts) sums.set(a.currency, (sums.get(a.currency) ?? 0) + a.balance_cents);
    return [...sums].map(([currency, c]) => ({ currency, cents: c }));
  }

  activate(): () => void {
    const on = <T>(path: string, apply: (record: T) => void) => [
      this.root.client.service<T>(path).on('created', (r) => act(`BankingStore.${path}`, () => apply(r))),
      this.root.client.service<T>(path).on('patched', (r) => act(`BankingStore.${path}`, () => apply(r))),
    ];
    this.unsubscribe = [
      ...on<BankAccount>(SERVICES.bankAccounts, this.applyAccount),
      ...on<BankAccess>(SERVICES.bankAccesses, this.applyAccess),
      ...on<BankImport>(SERVICES.bankImports, this.applyImport),
      ...on<BankTransaction>(SERVICES.bankTransactions, this.applyTransaction),
      this.root.client.service<BankTransaction>(SERVICES.bankTransactions).on('removed', (r) => act('BankingStore.removed', () => this.refreshRows(r))),
      this.root.client.on('reauthenticated', () => void this.reload()),
    ];
    return this.deactivate;
  }

  deactivate(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
  }

  async setClient(client: number | null): Promise<void> {
    if (client === this.client) return;
    this.client = client;
    this.accounts = [];
    this.accesses = [];
    this.imports = [];
    this.selectedAccount = null;
    this.series = null;
    this.filters = { ...EMPTY_FILTERS };
    this.lastImport = null;
    this.closeMatching();
    await this.reload();
  }

  async reload(): Promise<void> {
    const client = this.client;
    if (client === null) return;
    this.loading = true;
    try {
      const [accounts, accesses, imports, institutions] = await Promise.all([
        this.root.client.service<BankAccount>(SERVICES.bankAccounts).find({ client_no: client, $limit: 500, $sort: { created_at: 1 } }),
        this.root.client.service<BankAccess>(SERVICES.bankAccesses).find({ client_no: client, $limit: 500 }),
        this.root.client.service<BankImport>(SERVICES.bankImports).find({ client_no: client, $limit: 50, $sort: { imported_at: -1 } }),
        this.institutions.length ? Promise.resolve(this.institutions) : this.root.client.service<BankInstitution>(SERVICES.bankInstitutions).find({}),
      ]);
      if (client !== this.client) return;
      act('BankingStore.loaded', () => {
        this.accounts = list(accounts);
        this.accesses = list(accesses).sort(byValidity);
        this.imports = list(imports);
        this.institutions = list(institutions);
        this.error = null;
        this.loading = false;
        if (!this.selectedAccount || !this.account) this.selectedAccount = this.activeAccounts[0]?.id ?? null;
      });
      await Promise.all([this.loadSeries(), this.resetRows()]);
    } catch (e) {
      act('BankingStore.loadFailed', () => {
        this.error = toFeathersError(e);
        this.loading = false;
      });
    }
  }

  selectAccount(id: string | null): void {
    this.selectedAccount = id;
    void this.loadSeries();
    void this.resetRows();
  }

  async loadSeries(): Promise<void> {
    const id = this.selectedAccount;
    if (!id) {
      this.series = null;
      return;
    }
    try {
      const series = await this.root.client.service<BankBalanceSeries>(SERVICES.bankBalances).get(id);
      act('BankingStore.series', () => {
        if (this.selectedAccount === id) this.series = series;
      });
    } catch {
      act('BankingStore.seriesFailed', () => (this.series = null));
    }
  }

  setFilter<K extends keyof TransactionFilters>(key: K, value: TransactionFilters[K]): void {
    this.filters = { ...this.filters, [key]: value };
    void this.resetRows();
  }

  clearFilters(): void {
    this.filters = { ...EMPTY_FILTERS };
    void this.resetRows();
  }

  /** The Feathers query of the current account and filters. */
  get query(): Record<string, unknown> {
    const f = this.filters;
    const q: Record<string, unknown> = { client_no: this.client };
    if (this.selectedAccount) q.account_id = this.selectedAccount;
    if (f.status !== 'all') q.status = f.status;
    if (f.direction !== 'all') q.direction = f.direction;
    if (f.match === 'unmatched') q.match_status = { $ne: 'matched' };
    if (f.match === 'matched') q.match_status = 'matched';
    const date: Record<string, string> = {};
    if (f.from) date.$gte = f.from;
    if (f.to) date.$lte = f.to;
    if (Object.keys(date).length) q.booking_date = date;
    const amount: Record<string, number> = {};
    const min = cents(f.minAmount);
    const max = cents(f.maxAmount);
    if (min !== null) amount.$gte = min;
    if (max !== null) amount.$lte = max;
    if (Object.keys(amount).length) q.abs_cents = amount;
    if (f.search.trim()) q.search = f.search.trim();
    else q.$sort = { booking_date: -1, id: 1 };
    return q;
  }

  async resetRows(): Promise<void> {
    this.ticket++;
    this.rows = new Map();
    this.pagesLoading.clear();
    this.total = 0;
    await this.loadPage(0);
  }

  /** Loads the page holding row `index` unless loaded or loading (the list asks as rows scroll into view). */
  async ensureRow(index: number): Promise<void> {
    if (this.rows.has(index)) return;
    await this.loadPage(Math.floor(index / TRANSACTION_PAGE));
  }

  private async loadPage(page: number): Promise<void> {
    if (this.client === null || this.pagesLoading.has(page)) return;
    this.pagesLoading.add(page);
    const ticket = this.ticket;
    try {
      const result = await this.root.client.service<BankTransaction>(SERVICES.bankTransactions).find({ ...this.query, $skip: page * TRANSACTION_PAGE, $limit: TRANSACTION_PAGE });
      if (ticket !== this.ticket) return;
      act('BankingStore.page', () => {
        const data = list(result);
        this.total = isPaginated(result) ? result.total : data.length;
        const next = new Map(this.rows);
        data.forEach((t, i) => next.set(page * TRANSACTION_PAGE + i, t));
        this.rows = next;
      });
    } catch (e) {
      act('BankingStore.pageFailed', () => (this.error = toFeathersError(e)));
      this.pagesLoading.delete(page);
    }
  }

  applyAccount(account: BankAccount): void {
    if (account.client_no !== this.client) return;
    this.accounts = upsert(this.accounts, account);
    if (!this.selectedAccount && !account.archived) this.selectedAccount = account.id;
    if (account.id === this.selectedAccount) void this.loadSeries();
  }

  applyAccess(access: BankAccess): void {
    if (access.client_no === this.client) this.accesses = upsert(this.accesses, access, byValidity);
  }

  applyImport(record: BankImport): void {
    if (record.client_no !== this.client) return;
    this.imports = upsert(this.imports, record, (a, b) => b.imported_at.localeCompare(a.imported_at));
    void this.resetRows();
  }

  applyTransaction(tx: BankTransaction): void {
    if (tx.client_no !== this.client) return;
    const next = new Map(this.rows);
    let found = false;
    for (const [i, row] of next) if (row.id === tx.id) {
      next.set(i, tx);
      found = true;
    }
    if (found) this.rows = next;
    if (this.matching?.id === tx.id) {
      this.matching = tx;
      void this.loadSuggestions();
    }
  }

  private refreshRows(tx: BankTransaction): void {
    if (tx.client_no === this.client && [...this.rows.values()].some((r) => r.id === tx.id)) void this.resetRows();
  }

  private get token(): string | null {
    return this.root.client.storage.get();
  }

  /**
   * Imports statement files one after the other. Each is previewed first: a camt.053 or MT940 naming its IBANs
   * is imported at once (the account is found or opened by IBAN); a CSV, or a statement without an IBAN, waits in
   * the import dialog for the account (and the CSV's column mapping). Each import answers its record (counts, warnings).
   */
  async upload(files: File[]): Promise<void> {
    this.queue.push(...files);
    if (this.uploading === null && this.pendingImport === null) await this.next();
  }

  private async next(): Promise<void> {
    const file = this.queue.shift();
    const client = this.client;
    if (!file || client === null) return;
    this.uploading = file.name;
    this.uploadError = null;
    const answer = await this.statements.preview({ file, clientNo: client, accountId: null, token: this.token });
    if (!answer.ok) {
      act('BankingStore.previewFailed', () => {
        this.uploading = null;
        this.uploadError = answer.message;
      });
      return this.next();
    }
    if (answer.preview.needsAccount) {
      act('BankingStore.askAccount', () => {
        this.uploading = null;
        this.pendingImport = { file, preview: answer.preview };
      });
      return;
    }
    await this.importFile(file, null);
    return this.next();
  }

  private async importFile(file: File, accountId: string | null): Promise<boolean> {
    if (this.client === null) return false;
    this.uploading = file.name;
    this.uploadError = null;
    const answer: UploadAnswer = await this.statements.upload({ file, clientNo: this.client, accountId, token: this.token });
    act('BankingStore.uploaded', () => {
      this.uploading = null;
      if (answer.ok) {
        this.lastImport = answer.record;
        this.applyImport(answer.record);
      } else this.uploadError = answer.message;
    });
    return answer.ok;
  }

  /** The CSV read again with another number of lines above its column titles. */
  async previewAgain(skipLines: number): Promise<void> {
    const pending = this.pendingImport;
    if (!pending || this.client === null) return;
    const answer = await this.statements.preview({ file: pending.file, clientNo: this.client, accountId: null, token: this.token, skipLines });
    act('BankingStore.previewAgain', () => {
      if (this.pendingImport?.file !== pending.file) return;
      if (answer.ok) {
        this.pendingImport = { file: pending.file, preview: answer.preview };
        this.uploadError = null;
      } else this.uploadError = answer.message;
    });
  }

  /** Imports the waiting file into the chosen account; a CSV's mapping is saved on the account first (for the next file of that bank). */
  async confirmImport(accountId: string, mapping: CsvMapping | null): Promise<boolean> {
    const pending = this.pendingImport;
    if (!pending) return false;
    if (mapping) {
      try {
        const account = await this.root.client.service<BankAccount>(SERVICES.bankAccounts).patch(accountId, { csv_mapping: mapping });
        act('BankingStore.mappingSaved', () => this.applyAccount(account));
      } catch (e) {
        act('BankingStore.mappingFailed', () => (this.uploadError = toFeathersError(e).message));
        return false;
      }
    }
    const ok = await this.importFile(pending.file, accountId);
    if (!ok) return false;
    act('BankingStore.importConfirmed', () => (this.pendingImport = null));
    await this.next();
    return true;
  }

  /** The waiting file is not imported; the next one is. */
  async skipImport(): Promise<void> {
    this.pendingImport = null;
    this.uploadError = null;
    await this.next();
  }

  /** Opens an account (create) or changes its details (patch); the answer is the account. */
  async saveAccount(id: string | null, details: AccountDetails): Promise<BankAccount> {
    const service = this.root.client.service<BankAccount>(SERVICES.bankAccounts);
    try {
      // The IBAN names the account: it is given when opening, never changed.
      const { iban: _iban, ...changes } = details;
      const account = id === null ? await service.create({ client_no: this.client, ...details }) : await service.patch(id, changes);
      act('BankingStore.accountSaved', () => {
        this.applyAccount(account);
        if (id === null) this.selectAccount(account.id);
      });
      return account;
    } catch (e) {
      throw toFeathersError(e);
    }
  }

  /** Archives an account (it keeps its transactions, takes no more imports) or restores it. */
  async setArchived(account: BankAccount, archived: boolean): Promise<void> {
    try {
      const saved = await this.root.client.service<BankAccount>(SERVICES.bankAccounts).patch(account.id, { archived });
      act('BankingStore.archived', () => {
        this.applyAccount(saved);
        if (archived && this.selectedAccount === account.id) this.selectAccount(this.activeAccounts[0]?.id ?? null);
      });
    } catch (e) {
      throw toFeathersError(e);
    }
  }

  dismissImport(): void {
    this.lastImport = null;
    this.uploadError = null;
  }

  private async accessCall(id: string, work: () => Promise<BankAccess>): Promise<void> {
    this.busyAccess = id;
    this.accessError = null;
    try {
      const access = await work();
      act('BankingStore.accessDone', () => {
        this.applyAccess(access);
        this.busyAccess = null;
      });
      if (access.link) window.open(access.link, '_blank', 'noopener');
    } catch (e) {
      act('BankingStore.accessFailed', () => {
        this.busyAccess = null;
        this.accessError = toFeathersError(e).message;
      });
    }
  }

  connect(institution: BankInstitution): Promise<void> {
    const client = this.client;
    return this.accessCall('new', () =>
      this.root.client.service<BankAccess>(SERVICES.bankAccesses).create({ client_no: client, source: institution.source, institution_id: institution.id, redirect: window.location.href }),
    );
  }

  renew(access: BankAccess): Promise<void> {
    return this.accessCall(access.id, () => this.root.client.service<BankAccess>(SERVICES.bankAccesses).patch(access.id, { action: 'renew', redirect: window.location.href }));
  }

  revoke(access: BankAccess): Promise<void> {
    return this.accessCall(access.id, () => this.root.client.service<BankAccess>(SERVICES.bankAccesses).patch(access.id, { action: 'revoke' }));
  }

  sync(access: BankAccess): Promise<void> {
    return this.accessCall(access.id, () => this.root.client.service<BankAccess>(SERVICES.bankAccesses).patch(access.id, { action: 'sync' }));
  }

  complete(access: BankAccess): Promise<void> {
    return this.accessCall(access.id, () => this.root.client.service<BankAccess>(SERVICES.bankAccesses).patch(access.id, { action: 'complete' }));
  }

  updateAccounts(access: BankAccess, accountIds: string[]): Promise<void> {
    return this.accessCall(access.id, () => this.root.client.service<BankAccess>(SERVICES.bankAccesses).patch(access.id, { action: 'update', account_ids: accountIds }));
  }

  async openMatching(tx: BankTransaction): Promise<void> {
    this.matching = tx;
    this.suggestions = [];
    this.searchResults = [];
    this.matchError = null;
    await this.loadSuggestions();
  }

  closeMatching(): void {
    this.matching = null;
    this.suggestions = [];
    this.searchResults = [];
    this.matchError = null;
  }

  async loadSuggestions(): Promise<void> {
    const tx = this.matching;
    if (!tx || this.client === null) return;
    try {
      const result = await this.root.client.service<MatchSuggestion>(SERVICES.bankMatches).find({ client_no: this.client, transaction_id: tx.id, $limit: 10 });
      act('BankingStore.suggestions', () => {
        if (this.matching?.id === tx.id) this.suggestions = list(result);
      });
    } catch (e) {
      act('BankingStore.suggestionsFailed', () => (this.matchError = toFeathersError(e).message));
    }
  }

  /** Any open item of the fitting kind by number, party or reference, to split the transaction over (two characters at least). */
  async searchOpenItems(text: string): Promise<void> {
    const tx = this.matching;
    if (!tx || this.client === null) return;
    if (text.trim().length < 2) {
      this.searchResults = [];
      return;
    }
    try {
      const result = await this.root.client.service<MatchSuggestion>(SERVICES.bankMatches).find({ client_no: this.client, transaction_id: tx.id, search: text.trim(), $limit: 20 });
      act('BankingStore.searched', () => {
        if (this.matching?.id === tx.id) this.searchResults = list(result);
      });
    } catch (e) {
      act('BankingStore.searchFailed', () => (this.matchError = toFeathersError(e).message));
    }
  }

  /** Confirms a match: one or more open items with the amount each takes (a split when several). */
  async confirmMatch(allocations: Array<{ open_item_id: string; amount_cents: number }>): Promise<boolean> {
    const tx = this.matching;
    if (!tx || allocations.length === 0) return false;
    this.matchBusy = true;
    this.matchError = null;
    try {
      const updated = await this.root.client.service<BankTransaction>(SERVICES.bankMatches).create({ transaction_id: tx.id, allocations });
      act('BankingStore.matched', () => {
        this.matchBusy = false;
        this.applyTransaction(updated);
      });
      return true;
    } catch (e) {
      act('BankingStore.matchFailed', () => {
        this.matchBusy = false;
        this.matchError = toFeathersError(e).message;
      });
      return false;
    }
  }

  async undoMatch(tx: BankTransaction, matchId: string): Promise<void> {
    this.matchBusy = true;
    this.matchError = null;
    try {
      const updated = await this.root.client.service<BankTransaction>(SERVICES.bankMatches).remove(matchId, { transaction_id: tx.id });
      act('BankingStore.unmatched', () => {
        this.matchBusy = false;
        this.applyTransaction(updated);
      });
    } catch (e) {
      act('BankingStore.undoFailed', () => {
        this.matchBusy = false;
        this.matchError = toFeathersError(e).message;
      });
    }
  }
}

const ORDER = { expired: 0, expiring: 1, pending: 2, valid: 3, revoked: 4 } as const;
function byValidity(a: BankAccess, b: BankAccess): number {
  return ORDER[a.validity] - ORDER[b.validity] || (a.days_left ?? 0) - (b.days_left ?? 0) || a.institution_name.localeCompare(b.institution_name);
}
