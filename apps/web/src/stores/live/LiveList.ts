import { makeAutoObservable, observable } from 'mobx';
import type { Paginated, ServiceEvent } from '@portal/contracts';
import { SERVICE_EVENTS } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { isPaginated, type Id, type Params } from '../../api/feathers-client';
import { act } from '../act';
import { LatestRequest } from './LatestRequest';
import { Reloader } from './Reloader';
import { Subscriptions, type LiveClient } from './Subscriptions';

export type ListAnswer<T> = Paginated<T> | T[];

export const recordsOf = <T>(answer: ListAnswer<T>): T[] => (isPaginated(answer) ? answer.data : answer);

export interface LiveListOptions<T> {
  /** Names the list's MobX actions, e.g. `ExportsStore.jobs`. */
  name: string;
  client: LiveClient;
  /** The service the list reads and whose pushed events keep it live. */
  path: string;
  /** The list's request; null while there is nothing to list (no client chosen, no permission). */
  query: () => Params | null;
  /** How the request is sent (default: `find` with the query). */
  fetch?: (query: Params) => Promise<ListAnswer<T>>;
  /** Rows per `loadMore`: `$skip` the rows listed, `$limit` this many. */
  pageSize?: number;
  /** A record's identity (default its `id`). */
  idOf?: (record: T) => Id;
  /** The list is kept in this order: answers, new and changed records are sorted by it. */
  order?: (a: T, b: T) => number;
  /** Where a new record goes in a list without `order` (default: at the end). */
  insert?: (items: readonly T[], record: T) => T[];
  /** The list keeps at most this many records (the first ones). */
  keep?: number;
  /** Whether a record belongs in the list (its client, the filters): one that no longer does is taken out. */
  belongs?: (record: T) => boolean;
  /** Whether a new record that belongs joins the list (default yes; not while a search decides on the server). */
  admits?: (record: T) => boolean;
  /** What the list holds for a listed record and its newer version (default the newer version). */
  merge?: (listed: T, next: T) => T;
  /** A record's revision: an older one never replaces a newer one. */
  revisionOf?: (record: T) => number | undefined;
  /** Pushed events that reload the list (once their burst settles) instead of being applied. */
  reloadOn?: readonly ServiceEvent[];
  /** How long a burst of pushes may pause before the reload it causes (default 0). */
  reloadDelayMs?: number;
  /** Whether the list reloads after a reconnect, which loses the pushes sent meanwhile (default yes). */
  reloadOnReconnect?: boolean;
  /** What the store takes from an answer besides its records (figures the page carries), with the records. */
  received?: (answer: ListAnswer<T>) => void;
  /** The store's own follow-up of a pushed record, after the list took it (its selection, titles, figures). */
  pushed?: (record: T, event: ServiceEvent) => void;
}

const byDefaultId = (record: unknown): Id => (record as { id: Id }).id;

/**
 * A list the server keeps live, the part every list store shares: the request (the newest answer wins),
 * "load more", reloads one at a time, and pushed `created`/`updated`/`patched` records placed, replaced or taken
 * out by the store's rules (`belongs`, `order`, revisions), pushed `removed` ones (also sent for records the user
 * may no longer see) taken out. The store names its service, query and rules and keeps only its own concern.
 */
export class LiveList<T> {
  items: T[] = [];
  total = 0;
  loading = false;
  loadingMore = false;
  /** True once an answer arrived: until then the screen shows a skeleton, never a false "none". */
  loaded = false;
  error: FeathersError | null = null;
  private readonly latest = new LatestRequest();
  private readonly reloader: Reloader;

  constructor(private readonly options: LiveListOptions<T>) {
    this.reloader = new Reloader(() => this.load().then(() => undefined), options.reloadDelayMs ?? 0);
    makeAutoObservable<LiveList<T>, 'options' | 'latest' | 'reloader'>(
      this,
      { options: false, latest: false, reloader: false, items: observable.ref },
      { autoBind: true },
    );
  }

  get hasMore(): boolean {
    return this.items.length < this.total;
  }

  get(id: Id): T | undefined {
    return this.items.find((item) => this.idOf(item) === id);
  }

  indexOf(id: Id): number {
    return this.items.findIndex((item) => this.idOf(item) === id);
  }

  /** Listens to the service's pushed events (and reconnects) until the returned stop is called. */
  subscribe(): () => void {
    const { client, name, path, reloadOn = [], reloadOnReconnect = true, pushed } = this.options;
    const handle = (event: ServiceEvent) => (record: T) => {
      if (reloadOn.includes(event)) this.reloader.soon();
      else if (event === 'removed') this.remove(this.idOf(record));
      else this.upsert(record);
      pushed?.(record, event);
    };
    const subscriptions = new Subscriptions(client, name).on<T>(path, Object.fromEntries(SERVICE_EVENTS.map((event) => [event, handle(event)])));
    if (reloadOnReconnect) subscriptions.onReconnect(() => void this.reload());
    return subscriptions.add(() => this.reloader.stop()).stop;
  }

  /** Asks for the list; an answer to an older request is dropped. Resolves with the applied answer. */
  async load(): Promise<ListAnswer<T> | undefined> {
    const isNewest = this.latest.next();
    const query = this.options.query();
    if (query === null) {
      this.loading = false;
      return undefined;
    }
    this.loading = true;
    try {
      const answer = await this.fetch(query);
      if (!isNewest()) return undefined;
      act(`${this.options.name}.loaded`, () => {
        this.items = this.kept(this.sorted(recordsOf(answer)));
        this.total = isPaginated(answer) ? answer.total : this.items.length;
        this.loading = false;
        this.loaded = true;
        this.error = null;
        this.options.received?.(answer);
      });
      return answer;
    } catch (e) {
      if (isNewest())
        act(`${this.options.name}.loadFailed`, () => {
          this.loading = false;
          this.error = toFeathersError(e);
        });
      return undefined;
    }
  }

  /** The next page, appended without repeating a listed record; nothing while a page loads or when all are there. */
  async loadMore(): Promise<void> {
    const query = this.options.query();
    const pageSize = this.options.pageSize;
    if (query === null || pageSize === undefined || this.loading || this.loadingMore || !this.hasMore) return;
    const isCurrent = this.latest.same();
    this.loadingMore = true;
    try {
      const answer = await this.fetch({ ...query, $skip: this.items.length, $limit: pageSize });
      act(`${this.options.name}.loadedMore`, () => {
        this.loadingMore = false;
        if (!isCurrent()) return;
        const listed = new Set(this.items.map(this.idOf));
        this.items = [...this.items, ...recordsOf(answer).filter((record) => !listed.has(this.idOf(record)))];
        if (isPaginated(answer)) this.total = answer.total;
      });
    } catch (e) {
      act(`${this.options.name}.loadMoreFailed`, () => {
        this.loadingMore = false;
        this.error = toFeathersError(e);
      });
    }
  }

  /** Loads again, one load at a time (see Reloader). */
  reload(): Promise<void> {
    return this.reloader.now();
  }

  /** Loads again once a burst of changes settles. */
  reloadSoon(delayMs?: number): void {
    this.reloader.soon(delayMs);
  }

  /** A pushed or answered record: replaced, placed where the list's order puts it, or taken out when it left the list. */
  upsert(record: T): void {
    const index = this.indexOf(this.idOf(record));
    const listed = index >= 0 ? this.items[index] : undefined;
    if (listed !== undefined && this.isOlder(record, listed)) return;
    if (!(this.options.belongs?.(record) ?? true)) {
      if (index >= 0) this.removeAt(index);
      return;
    }
    if (listed !== undefined) {
      const items = this.items.slice();
      items[index] = this.options.merge ? this.options.merge(listed, record) : record;
      this.items = this.sorted(items);
      return;
    }
    if (!(this.options.admits?.(record) ?? true)) return;
    const { order, insert } = this.options;
    this.items = this.kept(order ? this.sorted([...this.items, record]) : insert ? insert(this.items, record) : [...this.items, record]);
    this.total += 1;
  }

  remove(id: Id): void {
    const index = this.indexOf(id);
    if (index >= 0) this.removeAt(index);
  }

  /** Forgets the records (another client was chosen); an answer still on its way is dropped. */
  clear(): void {
    this.latest.cancel();
    this.reloader.stop();
    this.items = [];
    this.total = 0;
    this.loading = false;
    this.loadingMore = false;
    this.loaded = false;
    this.error = null;
  }

  private removeAt(index: number): void {
    this.items = this.items.filter((_, i) => i !== index);
    this.total = Math.max(0, this.total - 1);
  }

  private idOf(record: T): Id {
    return (this.options.idOf ?? byDefaultId)(record);
  }

  private isOlder(next: T, listed: T): boolean {
    const revisionOf = this.options.revisionOf;
    const [a, b] = [revisionOf?.(next), revisionOf?.(listed)];
    return a !== undefined && b !== undefined && a < b;
  }

  private sorted(items: T[]): T[] {
    return this.options.order ? [...items].sort(this.options.order) : items;
  }

  private kept(items: T[]): T[] {
    const keep = this.options.keep;
    return keep !== undefined && items.length > keep ? items.slice(0, keep) : items;
  }

  private fetch(query: Params): Promise<ListAnswer<T>> {
    return this.options.fetch ? this.options.fetch(query) : this.options.client.service<T>(this.options.path).find(query);
  }
}
