import { makeAutoObservable } from 'mobx';
import type { CostCentre, CreatePersonAccountData, ExpenseAccount, PersonAccount } from '@portal/contracts';
import { PERSON_ACCOUNT_TYPES } from '@portal/contracts';
import type { FeathersError } from '../api/errors';
import { isPaginated } from '../api/feathers-client';
import type { ServiceClient } from '../api/feathers-client';
import { act } from './act';
import type { RootStore } from './RootStore';

/** Spec 7: acc-suppliers types [3,4] are suppliers, [2,4] customers. */
export const SUPPLIER_TYPES = [PERSON_ACCOUNT_TYPES.supplier, PERSON_ACCOUNT_TYPES.both];
export const CUSTOMER_TYPES = [PERSON_ACCOUNT_TYPES.customer, PERSON_ACCOUNT_TYPES.both];

export type PersonKind = 'supplier' | 'customer';

/** One entry of an account picker. */
export interface AccountOption {
  value: string;
  label: string;
  detail?: string;
}

const list = <T>(result: T[] | { data: T[] }) => (Array.isArray(result) ? result : result.data);

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
 * Accounting master data of the selected client (spec 3 global state: expenseAccounts, suppliers,
 * cost, ...): loaded only for users with acc (spec 6), kept live by pushed created / patched events.
 */
export class AccountingStore {
  client: number | null = null;
  accountings: number[] = [];
  expenseAccounts: ExpenseAccount[] = [];
  suppliers: PersonAccount[] = [];
  customers: PersonAccount[] = [];
  costCentres: CostCentre[] = [];
  loading = false;
  loaded = false;
  error: FeathersError | null = null;
  private ticket = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly root: RootStore) {
    makeAutoObservable<AccountingStore, 'root' | 'ticket' | 'unsubscribe'>(this, { root: false, ticket: false, unsubscribe: false }, { autoBind: true });
    // Pushed events are lost while the connection is down: reload after it is re-authenticated.
    root.client.on('reauthenticated', () => {
      if (!this.loaded || this.client === null) return;
      act('AccountingStore.stale', () => (this.loaded = false));
      void this.load(this.client, this.accountings);
    });
  }

  /** Spec 6: expense accounts and suppliers are loaded only with acc. */
  get enabled(): boolean {
    return this.root.session.has('acc');
  }

  private service<T>(path: string): ServiceClient<T> {
    return this.root.client.service<T>(path);
  }

  /** Loads the client's master data for its accounting periods (no-op without acc or when loaded). */
  async load(client: number, accountings: number[]): Promise<void> {
    if (!this.enabled) return;
    const periods = [...new Set(accountings)].sort();
    if (client === this.client && periods.join() === this.accountings.join() && (this.loaded || this.loading)) return;
    const ticket = ++this.ticket;
    this.client = client;
    this.accountings = periods;
    this.loading = true;
    this.subscribe();
    const acc = periods.length ? periods : undefined;
    try {
      const [expense, suppliers, customers, cost] = await Promise.all([
        this.service<ExpenseAccount>('acc-exp-acc').find({ client, ...(acc ? { acc } : {}) }),
        this.service<PersonAccount>('acc-suppliers').find({ client, ...(acc ? { acc } : {}), types: SUPPLIER_TYPES }),
        this.service<PersonAccount>('acc-suppliers').find({ client, ...(acc ? { acc } : {}), types: CUSTOMER_TYPES }),
        acc ? this.service<CostCentre>('acc-cost').find({ client, acc }) : Promise.resolve([] as CostCentre[]),
      ]);
      if (ticket !== this.ticket) return;
      act('AccountingStore.loaded', () => {
        this.expenseAccounts = list(expense);
        this.suppliers = list(suppliers);
        this.customers = list(customers);
        this.costCentres = isPaginated(cost) ? cost.data : cost;
        this.loading = false;
        this.loaded = true;
        this.error = null;
      });
    } catch (e) {
      if (ticket !== this.ticket) return;
      act('AccountingStore.loadFailed', () => {
        this.loading = false;
        this.error = e as FeathersError;
      });
    }
  }

  expenseOptions(accounting: number | null): AccountOption[] {
    return byAccount(this.expenseAccounts, accounting).map((a) => ({ value: a.account, label: a.name, detail: a.tax_rate === null ? undefined : `${a.tax_rate} %` }));
  }

  personOptions(kind: PersonKind, accounting: number | null): AccountOption[] {
    const items = kind === 'supplier' ? this.suppliers : this.customers;
    return byAccount(items, accounting).map((a) => ({ value: a.account, label: a.name, detail: a.address.city ?? undefined }));
  }

  costOptions(accounting: number | null): AccountOption[] {
    const seen = new Map<string, CostCentre>();
    for (const c of this.costCentres) if (accounting === null || c.accounting === accounting || !seen.has(c.code)) seen.set(c.code, c);
    return [...seen.values()].sort((a, b) => a.code.localeCompare(b.code)).map((c) => ({ value: c.code, label: c.name }));
  }

  /** A supplier / customer account (acc); every open picker of the client gets it through the pushed event. */
  createPersonAccount(data: CreatePersonAccountData): Promise<PersonAccount> {
    return this.service<PersonAccount>('acc-suppliers').create({ ...data });
  }

  applyPerson(account: PersonAccount): void {
    if (account.client_no !== this.client) return;
    const upsert = (items: PersonAccount[]) => {
      const i = items.findIndex((a) => a.id === account.id);
      if (i >= 0) items[i] = account;
      else items.push(account);
    };
    if ((SUPPLIER_TYPES as number[]).includes(account.type)) upsert(this.suppliers);
    if ((CUSTOMER_TYPES as number[]).includes(account.type)) upsert(this.customers);
  }

  applyExpense(account: ExpenseAccount): void {
    if (account.client_no !== this.client) return;
    const i = this.expenseAccounts.findIndex((a) => a.id === account.id);
    if (i >= 0) this.expenseAccounts[i] = account;
    else this.expenseAccounts.push(account);
  }

  applyCost(centre: CostCentre): void {
    if (centre.client_no !== this.client) return;
    const i = this.costCentres.findIndex((c) => c.id === centre.id);
    if (i >= 0) this.costCentres[i] = centre;
    else this.costCentres.push(centre);
  }

  private subscribe(): void {
    if (this.unsubscribe.length) return;
    const person = (a: PersonAccount) => act('AccountingStore.applyPerson', () => this.applyPerson(a));
    const expense = (a: ExpenseAccount) => act('AccountingStore.applyExpense', () => this.applyExpense(a));
    const cost = (c: CostCentre) => act('AccountingStore.applyCost', () => this.applyCost(c));
    const suppliers = this.service<PersonAccount>('acc-suppliers');
    const expenses = this.service<ExpenseAccount>('acc-exp-acc');
    const costs = this.service<CostCentre>('acc-cost');
    this.unsubscribe = [
      suppliers.on('created', person),
      suppliers.on('patched', person),
      expenses.on('created', expense),
      expenses.on('patched', expense),
      costs.on('created', cost),
      costs.on('patched', cost),
    ];
  }

  dispose(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
  }
}
