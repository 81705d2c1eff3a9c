import type { Bus } from '@portal/bus';
import type { EventStore, RecordedEvent, Subscription } from '@portal/event-store';
import type { ReadStore } from '@portal/read-store';
import { READ_MODEL_TOPIC, type ReadModelBatch, type ReadModelChange } from '@portal/messages';
import { BufferedTransaction } from './buffered-transaction';
import type { ChangeIntent, Projection, ProjectionView, TextReader } from './projection';

export interface ProjectorOptions {
  /** Where projections read extracted texts; without it they see none. */
  readText?: TextReader;
  batchSize?: number;
  /** Called after each committed batch (same process listeners, e.g. metrics). */
  onBatch?(batch: ReadModelBatch, eventCount: number): void;
  onError?(error: unknown): void;
}

export const checkpointName = (p: Projection) => `${p.name}@v${p.version}`;

/**
 * Runs projections over the event log. Each batch of events is applied to every projection and
 * committed together with the projections' checkpoints in one read-store transaction, so a crash
 * anywhere neither loses nor duplicates a change. On start every projection catches up from its
 * own checkpoint; a projection whose version changed is rebuilt from the start.
 */
export class Projector {
  private subscription: Subscription | null = null;
  private checkpoints = new Map<string, number | null>();
  private position: number | null = null;
  private stopped = true;
  private retry: NodeJS.Timeout | null = null;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly bus: Bus | null,
    private readonly projections: readonly Projection[],
    private readonly options: ProjectorOptions = {},
  ) {}

  get currentPosition(): number | null {
    return this.position;
  }

  async prepare(): Promise<void> {
    await this.store.ensureCollections(this.projections.flatMap((p) => p.collections));
    await this.store.transaction(async (tx) => {
      for (const projection of this.projections) {
        const name = checkpointName(projection);
        const checkpoint = await tx.getCheckpoint(name);
        // No checkpoint: nothing of this projection version was applied yet, so start it from an empty slate.
        if (checkpoint === null) for (const c of projection.collections) await tx.clear(c.name);
        this.checkpoints.set(projection.name, checkpoint);
      }
    });
    const known = [...this.checkpoints.values()];
    this.position = known.some((c) => c === null) ? null : Math.min(...(known as number[]));
  }

  /** Catch up from the lowest checkpoint, then follow the log live; after a failed batch, resume from the checkpoint. */
  async start(): Promise<void> {
    await this.prepare();
    this.stopped = false;
    this.follow();
  }

  private follow(): void {
    this.subscription = this.events.subscribeToAll({
      after: this.position,
      batchSize: this.options.batchSize ?? 500,
      onEvents: async (events) => {
        await this.applyBatch(events);
      },
      onError: (error) => {
        this.options.onError?.(error);
        // The failed batch was rolled back; its events are delivered again from the last checkpoint.
        if (!this.stopped) this.retry = setTimeout(() => !this.stopped && this.follow(), 1000);
      },
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.retry) clearTimeout(this.retry);
    await this.subscription?.close();
    this.subscription = null;
  }

  /** Applies one ordered batch of events; public for replay, which drives it without a subscription. */
  async applyBatch(events: RecordedEvent[]): Promise<ReadModelBatch | null> {
    const last = events[events.length - 1];
    if (!last) return null;
    const changes: ReadModelChange[] = [];
    // Nobody reads the changes of a replay (no bus, no listener): keeping every record of a 10,000-event batch
    // for nothing cost a replay a third of its memory and much of its garbage collection.
    const collect = this.bus !== null || this.options.onBatch !== undefined;
    const readText = this.options.readText ?? (async () => null);
    await this.store.transaction(async (tx) => {
      const buffer = new BufferedTransaction(tx);
      const view: ProjectionView = { get: (c, id) => buffer.get(c, id), findWhere: (c, w) => buffer.findWhere(c, w), readText };
      for (const projection of this.projections) {
        const checkpoint = this.checkpoints.get(projection.name) ?? null;
        const handles = new Set(projection.handles);
        for (const event of events) {
          if (checkpoint !== null && event.position <= checkpoint) continue;
          if (!handles.has(event.type)) continue;
          for (const intent of await projection.project(event, view)) {
            if (collect) changes.push(await this.write(buffer, intent));
            else this.apply(buffer, intent);
          }
        }
      }
      await buffer.flush();
      for (const projection of this.projections) await tx.setCheckpoint(checkpointName(projection), last.position);
    });
    for (const projection of this.projections) this.checkpoints.set(projection.name, last.position);
    this.position = last.position;
    const batch: ReadModelBatch = { position: last.position, changes };
    this.options.onBatch?.(batch, events.length);
    if (this.bus) await this.bus.publish(READ_MODEL_TOPIC, [{ key: 'read-models', value: batch }]);
    return batch;
  }

  /** A change without its published form (replay): no read of the record as it was. */
  private apply(buffer: BufferedTransaction, intent: ChangeIntent): void {
    if (intent.op === 'put') buffer.put(intent.collection, intent.doc);
    else buffer.remove(intent.collection, intent.id);
  }

  private async write(buffer: BufferedTransaction, intent: ChangeIntent): Promise<ReadModelChange> {
    if (intent.op === 'put') {
      // Only a published change needs the record as it was (a replay publishes nothing and skips the read).
      const before = this.bus ? await buffer.get(intent.collection, intent.doc.id) : undefined;
      const existed = before === undefined ? await buffer.exists(intent.collection, intent.doc.id) : before !== null;
      buffer.put(intent.collection, intent.doc);
      return { collection: intent.collection, event: existed ? 'patched' : 'created', id: intent.doc.id, doc: intent.doc, ...(before ? { before } : {}) };
    }
    const previous = await buffer.get(intent.collection, intent.id);
    buffer.remove(intent.collection, intent.id);
    return { collection: intent.collection, event: 'removed', id: intent.id, doc: previous ?? { id: intent.id } };
  }
}
