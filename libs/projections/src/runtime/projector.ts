import { hopClock, LoopSlice, traceHop, tracingHops, type EventStore, type RecordedEvent, type Subscription } from '@portal/event-store';
import { BatchChanges, FencedOut, SerialQueue, type FeedBatch, type FeedChange, type FeedRetention, type Fence, type ReadStore } from '@portal/read-store';
import { BufferedTransaction } from './buffered-transaction';
import type { ChangeIntent, Projection, ProjectionView, TextReader } from './projection';

export interface ProjectorOptions {
  /** Where projections read extracted texts; without it they see none. */
  readText?: TextReader;
  batchSize?: number;
  /** Events per transaction of a rebuild; default 1,000: small enough that live batches queued behind one wait ~0.1 s. */
  rebuildPageSize?: number;
  /** Called after each committed live batch (same process listeners, e.g. metrics). */
  onBatch?(batch: FeedBatch, eventCount: number): void;
  onError?(error: unknown): void;
  /**
   * The running portal's projector: every transaction is fenced with this lease (see WriterLease), each live
   * batch's changes go to the change feed, and a projection whose version changed is rebuilt beside its live
   * collections. Without it (replay into a scratch store) batches are applied in place and nothing is fed.
   */
  live?: {
    fence(): Fence;
    /** The lease moved on (FencedOut in a write): this projector stopped. */
    onFenced(error: FencedOut): void;
    feedRetention?: FeedRetention;
    /** How often the feed is pruned; default 30 s. */
    pruneEveryMs?: number;
  };
}

export const checkpointName = (p: Projection) => `${p.name}@v${p.version}`;
const buildTag = (p: Projection) => `v${p.version}`;
const collectionNames = (p: Projection) => p.collections.map((c) => c.name);

const BUILD_PAGE = 1000;
/** Records removed per transaction when a store holding records without checkpoints is emptied. */
const CLEAR_PAGE = 1000;
const DEFAULT_RETENTION: FeedRetention = { keepMs: 10 * 60_000, readerTimeoutMs: 2 * 60_000 };

/**
 * Runs projections over the event log. Each batch of events is applied to every live projection and committed
 * together with the projections' checkpoints (and, live, the batch's change-feed entry) in one read-store
 * transaction, so a crash anywhere neither loses nor duplicates a change. On start every projection catches up
 * from its own checkpoint. A projection seen without a checkpoint of its version is rebuilt: in place when the
 * whole store is new; otherwise (live) into build copies of its collections, in its own lane, while readers keep
 * the old collections and the other projections go on; once the copy has caught up it is switched live.
 */
export class Projector {
  private subscription: Subscription | null = null;
  private checkpoints = new Map<string, number | null>();
  private active: Projection[] = [];
  private building: Projection[] = [];
  private position: number | null = null;
  private stopped = true;
  private retry: NodeJS.Timeout | null = null;
  private pruning: NodeJS.Timeout | null = null;
  private rebuild: Promise<void> | null = null;
  /** Live batches, rebuild pages and the switch run one at a time, each with the state it leaves behind. */
  private readonly lane = new SerialQueue();
  private readonly handles = new Map<Projection, ReadonlySet<string>>();

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {}

  get currentPosition(): number | null {
    return this.position;
  }

  /** Projections being rebuilt into build copies (their readers still see the old collections). */
  get rebuilding(): readonly string[] {
    return this.building.map((p) => p.name);
  }

  async prepare(): Promise<void> {
    await this.store.ensureCollections(this.projections.flatMap((p) => p.collections));
    for (const projection of this.projections) this.checkpoints.set(projection.name, await this.store.getCheckpoint(checkpointName(projection)));
    const fresh = [...this.checkpoints.values()].every((c) => c === null);
    this.active = [];
    this.building = [];
    for (const projection of this.projections) {
      const checkpoint = this.checkpoints.get(projection.name) ?? null;
      const names = collectionNames(projection);
      const copied = this.options.live ? await this.store.builds.exists(names, buildTag(projection)) : false;
      if (this.options.live && !fresh && (copied || checkpoint === null)) {
        // A copy without its checkpoint holds nothing committed: start it over.
        await this.store.builds.start(projection.collections, buildTag(projection), checkpoint === null);
        this.building.push(projection);
      } else {
        // Replay into a scratch store, or a store seen for the first time: every projection from its checkpoint, in place.
        if (checkpoint === null && !(await this.store.builds.allEmpty(names))) await this.clearInPages(names);
        this.active.push(projection);
      }
    }
    this.position = this.lowest(this.active);
  }

  /**
   * Empties collections that hold records without a checkpoint, a page per transaction: one delete of a whole
   * large collection would outlast a MongoDB transaction (60 s). Nothing counts on them before their checkpoint
   * is set, so a crash half-way leaves a store that is emptied again at the next start.
   */
  private async clearInPages(names: readonly string[]): Promise<void> {
    for (const name of names) {
      for (;;) {
        const page = await this.store.find(name, { where: {}, sort: [['id', 1]], skip: 0, limit: CLEAR_PAGE, select: ['id'] });
        if (page.data.length === 0) break;
        await this.store.transaction(async (tx) => {
          for (const doc of page.data) await tx.remove(name, doc.id);
        });
      }
    }
  }

  /** Catch up from the lowest checkpoint, then follow the log live; after a failed batch, resume from the checkpoint. */
  async start(): Promise<void> {
    await this.prepare();
    this.stopped = false;
    this.follow();
    if (this.building.length > 0) this.rebuild = this.runRebuild().catch((error: unknown) => this.failed(error));
    const live = this.options.live;
    if (live) this.pruning = setInterval(() => void this.prune(), live.pruneEveryMs ?? 30_000);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    if (this.pruning) clearInterval(this.pruning);
    await this.subscription?.close();
    this.subscription = null;
    await this.rebuild;
    await this.lane.idle();
  }

  private follow(): void {
    this.subscription = this.events.subscribeToAll({
      after: this.position,
      batchSize: this.options.batchSize ?? 500,
      onEvents: async (events) => {
        await this.lane.run(() => this.applyLive(events));
      },
      onError: (error) => this.failed(error),
    });
  }

  private failed(error: unknown): void {
    if (error instanceof FencedOut) {
      void this.stop();
      this.options.live?.onFenced(error);
      return;
    }
    this.options.onError?.(error);
    // The failed batch was rolled back; its events are delivered again from the last checkpoint.
    if (!this.stopped && !this.retry) {
      this.retry = setTimeout(() => {
        this.retry = null;
        if (this.stopped) return;
        void this.subscription?.close();
        this.follow();
      }, 1000);
    }
  }

  /** Applies one ordered batch of events to the live projections; public for replay, which drives it without a subscription. */
  async applyBatch(events: RecordedEvent[]): Promise<FeedBatch | null> {
    return this.lane.run(() => this.applyLive(events));
  }

  private async applyLive(events: RecordedEvent[]): Promise<FeedBatch | null> {
    const last = events[events.length - 1];
    if (!last || (this.stopped && this.options.live)) return null;
    const feed = this.options.live ? new BatchChanges() : null;
    const began = tracingHops() ? hopClock() : undefined;
    const changes = await this.commit(this.active, events, feed, last.position);
    traceHop('projected', events[0]!.position, last.position, began);
    this.position = last.position;
    const batch: FeedBatch = { position: last.position, changes };
    this.options.onBatch?.(batch, events.length);
    return batch;
  }

  /**
   * One transaction: the events applied to these projections (each skips what its checkpoint has), their
   * checkpoints set to `position`, the feed entry written (live), and `also` run last (a switch). Answers the feed
   * entry's changes (none without a feed): summarised once per batch, for the feed and for `onBatch` alike.
   */
  private async commit(
    projections: readonly Projection[],
    events: RecordedEvent[],
    feed: BatchChanges | null,
    position: number,
    also?: (tx: Parameters<Parameters<ReadStore['transaction']>[0]>[0]) => Promise<void>,
  ): Promise<FeedChange[]> {
    const readText = this.options.readText ?? (async () => null);
    let changes: FeedChange[] = [];
    const live = this.options.live;
    await this.store.transaction(
      async (tx) => {
        // The batch gives the event loop back between slices, so a large one does not stall other requests.
        const budget = new LoopSlice();
        const buffer = new BufferedTransaction(tx, budget);
        const view: ProjectionView = { get: (c, id) => buffer.get(c, id), findWhere: (c, w) => buffer.findWhere(c, w), readText };
        for (const projection of projections) {
          const checkpoint = this.checkpoints.get(projection.name) ?? null;
          const handles = this.handlesOf(projection);
          for (const event of events) {
            if (checkpoint !== null && event.position <= checkpoint) continue;
            if (!handles.has(event.type)) continue;
            for (const intent of await projection.project(event, view)) {
              await this.apply(buffer, intent, feed);
              await budget.step();
            }
          }
        }
        await buffer.flush();
        for (const projection of projections) await tx.setCheckpoint(checkpointName(projection), position);
        if (feed) await tx.appendFeed({ position, changes: (changes = feed.changes()) });
        await also?.(tx);
      },
      live ? { fence: live.fence() } : {},
    );
    for (const projection of projections) this.checkpoints.set(projection.name, position);
    return changes;
  }

  /** The event types a projection handles, as a set made once (not once per projection and batch). */
  private handlesOf(projection: Projection): ReadonlySet<string> {
    let handles = this.handles.get(projection);
    if (!handles) this.handles.set(projection, (handles = new Set(projection.handles)));
    return handles;
  }

  /** A change, with what the feed needs of it when there is a feed (the record before it: a replay skips that read). */
  private async apply(buffer: BufferedTransaction, intent: ChangeIntent, feed: BatchChanges | null): Promise<void> {
    if (intent.op === 'put') {
      if (feed) feed.put(intent.collection, await buffer.get(intent.collection, intent.doc.id), intent.doc);
      buffer.put(intent.collection, intent.doc);
      return;
    }
    if (feed) feed.remove(intent.collection, intent.id, await buffer.get(intent.collection, intent.id));
    buffer.remove(intent.collection, intent.id);
  }

  /**
   * The rebuild lane: pages of the log into the build copies until they reach the live position, then, in the
   * live lane, the last events and the switch in one transaction. The projections then run live.
   */
  private async runRebuild(): Promise<void> {
    let after = this.lowest(this.building);
    while (!this.stopped && this.building.length > 0) {
      const target = this.position;
      if (target === null) {
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      const page = after !== null && after >= target ? [] : (await this.events.readAll(after, this.pageSize)).filter((e) => e.position <= target);
      if (page.length === 0) {
        await this.lane.run(() => this.switchLive());
        continue;
      }
      const last = page[page.length - 1]!.position;
      await this.lane.run(() => this.commit(this.building, page, null, last));
      after = last;
    }
  }

  /** In the live lane, so no live batch runs in between: the events since the copies' last page, then the switch. */
  private async switchLive(): Promise<void> {
    const target = this.position;
    if (this.stopped || target === null || this.building.length === 0) return;
    const switching = this.building;
    let after = this.lowest(switching);
    for (;;) {
      const page = (await this.events.readAll(after, this.pageSize)).filter((e) => e.position <= target);
      if (page.length === this.pageSize) {
        after = page[page.length - 1]!.position;
        await this.commit(switching, page, null, after);
        continue;
      }
      // The copies now stand where the live projections stand: same checkpoint, and they go live together.
      await this.commit(switching, page, null, target, async (tx) => {
        for (const projection of switching) await tx.switchBuild(collectionNames(projection), buildTag(projection));
      });
      this.active = [...this.active, ...switching];
      this.building = [];
      return;
    }
  }

  private async prune(): Promise<void> {
    const live = this.options.live;
    if (!live || this.stopped) return;
    try {
      await this.lane.run(() => this.store.transaction((tx) => tx.pruneFeed(live.feedRetention ?? DEFAULT_RETENTION), { fence: live.fence() }));
    } catch (error) {
      this.failed(error);
    }
  }

  private get pageSize(): number {
    return this.options.rebuildPageSize ?? BUILD_PAGE;
  }

  private lowest(projections: readonly Projection[]): number | null {
    const known = projections.map((p) => this.checkpoints.get(p.name) ?? null);
    return known.length === 0 || known.some((c) => c === null) ? null : Math.min(...(known as number[]));
  }
}
