import { FeedRelay, type Bus } from '@portal/bus';
import type { EventStore } from '@portal/event-store';
import { WriterLease, type FeedRetention, type ReadStore } from '@portal/read-store';
import type { Projection } from './projection';
import { Projector, type ProjectorOptions } from './projector';

export interface LiveProjectorOptions extends Pick<ProjectorOptions, 'readText' | 'batchSize' | 'onBatch' | 'onError'> {
  log(message: string): void;
  /** How long the writer lease holds without renewal (PORTAL_LEASE_TTL_MS); default 10 s. */
  leaseTtlMs?: number;
  feedRetention?: FeedRetention;
  /** A bus other processes hear (Kafka): the change feed is also published there, by the lease holder, from the durable feed. */
  relayTo?: Bus;
}

/**
 * The portal's projector: it projects only while it holds the read store's writer lease, so of two started at
 * once one projects and the other waits (and takes over when the first stops or dies). A projector that finds
 * its lease taken (FencedOut: its transaction wrote nothing) stops and waits again.
 */
export class LiveProjector {
  private projector: Projector | null = null;
  private lease: WriterLease | null = null;
  private stopped = false;
  private running: Promise<void> | null = null;
  /** Ends the wait of the current round (the lease lost, or this projector stopped). */
  private endRound: () => void = () => undefined;

  constructor(
    private readonly events: EventStore,
    private readonly store: ReadStore,
    private readonly projections: readonly Projection[],
    private readonly options: LiveProjectorOptions,
  ) {}

  get currentPosition(): number | null {
    return this.projector?.currentPosition ?? null;
  }

  /** Resolves once this process projects (or was stopped before it could). */
  start(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.running = this.run(resolve);
    });
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.endRound();
    await this.projector?.stop();
    await this.lease?.release();
    await this.running;
  }

  private async run(projecting: () => void): Promise<void> {
    while (!this.stopped) {
      let fenced: (() => void) | null = null;
      const lost = new Promise<void>((resolve) => (fenced = resolve));
      this.endRound = () => fenced?.();
      const lease = new WriterLease(this.store, {
        ttlMs: this.options.leaseTtlMs,
        onWaiting: (holder) => this.options.log(`Waiting for the projector lease held by ${holder.holder} (epoch ${holder.epoch})`),
        onLost: (error) => {
          this.options.log(`Lost the projector lease: ${String(error)}`);
          fenced?.();
        },
      });
      this.lease = lease;
      const fence = await lease.acquire();
      if (!fence || this.stopped) break;
      this.options.log(`Holding the projector lease (epoch ${fence.epoch})`);
      const projector = new Projector(this.events, this.store, this.projections, {
        ...this.options,
        live: {
          fence: () => lease.fence,
          onFenced: (error) => {
            this.options.log(`Projector fenced out: ${error.message}`);
            fenced?.();
          },
          ...(this.options.feedRetention ? { feedRetention: this.options.feedRetention } : {}),
        },
      });
      this.projector = projector;
      try {
        await projector.start();
      } catch (error) {
        this.options.onError?.(error);
        await projector.stop();
        await lease.release();
        await new Promise((resolve) => setTimeout(resolve, 1000));
        continue;
      }
      if (projector.rebuilding.length > 0) this.options.log(`Rebuilding ${projector.rebuilding.join(', ')} beside the live read models`);
      const relay = this.options.relayTo ? new FeedRelay(this.store.feed, this.options.relayTo, { onError: (e) => this.options.onError?.(e) }) : null;
      await relay?.start();
      projecting();
      await lost;
      await relay?.stop();
      await projector.stop();
      await lease.release();
    }
    projecting();
  }
}
