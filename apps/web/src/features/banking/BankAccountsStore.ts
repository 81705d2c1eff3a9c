import { makeAutoObservable } from 'mobx';
import type { BankAccount } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import type { BankingStore, BankingRoot } from './BankingStore';

/** What the account dialog sends: create { client_no, iban, … } or patch the details. */
export type AccountDetails = Pick<BankAccount, 'iban' | 'bic' | 'bank_name' | 'type' | 'currency' | 'label' | 'opening_balance_cents' | 'opening_date'>;

/** The client's bank accounts with their balances, the selected one, opening, changing and archiving. */
export class BankAccountsStore {
  readonly list: LiveList<BankAccount>;
  selectedId: string | null = null;

  constructor(
    private readonly root: BankingRoot,
    private readonly banking: BankingStore,
  ) {
    this.list = new LiveList({
      name: 'BankAccountsStore.list',
      client: root.client,
      path: SERVICES.bankAccounts,
      query: () => (banking.client === null ? null : { client_no: banking.client, $limit: 500, $sort: { created_at: 1 } }),
      belongs: (account) => account.client_no === banking.client,
      reloadOnReconnect: false,
      pushed: (account, event) => (event === 'removed' ? this.left(account) : this.follow(account)),
    });
    makeAutoObservable<BankAccountsStore, 'root' | 'banking'>(this, { root: false, banking: false, list: false }, { autoBind: true });
  }

  get selected(): BankAccount | null {
    return this.list.items.find((a) => a.id === this.selectedId) ?? null;
  }

  get active(): BankAccount[] {
    return this.list.items.filter((a) => !a.archived);
  }

  /** Total balance per currency over the active accounts. */
  get totals(): Array<{ currency: string; cents: number }> {
    const sums = new Map<string, number>();
    for (const a of this.active) sums.set(a.currency, (sums.get(a.currency) ?? 0) + a.balance_cents);
    return [...sums].map(([currency, cents]) => ({ currency, cents }));
  }

  /** After loading: the selection stays when its account is still there, else the first active account. */
  keepSelection(): void {
    if (!this.selectedId || !this.selected) this.selectedId = this.active[0]?.id ?? null;
  }

  /** An answered account: the list takes it, and the selection and balance follow. */
  apply(account: BankAccount): void {
    this.list.upsert(account);
    this.follow(account);
  }

  private follow(account: BankAccount): void {
    if (account.client_no !== this.banking.client) return;
    if (!this.selectedId && !account.archived) this.selectedId = account.id;
    if (account.id === this.selectedId) void this.banking.balances.load();
  }

  private left(account: BankAccount): void {
    if (account.id === this.selectedId) this.banking.selectAccount(this.active[0]?.id ?? null);
  }

  /** Opens an account (create) or changes its details (patch); the answer is the account. */
  async save(id: string | null, details: AccountDetails): Promise<BankAccount> {
    const service = this.root.client.service<BankAccount>(SERVICES.bankAccounts);
    try {
      // The IBAN names the account: it is given when opening, never changed.
      const { iban: _iban, ...changes } = details;
      const account = id === null ? await service.create({ client_no: this.banking.client, ...details }) : await service.patch(id, changes);
      act('BankAccountsStore.saved', () => {
        this.apply(account);
        if (id === null) this.banking.selectAccount(account.id);
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
      act('BankAccountsStore.archived', () => {
        this.apply(saved);
        if (archived && this.selectedId === account.id) this.banking.selectAccount(this.active[0]?.id ?? null);
      });
    } catch (e) {
      throw toFeathersError(e);
    }
  }

  clear(): void {
    this.list.clear();
    this.selectedId = null;
  }
}
