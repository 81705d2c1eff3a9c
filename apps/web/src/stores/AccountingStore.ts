import { makeAutoObservable } from 'mobx';
import type { CostCentre, CreatePersonAccountData, ExpenseAccount, PersonAccount } from '@portal/contracts';
import { PERSON_ACCOUNT_TYPES } from '@portal/contracts';
import type { FeathersError } from '../api/errors';
import type { Params } from '../api/feathers-client';
import { LiveList } from './live/LiveList';
import { Subscriptions } from './live/Subscriptions';
import type { RootStore } from './RootStore';

/** acc-suppliers types [3,4] are suppliers, [2,4] customers. */
export const SUPPLIER_TYPES = [PERSON_ACCOUNT_TYPES.supplier, PERSON_ACCOUNT_TYPES.both];
export const CUSTOMER_TYPES = [PERSON_ACCOUNT_TYPES.customer, PERSON_ACCOUNT_TYPES.both];

export type PersonKind = 'supplier' | 'customer';

/** One entry of an account picker. */
export interface AccountOption {
  value: string;
  label: string;
  detail?: string;
}

function byAccount<T extends { account: string; accounting: number | null }>(items: T[], accounting: number | null): T[] {
  const seen = new Map<string, T>();
  for (const item of items) {
    if (accounting !== null && item.accounting !== null && item.accounting !== accounting) continue;
    const held = seen.get(item.account);
    // A period's own entry wins over the company default (accounting null) and over other periods.
    if (!held || (held.accounting !== accounting && item.accounting === accounting)) seen.set(item.account, item);
  }
  return [...seen.values()].sort((a, b) => a.account.localeCompare(b.account));
}

/**
 * Accounting master data of the selected client (expense accounts, suppliers, customers, cost centres):
 * loaded only for users with acc, kept live by pushed events, reloaded after a reconnect.
 */
export class AccountingStore {
  client: number | null = null;
  accountings: number[] = [];
  readonly expenseAccounts: LiveList<ExpenseAccount>;
  readonly suppliers: LiveList<PersonAccount>;
  readonly customers: LiveList<PersonAccount>;
  readonly costCentres: LiveList<CostCentre>;
  private readonly subscriptions: Subscriptions;

  constructor(private readonly root: RootStore) {
    const periods = () => (this.accountings.length ? { acc: this.accountings } : {});
    const ofClient = (record: { client_no: number }) => record.client_no === this.client;
    const ofTypes = (types: number[]) => (account: PersonAccount) => ofClient(account) && types.includes(account.type);
    const list = <T>(name: string, path: string, query: () => Params | null, belongs: (record: T) => boolean) =>
      new LiveList<T>({ name: `AccountingStore.${name}`, client: root.client, path, query, belongs, reloadOnReconnect: false });
    this.expenseAccounts = list<ExpenseAccount>('expenseAccounts', 'acc-exp-acc', () => ({ client: this.client, ...periods() }), ofClient);
    this.suppliers = list<PersonAccount>(
      'suppliers',
      'acc-suppliers',
      () => ({ client: this.client, ...periods(), types: SUPPLIER_TYPES }),
      ofTypes(SUPPLIER_TYPES),
    );
    this.customers = list<PersonAccount>(
      'customers',
      'acc-suppliers',
      () => ({ client: this.client, ...periods(), types: CUSTOMER_TYPES }),
      ofTypes(CUSTOMER_TYPES),
    );
    this.costCentres = list<CostCentre>(
      'costCentres',
      'acc-cost',
      () => (this.accountings.length ? { client: this.client, acc: this.accountings } : null),
      ofClient,
    );
    this.subscriptions = new Subscriptions(root.client, 'AccountingStore');
    makeAutoObservable<AccountingStore, 'root' | 'subscriptions'>(
      this,
      { root: false, subscriptions: false, expenseAccounts: false, suppliers: false, customers: false, costCentres: false },
      { autoBind: true },
    );
    // Pushed events are lost while the connection is down: reload after it is re-authenticated.
    root.client.on('reauthenticated', () => {
      if (this.loaded && this.client !== null) void this.reload();
    });
  }

  /** Expense accounts and suppliers are loaded only with acc. */
  get enabled(): boolean {
    return this.root.session.has('acc');
  }

  private get lists(): Array<LiveList<unknown>> {
    return [this.expenseAccounts, this.suppliers, this.customers, this.costCentres] as Array<LiveList<unknown>>;
  }

  get loading(): boolean {
    return this.lists.some((l) => l.loading);
  }

  get loaded(): boolean {
    return this.expenseAccounts.loaded && this.suppliers.loaded && this.customers.loaded;
  }

  get error(): FeathersError | null {
    return this.lists.find((l) => l.error)?.error ?? null;
  }

  /** Loads the client's master data for its accounting periods (no-op without acc or when loaded). */
  async load(client: number, accountings: number[]): Promise<void> {
    if (!this.enabled) return;
    const periods = [...new Set(accountings)].sort();
    if (client === this.client && periods.join() === this.accountings.join() && (this.loaded || this.loading)) return;
    this.client = client;
    this.accountings = periods;
    this.subscribe();
    await this.reload();
  }

  private async reload(): Promise<void> {
    if (!this.accountings.length) this.costCentres.clear();
    await Promise.all(this.lists.map((l) => l.load()));
  }

  expenseOptions(accounting: number | null): AccountOption[] {
    return byAccount(this.expenseAccounts.items, accounting).map((a) => ({
      value: a.account,
      label: a.name,
      detail: a.tax_rate === null ? undefined : `${a.tax_rate} %`,
    }));
  }

  personOptions(kind: PersonKind, accounting: number | null): AccountOption[] {
    const items = kind === 'supplier' ? this.suppliers.items : this.customers.items;
    return byAccount(items, accounting).map((a) => ({ value: a.account, label: a.name, detail: a.address.city ?? undefined }));
  }

  costOptions(accounting: number | null): AccountOption[] {
    const seen = new Map<string, CostCentre>();
    for (const c of this.costCentres.items) if (accounting === null || c.accounting === accounting || !seen.has(c.code)) seen.set(c.code, c);
    return [...seen.values()].sort((a, b) => a.code.localeCompare(b.code)).map((c) => ({ value: c.code, label: c.name }));
  }

  /** A supplier / customer account (acc); every open picker of the client gets it through the pushed event. */
  createPersonAccount(data: CreatePersonAccountData): Promise<PersonAccount> {
    return this.root.client.service<PersonAccount>('acc-suppliers').create({ ...data });
  }

  private subscribe(): void {
    if (this.subscriptions.active) return;
    const person = (account: PersonAccount) => {
      this.suppliers.upsert(account);
      this.customers.upsert(account);
    };
    const removed = (account: PersonAccount) => {
      this.suppliers.remove(account.id);
      this.customers.remove(account.id);
    };
    this.subscriptions
      .add(this.expenseAccounts.subscribe(), this.costCentres.subscribe())
      .on<PersonAccount>('acc-suppliers', { created: person, patched: person, updated: person, removed });
  }

  dispose(): void {
    this.subscriptions.stop();
  }
}
