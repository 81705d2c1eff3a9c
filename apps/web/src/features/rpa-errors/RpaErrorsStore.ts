import { makeAutoObservable, observable } from 'mobx';
import { SERVICES, type DocumentRecord, type RpaErrorRecord, type RpaErrorStatus } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList, recordsOf } from '../../stores/live/LiveList';
import type { RootStore } from '../../stores/RootStore';

export const RPA_ERROR_PAGE_SIZE = 100;

export interface RpaErrorFilters {
  status: RpaErrorStatus | 'all';
  kind: string | null;
  client: number | null;
}

const newestFirst = (a: RpaErrorRecord, b: RpaErrorRecord) => b.last_failed_at.localeCompare(a.last_failed_at);

/**
 * The automation error view (/error): failures newest first, filtered by status, kind and client, live through
 * pushed `rpa-errors` changes (a failure leaving the filter leaves the list); retry and resolve with a remark;
 * document titles for the links.
 */
export class RpaErrorsStore {
  filters: RpaErrorFilters = { status: 'open', kind: null, client: null };
  readonly records: LiveList<RpaErrorRecord>;
  busy = new Set<string>();
  actionErrors = observable.map<string, FeathersError>();
  readonly titles = observable.map<number, string>();

  constructor(private readonly root: Pick<RootStore, 'client'>) {
    this.records = new LiveList({
      name: 'RpaErrorsStore.records',
      client: root.client,
      path: SERVICES.rpaErrors,
      query: () => this.query,
      order: newestFirst,
      belongs: (record) => this.matches(record),
      // A listed failure needs its document's title (known ones are not asked again).
      pushed: (record) => {
        if (this.records.get(record.id)) void this.loadTitles([record]);
      },
    });
    makeAutoObservable<RpaErrorsStore, 'root'>(this, { root: false, records: false, titles: false, actionErrors: false }, { autoBind: true });
  }

  private get service() {
    return this.root.client.service<RpaErrorRecord>(SERVICES.rpaErrors);
  }

  private get query(): Record<string, unknown> {
    const q: Record<string, unknown> = { $sort: { last_failed_at: -1 }, $limit: RPA_ERROR_PAGE_SIZE };
    if (this.filters.status !== 'all') q.status = this.filters.status;
    if (this.filters.kind) q.kind = this.filters.kind;
    if (this.filters.client !== null) q.client_no = this.filters.client;
    return q;
  }

  activate(): () => void {
    return this.records.subscribe();
  }

  matches(record: RpaErrorRecord): boolean {
    const f = this.filters;
    return (
      (f.status === 'all' || record.status === f.status) && (f.kind === null || record.kind === f.kind) && (f.client === null || record.client_no === f.client)
    );
  }

  setFilters(change: Partial<RpaErrorFilters>): Promise<void> {
    this.filters = { ...this.filters, ...change };
    return this.load();
  }

  async load(): Promise<void> {
    if (await this.records.load()) await this.loadTitles(this.records.items);
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
        act('RpaErrorsStore.titles', () => recordsOf(page).forEach((d) => this.titles.set(d.id, d.title)));
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
      act('RpaErrorsStore.done', () => this.records.upsert(record));
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
