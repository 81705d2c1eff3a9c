import { makeAutoObservable } from 'mobx';
import type { SvAccount, SvAccountDetail, SvBookingStateCode, SvImportResult, SvInterestRate, SvTransaction } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { saveFile } from '../../api/file-download';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

export type SvRoot = Pick<RootStore, 'client' | 'session'>;

/** What the account dialog sends (sv-accounts create/patch, snake_case as on the wire). */
export type SvAccountInput = Partial<
  Pick<
    SvAccount,
    'kind' | 'ntcs_id' | 'kanzlei_id' | 'kassa_mandant' | 'responsible' | 'verzugszinsatz_pro_jahr' | 'sepa' | 'pension' | 'partner' | 'power_of_attorney'
  >
>;

/** A correction of one booking: the changed fields and the reason (sv-transactions patch). */
export type SvCorrection = Partial<
  Pick<SvTransaction, 'buchungsDatum' | 'wertstellungsDatum' | 'buchungstext' | 'beitragszeitraum' | 'soll' | 'haben' | 'buchungszustand'>
> & { reason: string };
export type StateFilter = SvBookingStateCode | 'all';

/**
 * /admin/sv-tool: the contribution accounts of every client with today's figures, filters, the
 * chosen account with its periods and bookings; statement import, manual payments; live through pushed
 * `sv-transactions created|patched` and `sv-accounts patched`.
 */
export class SvToolStore {
  readonly accounts: LiveList<SvAccount>;
  onlyArrears = false;
  stateFilter: StateFilter = 'all';
  selectedId: string | null = null;
  detail: SvAccountDetail | null = null;
  transactions: SvTransaction[] = [];
  lastImport: SvImportResult | null = null;
  busy = false;
  rates: SvInterestRate[] = [];
  /** Pushed changes come in bursts (an import is one event per booking): everything shown reloads once they settle. */
  private readonly reloader = new Reloader(() => this.refresh(), 150);

  constructor(private readonly root: SvRoot) {
    this.accounts = new LiveList({
      name: 'SvToolStore.accounts',
      client: root.client,
      path: SERVICES.svAccounts,
      query: () => ({ $limit: 5000, $sort: { company_no: 1, kontonr: 1 } }),
    });
    makeAutoObservable<SvToolStore, 'root' | 'reloader'>(this, { root: false, reloader: false, accounts: false }, { autoBind: true });
  }

  get loaded(): boolean {
    return this.accounts.loaded;
  }

  get visible(): SvAccount[] {
    return this.accounts.items.filter((a) => (!this.onlyArrears || a.arrears > 0) && (this.stateFilter === 'all' || a.state === this.stateFilter));
  }

  activate(): () => void {
    const soon = () => this.reloader.soon();
    const subscriptions = new Subscriptions(this.root.client, 'SvToolStore');
    for (const path of [SERVICES.svTransactions, SERVICES.svAccounts, SERVICES.svInterestRates])
      subscriptions.on(path, { created: soon, patched: soon, removed: soon });
    void this.load();
    void this.loadRates().catch(() => undefined);
    return subscriptions.onReconnect(soon).add(() => this.reloader.stop()).stop;
  }

  async refresh(): Promise<void> {
    await Promise.all([this.load(), this.loadRates(), this.selectedId ? this.select(this.selectedId) : Promise.resolve()]);
  }

  /** The yearly table of interest on arrears, newest year first. */
  async loadRates(): Promise<void> {
    const page = await this.root.client.service<SvInterestRate>(SERVICES.svInterestRates).find({ $limit: 200 });
    const rows = isPaginated(page) ? page.data : page;
    act('SvToolStore.rates', () => (this.rates = [...rows].sort((a, b) => b.year - a.year)));
  }

  async setRate(year: number, rate: number): Promise<void> {
    await this.root.client.service(SERVICES.svInterestRates).create({ year, rate });
    await this.refresh();
  }

  /** Opens an account (companyNo and kontonr given) or changes the chosen one's details. */
  async saveAccount(input: SvAccountInput, open?: { company_no: number; kontonr: string }): Promise<void> {
    this.busy = true;
    try {
      const saved = open
        ? ((await this.root.client.service(SERVICES.svAccounts).create({ ...open, ...input })) as SvAccountDetail)
        : ((await this.root.client.service(SERVICES.svAccounts).patch(this.selectedId, input)) as SvAccountDetail);
      await this.load();
      await this.select(saved.id);
    } finally {
      act('SvToolStore.idle', () => (this.busy = false));
    }
  }

  async correctBooking(id: string, correction: SvCorrection): Promise<void> {
    this.busy = true;
    try {
      await this.root.client.service(SERVICES.svTransactions).patch(id, correction);
      await this.refresh();
    } finally {
      act('SvToolStore.idle', () => (this.busy = false));
    }
  }

  /** GET /api/sv-tool/accounts/:id/statement.pdf with the bearer token, saved through a blob. */
  async downloadStatement(from: string, to: string, lang: 'de' | 'en'): Promise<void> {
    const detail = this.detail;
    if (!detail) return;
    const token = this.root.session.accessToken;
    const params = new URLSearchParams({ from, to, lang });
    const response = await fetch(`/api/sv-tool/accounts/${encodeURIComponent(detail.id)}/statement.pdf?${params.toString()}`, {
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    if (!response.ok) throw toFeathersError(await response.json().catch(() => ({ message: `Download failed: ${response.status}` })));
    saveFile(await response.blob(), `sv-${detail.kontonr}-${from}_${to}.pdf`);
  }

  async load(): Promise<void> {
    await this.accounts.load();
  }

  setOnlyArrears(only: boolean): void {
    this.onlyArrears = only;
  }

  setStateFilter(state: StateFilter): void {
    this.stateFilter = state;
  }

  async select(id: string): Promise<void> {
    this.selectedId = id;
    const [detail, txs] = await Promise.all([
      this.root.client.service<SvAccountDetail>(SERVICES.svAccounts).get(id),
      this.root.client.service<SvTransaction>(SERVICES.svTransactions).find({ account_id: id, $limit: 5000, $sort: { buchungsDatum: -1 } }),
    ]);
    act('SvToolStore.selected', () => {
      if (this.selectedId !== id) return;
      this.detail = detail;
      this.transactions = isPaginated(txs) ? txs.data : txs;
    });
  }

  async importStatement(file: File): Promise<SvImportResult | null> {
    if (!this.selectedId) return null;
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    this.busy = true;
    try {
      const result = (await this.root.client
        .service(SERVICES.svTransactions)
        .create({ account_id: this.selectedId, import: { file_name: file.name, content_base64: btoa(binary) } })) as SvImportResult;
      act('SvToolStore.imported', () => (this.lastImport = result));
      await this.refresh();
      return result;
    } finally {
      act('SvToolStore.idle', () => (this.busy = false));
    }
  }

  /** A payment (credit) typed in: date, amount, optional period. */
  async recordPayment(date: string, amount: number, period: string | null, text: string): Promise<void> {
    if (!this.selectedId) return;
    this.busy = true;
    try {
      await this.root.client.service(SERVICES.svTransactions).create({
        account_id: this.selectedId,
        entry: { buchungsDatum: date, wertstellungsDatum: date, buchungstext: text, beitragszeitraum: period, haben: amount },
      });
      await this.refresh();
    } finally {
      act('SvToolStore.idle', () => (this.busy = false));
    }
  }
}
