import { makeAutoObservable, observable } from 'mobx';
import { SERVICES, type DocumentRecord, type RpaErrorRecord, type RpaErrorStatus } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { isPaginated } from '../../api/feathers-client';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

export const RPA_ERROR_PAGE_SIZE = 100;

export interface RpaErrorFilters {
  status: RpaErrorStatus | 'all';
  kind: string | null;
  client: number | null;
}

/**
 * The automation error view (/error): failures newest first, filtered by status, kind and client, live through
 * pushed `rpa-errors created|patched`; retry and resolve with a remark; document titles for the links.
 */
export class RpaErrorsStore {
  filters: RpaErrorFilters = { status: 'open', kind: null, client: null };
  items: RpaErrorRecord[] = [];
  total = 0;
  loading = false;
  error: FeathersError | null = null;
  busy = new Set<string>();
  actionErrors = observable.map<string, FeathersError>();
  readonly titles = observable.map<number, string>();
  private ticket = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly root: Pick<RootStore, 'client'>) {
    makeAutoObservable<RpaErrorsStore, 'root' | 'ticket' | 'unsubscribe'>(this, { root: false, ticket: false, unsubscribe: false, titles: false, actionErrors: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<RpaErrorRecord>(SERVICES.rpaErrors);
  }

  activate(): () => void {
    const pushed = (record: RpaErrorRecord) => act('RpaErrorsStore.applyPushed', () => this.apply(record));
    this.unsubscribe = [this.service.on('created', pushed), this.service.on('patched', pushed), this.root.client.on('reauthenticated', () => void this.load())];
    return this.deactivate;
  }

  deactivate(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
  }

  matches(record: RpaErrorRecord): boolean {
    const f = this.filters;
    return (f.status === 'all' || record.status === f.status) && (f.kind === null || record.kind === f.kind) && (f.client === null || record.client_no === f.client);
  }

  setFilters(change: Partial<RpaErrorFilters>): Promise<void> {
    this.filters = { ...this.filters, ...change };
    return this.load();
  }

  async load(): Promise<void> {
    const ticket = ++this.ticket;
    this.loading = true;
    const q: Record<string, unknown> = { $sort: { last_failed_at: -1 }, $limit: RPA_ERROR_PAGE_SIZE };
    if (this.filters.status !== 'all') q.status = this.filters.status;
    if (this.filters.kind) q.kind = this.filters.kind;
    if (this.filters.client !== null) q.client_no = this.filters.client;
    try {
      const page = await this.service.find(q);
      if (ticket !== this.ticket) return;
      act('RpaErrorsStore.loaded', () => {
        this.items = isPaginated(page) ? page.data : page;
        this.total = isPaginated(page) ? page.total : this.items.length;
        this.loading = false;
        this.error = null;
      });
      await this.loadTitles(this.items);
    } catch (e) {
      if (ticket !== this.ticket) return;
      act('RpaErrorsStore.loadFailed', () => {
        this.loading = false;
        this.error = toFeathersError(e);
      });
    }
  }

  /** A pushed or answered record: replaced, added at the top, or dropped when it leaves the filter. */
  apply(record: RpaErrorRecord): void {
    const index = this.items.findIndex((e) => e.id === record.id);
    if (!this.matches(record)) {
      if (index >= 0) {
        this.items = this.items.filter((e) => e.id !== record.id);
        this.total = Math.max(0, this.total - 1);
      }
      return;
    }
    if (index >= 0) this.items = this.items.map((e) => (e.id === record.id ? record : e));
    else {
      this.items = [record, ...this.items];
      this.total += 1;
      void this.loadTitles([record]);
    }
    this.items = [...this.items].sort((a, b) => b.last_failed_at.localeCompare(a.last_failed_at));
  }

  titleOf(record: RpaErrorRecord): string {
    return (record.document_id !== null ? this.titles.get(record.document_id) : undefined) ?? record.subject_label;
  }

  /** Document titles for the links, one find per client. */
  async loadTitles(records: RpaErrorRecord[]): Promise<void> {
    const byClient = new Map<number, number[]>();
    for (const r of records) {
      if (r.document_id === null || r.client_no === null || this.titles.has(r.document_id)) continue;
      byClient.set(r.client_no, [...(byClient.get(r.client_no) ?? []), r.document_id]);
    }
    for (const [client, ids] of byClient) {
      try {
        const page = await this.root.client.service<DocumentRecord>(SERVICES.documents).find({ client_no: client, id: { $in: ids }, $limit: ids.length });
        const docs = isPaginated(page) ? page.data : page;
        act('RpaErrorsStore.titles', () => docs.forEach((d) => this.titles.set(d.id, d.title)));
      } catch {
        // Titles are a convenience: the subject label stays.
      }
    }
  }

  private async act(id: string, work: () => Promise<RpaErrorRecord>): Promise<boolean> {
    this.busy = new Set([...this.busy, id]);
    this.actionErrors.delete(id);
    try {
      const record = await work();
      act('RpaErrorsStore.done', () => this.apply(record));
      return true;
    } catch (e) {
      act('RpaErrorsStore.failed', () => this.actionErrors.set(id, toFeathersError(e)));
      return false;
    } finally {
      act('RpaErrorsStore.idle', () => {
        const next = new Set(this.busy);
        next.delete(id);
        this.busy = next;
      });
    }
  }

  retry(id: string): Promise<boolean> {
    return this.act(id, () => this.service.patch(id, { action: 'retry' }));
  }

  resolve(id: string, remark: string): Promise<boolean> {
    return this.act(id, () => this.service.patch(id, { action: 'resolve', remark }));
  }
}
