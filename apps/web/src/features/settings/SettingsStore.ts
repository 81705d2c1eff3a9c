import { makeAutoObservable, toJS } from 'mobx';
import type { CompanySettings, CompanySettingsValues, ExpenseAccount, SettingsIssue } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { recordsOf } from '../../stores/live/LiveList';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

export type SettingsRoot = Pick<RootStore, 'client' | 'session'>;

/** The editable keys, in the order the form shows them. */
export const SETTINGS_KEYS = [
  'country',
  'chart_of_accounts',
  'fiscal_year_start_month',
  'document_language',
  'auto_confirm_einvoices',
  'account_system',
  'erp_consultant_no',
  'erp_client_no',
  'default_expense_account',
  'tax_rates',
  'payment_terms',
  'dunning_levels',
  'bank_import',
  'retention_years',
] as const satisfies ReadonlyArray<keyof CompanySettingsValues>;

const valuesOf = (record: CompanySettings): CompanySettingsValues => {
  const values = {} as Record<string, unknown>;
  for (const key of SETTINGS_KEYS) values[key] = toJS(record[key]);
  return values as unknown as CompanySettingsValues;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The client settings form (/settings/{client}): the record, a draft the admin edits, the fields the
 * form itself could not read as numbers, and the server's issues per field after a refused save.
 * A pushed change replaces the record; it replaces the draft too unless the admin has unsaved edits,
 * in which case `changedElsewhere` says so.
 */
export class SettingsStore {
  client: number | null = null;
  record: CompanySettings | null = null;
  draft: CompanySettingsValues | null = null;
  expenseAccounts: ExpenseAccount[] = [];
  loading = false;
  loadError: FeathersError | null = null;
  saving = false;
  saveError: FeathersError | null = null;
  issues: SettingsIssue[] = [];
  /** Fields whose text the form could not read (e.g. "must be a number"); saving waits for them. */
  unreadable = new Set<string>();
  changedElsewhere = false;
  savedAt: string | null = null;
  private readonly latest = new LatestRequest();

  constructor(private readonly root: SettingsRoot) {
    makeAutoObservable<SettingsStore, 'root' | 'latest'>(this, { root: false, latest: false }, { autoBind: true });
  }

  get editable(): boolean {
    return this.root.session.has('adm');
  }

  /** The keys the draft changes against the record. */
  get changes(): Partial<CompanySettingsValues> {
    if (!this.record || !this.draft) return {};
    const changed: Record<string, unknown> = {};
    for (const key of SETTINGS_KEYS) if (!same(this.draft[key], this.record[key])) changed[key] = toJS(this.draft[key]);
    return changed as Partial<CompanySettingsValues>;
  }

  get dirty(): boolean {
    return Object.keys(this.changes).length > 0;
  }

  get canSave(): boolean {
    return this.editable && this.dirty && !this.saving && this.unreadable.size === 0;
  }

  /** The issues of one field (and of its nested fields: `payment_terms` shows `payment_terms.skonto`). */
  issuesOf(field: string): SettingsIssue[] {
    return this.issues.filter((i) => i.field === field || i.field.startsWith(`${field}.`));
  }

  /** Name of an expense account of the client's master data, if it exists. */
  accountName(account: string | null): string | null {
    if (!account) return null;
    return this.expenseAccounts.find((a) => a.account === account)?.name ?? null;
  }

  activate(): () => void {
    return new Subscriptions(this.root.client, 'SettingsStore')
      .on(SERVICES.companySettings, { patched: this.applyPushed, updated: this.applyPushed })
      .onReconnect(() => void this.reload()).stop;
  }

  async open(client: number): Promise<void> {
    if (client === this.client && (this.record || this.loading)) return;
    this.client = client;
    this.record = null;
    this.draft = null;
    this.expenseAccounts = [];
    this.issues = [];
    this.unreadable = new Set();
    this.changedElsewhere = false;
    this.savedAt = null;
    await this.reload();
  }

  async reload(): Promise<void> {
    const client = this.client;
    if (client === null) return;
    const isNewest = this.latest.next();
    this.loading = true;
    this.loadError = null;
    try {
      const result = await this.root.client.service<CompanySettings>(SERVICES.companySettings).find({ client_no: client });
      const accounts = this.root.session.has('acc', 'adm')
        ? await this.root.client
            .service<ExpenseAccount>(SERVICES.accExpenseAccounts)
            .findAll({ client, $limit: 500 })
            .catch(() => [])
        : [];
      if (!isNewest()) return;
      const record = recordsOf(result).find((r) => r.client_no === client) ?? null;
      act('SettingsStore.loaded', () => {
        this.loading = false;
        this.expenseAccounts = dedupeAccounts(accounts);
        this.replaceRecord(record, true);
      });
    } catch (e) {
      if (!isNewest()) return;
      act('SettingsStore.loadFailed', () => {
        this.loading = false;
        this.loadError = toFeathersError(e);
      });
    }
  }

  set<K extends keyof CompanySettingsValues>(key: K, value: CompanySettingsValues[K]): void {
    if (!this.draft) return;
    this.draft = { ...this.draft, [key]: value };
    this.saveError = null;
    this.savedAt = null;
    this.issues = this.issues.filter((i) => i.field !== key && !i.field.startsWith(`${key}.`));
  }

  /** The form reports whether it could read a field's text as a number. */
  markReadable(field: string, readable: boolean): void {
    const next = new Set(this.unreadable);
    if (readable) next.delete(field);
    else next.add(field);
    this.unreadable = next;
  }

  discard(): void {
    if (this.record) this.replaceRecord(this.record, true);
  }

  /** Sends only the changed keys with the revision the form was based on (a concurrent change answers Conflict). */
  async save(): Promise<boolean> {
    const record = this.record;
    if (!record || !this.canSave) return false;
    this.saving = true;
    this.saveError = null;
    this.issues = [];
    try {
      const saved = await this.root.client.service<CompanySettings>(SERVICES.companySettings).patch(record.id, this.changes, { revision: record.revision });
      act('SettingsStore.saved', () => {
        this.saving = false;
        this.replaceRecord(saved, true);
        this.savedAt = saved.updated_at;
      });
      return true;
    } catch (e) {
      const error = toFeathersError(e);
      act('SettingsStore.saveFailed', () => {
        this.saving = false;
        this.saveError = error;
        this.issues = issuesOf(error);
      });
      return false;
    }
  }

  applyPushed(record: CompanySettings): void {
    if (record.client_no !== this.client || (this.record && record.revision <= this.record.revision)) return;
    this.replaceRecord(record, !this.dirty);
  }

  private replaceRecord(record: CompanySettings | null, resetDraft: boolean): void {
    const wasDirty = this.dirty;
    this.record = record;
    if (resetDraft || !this.draft) {
      this.draft = record ? valuesOf(record) : null;
      this.unreadable = new Set();
      this.changedElsewhere = false;
      this.issues = [];
    } else if (wasDirty) {
      this.changedElsewhere = true;
    }
  }
}

function issuesOf(error: FeathersError): SettingsIssue[] {
  const data = error.data as { issues?: unknown } | undefined;
  return Array.isArray(data?.issues) ? (data.issues as SettingsIssue[]) : [];
}

/** Company defaults and period accounts share numbers: one entry per account number. */
function dedupeAccounts(accounts: ExpenseAccount[]): ExpenseAccount[] {
  const byNumber = new Map<string, ExpenseAccount>();
  for (const a of accounts) if (!byNumber.has(a.account) || a.accounting === null) byNumber.set(a.account, a);
  return [...byNumber.values()].sort((a, b) => a.account.localeCompare(b.account));
}
