import { makeAutoObservable } from 'mobx';
import { SERVICES, type OpenItem } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import { BankAccessesStore } from './BankAccessesStore';
import { BankAccountsStore } from './BankAccountsStore';
import { BankBalancesStore } from './BankBalancesStore';
import { BankImportsStore } from './BankImportsStore';
import { BankMatchesStore } from './BankMatchesStore';
import { BankTransactionsStore } from './BankTransactionsStore';
import { statementPort, type StatementPort } from './statement-upload';

export type BankingRoot = Pick<RootStore, 'client' | 'session'>;

/**
 * The banking screen of one client, composed of one store per concern: accounts (and the selected one),
 * its balance series, the transactions with search and filters, statement imports, bank accesses and
 * matching transactions to open items. Everything is live through pushed events; a reconnect reloads all.
 */
export class BankingStore {
  client: number | null = null;
  loading = false;
  private loadError: FeathersError | null = null;
  readonly accounts: BankAccountsStore;
  readonly balances: BankBalancesStore;
  readonly transactions: BankTransactionsStore;
  readonly imports: BankImportsStore;
  readonly accesses: BankAccessesStore;
  readonly matches: BankMatchesStore;
  private readonly subscriptions: Subscriptions;

  constructor(root: BankingRoot, statements: StatementPort = statementPort) {
    this.accounts = new BankAccountsStore(root, this);
    this.balances = new BankBalancesStore(root, this);
    this.transactions = new BankTransactionsStore(root, this);
    this.imports = new BankImportsStore(root, this, statements);
    this.accesses = new BankAccessesStore(root, this);
    this.matches = new BankMatchesStore(root, this);
    this.subscriptions = new Subscriptions(root.client, 'BankingStore');
    makeAutoObservable<BankingStore, 'subscriptions'>(
      this,
      { accounts: false, balances: false, transactions: false, imports: false, accesses: false, matches: false, subscriptions: false },
      { autoBind: true },
    );
  }

  get error(): FeathersError | null {
    return this.loadError ?? this.transactions.error;
  }

  activate(): () => void {
    this.transactions.subscribe(this.subscriptions);
    this.subscriptions.on<OpenItem>(SERVICES.openItems, {
      patched: this.matches.openItemChanged,
      removed: (item) => this.matches.openItemChanged({ ...item, listed: false }),
    });
    this.subscriptions.add(this.accounts.list.subscribe(), this.accesses.list.subscribe(), this.imports.list.subscribe()).onReconnect(() => void this.reload());
    return this.subscriptions.stop;
  }

  async setClient(client: number | null): Promise<void> {
    if (client === this.client) return;
    this.client = client;
    this.accounts.clear();
    this.accesses.list.clear();
    this.imports.clear();
    this.balances.clear();
    this.transactions.clear();
    this.matches.close();
    await this.reload();
  }

  /** The client's accounts, accesses and imports at once, then the selected account's balance and transactions. */
  async reload(): Promise<void> {
    const client = this.client;
    if (client === null) return;
    this.loading = true;
    const institutions = this.accesses.loadInstitutions().then(
      () => null,
      (e: unknown) => toFeathersError(e),
    );
    const [, , , institutionsFailed] = await Promise.all([this.accounts.list.load(), this.accesses.list.load(), this.imports.list.load(), institutions]);
    if (client !== this.client) return;
    const loaded = act('BankingStore.loaded', () => {
      this.loadError = this.accounts.list.error ?? this.accesses.list.error ?? this.imports.list.error ?? institutionsFailed;
      this.loading = false;
      if (!this.loadError) this.accounts.keepSelection();
      return this.loadError === null;
    });
    if (loaded) await Promise.all([this.balances.load(), this.transactions.reset()]);
  }

  selectAccount(id: string | null): void {
    this.accounts.selectedId = id;
    void this.balances.load();
    void this.transactions.reset();
  }
}
