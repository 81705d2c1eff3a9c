import type { AllStreamResolvedEvent, EventStoreDBClient, Position, ReadPosition } from '@eventstore/db-client';
import { esdbDriver } from './esdb-driver';
import {
  WrongExpectedRevisionError,
  type AppendResult,
  type EventData,
  type EventStore,
  type ExpectedRevision,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
} from '../event-store.port';
import { silentLogger, type Logger } from '../logger';
import { eventIdOf } from './event-ids';
import { commitToNumber, fromEsdbCurrent, fromEsdbRecord, toEsdbExpected, toEsdbMetadata, toReadPosition } from './esdb-mapping';
import { EsdbSubscription } from './esdb-subscription';

export interface EsdbEventStoreOptions {
  logger?: Logger;
  /** How often an append whose outcome is unknown (unavailable, deadline, leader change) is sent again; default 3. */
  appendRetries?: number;
}

/** The part of the client this adapter uses (a seam for tests with an in-memory server). */
export type EsdbClient = Pick<EventStoreDBClient, 'appendToStream' | 'readStream' | 'readAll' | 'subscribeToAll' | 'dispose'>;

/** Errors after which an append may or may not have been written: it is sent again, with the same event ids. */
const unknownOutcome = (error: unknown): boolean => {
  const { UnavailableError, DeadlineExceededError, NotLeaderError } = esdbDriver();
  return error instanceof UnavailableError || error instanceof DeadlineExceededError || error instanceof NotLeaderError;
};

/**
 * The production event store on EventStoreDB / KurrentDB. Stream ids and revisions map one to one;
 * `position` is the commit position (see esdb-mapping.ts); event metadata is the EventStoreDB event's
 * JSON metadata; system events (`$...`) are never returned. Reading $all needs a user allowed to
 * (admin, or an insecure dev server).
 *
 * Event ids derive from the command id (event-ids.ts), so an append sent again after an unknown outcome is
 * recognised by the server. The command id is also stored as `$correlationId`: the server's standard
 * `$by_correlation_id` projection (EVENTSTORE_RUN_PROJECTIONS=All, EVENTSTORE_START_STANDARD_PROJECTIONS=true)
 * keeps stream `$bc-<command id>`, the command-id index `readByCommandId` reads.
 */
export class EsdbEventStore implements EventStore {
  private readonly subscriptions = new Set<EsdbSubscription>();
  private readonly logger: Logger;

  private readonly appendRetries: number;

  constructor(
    private readonly client: EsdbClient,
    options: EsdbEventStoreOptions = {},
  ) {
    this.logger = options.logger ?? silentLogger;
    this.appendRetries = options.appendRetries ?? 3;
  }

  /** e.g. `esdb://localhost:2113?tls=false` */
  static connect(connectionString: string, options: EsdbEventStoreOptions = {}): EsdbEventStore {
    return new EsdbEventStore(esdbDriver().EventStoreDBClient.connectionString(connectionString), options);
  }

  async append(streamId: string, events: EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    if (events.length === 0) throw new RangeError(`append to ${streamId}: no events`);
    const payload = events.map((event, index) =>
      esdbDriver().jsonEvent({
        id: eventIdOf(event.metadata.commandId, streamId, index),
        type: event.type,
        data: event.data,
        metadata: toEsdbMetadata(event.metadata),
      }),
    );
    for (let attempt = 0; ; attempt++) {
      try {
        const result = await this.client.appendToStream(streamId, payload, { expectedRevision: toEsdbExpected(expected) });
        const position = commitToNumber(result.position);
        if (position === null) throw new Error(`append to ${streamId}: the server did not report a position`);
        return { nextRevision: Number(result.nextExpectedRevision), position };
      } catch (error) {
        if (error instanceof esdbDriver().WrongExpectedVersionError) {
          throw new WrongExpectedRevisionError(streamId, expected, fromEsdbCurrent(error.actualVersion));
        }
        // Same ids, same expected revision: if the first try was written, the server answers it as that write.
        if (attempt < this.appendRetries && unknownOutcome(error)) {
          this.logger.warn(`append to ${streamId}: ${String(error)}; sending it again`);
          continue;
        }
        throw error;
      }
    }
  }

  /** Events appended by one command: the `$bc-<command id>` stream of the `$by_correlation_id` projection (links resolved). */
  async readByCommandId(commandId: string): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(`$bc-${commandId}`, { direction: esdbDriver().FORWARDS, resolveLinkTos: true })) {
        const event = fromEsdbRecord(resolved.event);
        if (event && event.metadata.commandId === commandId) events.push(event);
      }
    } catch (error) {
      if (error instanceof esdbDriver().StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readStream(streamId: string, fromRevision = 0): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of this.client.readStream(streamId, { fromRevision: BigInt(fromRevision), direction: esdbDriver().FORWARDS })) {
        const event = fromEsdbRecord(resolved.event);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof esdbDriver().StreamNotFoundError) return [];
      throw error;
    }
    return events;
  }

  async readAll(after: number | null, maxCount: number): Promise<RecordedEvent[]> {
    const events: RecordedEvent[] = [];
    let from: ReadPosition = toReadPosition(after);
    let floor = after;
    while (events.length < maxCount) {
      // Reads are inclusive of `from`; the position filter drops that event. Size >= 2 guarantees progress.
      const pageSize = Math.min(Math.max(maxCount - events.length + 1, 64), 4096);
      const page = await this.readAllPage(from, pageSize, esdbDriver().FORWARDS);
      for (const resolved of page) {
        const event = fromEsdbRecord(resolved.event);
        if (!event || (floor !== null && event.position <= floor)) continue;
        events.push(event);
        floor = event.position;
        if (events.length === maxCount) break;
      }
      const last = lastPosition(page);
      if (page.length < pageSize || !last) break;
      from = last;
    }
    return events;
  }

  async headPosition(): Promise<number | null> {
    let from: ReadPosition = esdbDriver().END;
    for (;;) {
      const page = await this.readAllPage(from, 100, esdbDriver().BACKWARDS);
      for (const resolved of page) {
        const event = fromEsdbRecord(resolved.event);
        if (event) return event.position;
      }
      const last = lastPosition(page);
      if (page.length < 100 || !last) return null;
      from = last;
    }
  }

  subscribeToAll(options: SubscribeOptions): Subscription {
    const subscription = new EsdbSubscription(this.client, options, this.logger, (finished) => this.subscriptions.delete(finished));
    this.subscriptions.add(subscription);
    return subscription;
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((subscription) => subscription.close()));
    await this.client.dispose();
  }

  private async readAllPage(from: ReadPosition, maxCount: number, direction: 'forwards' | 'backwards'): Promise<AllStreamResolvedEvent[]> {
    const page: AllStreamResolvedEvent[] = [];
    for await (const resolved of this.client.readAll({ fromPosition: from, maxCount, direction })) page.push(resolved);
    return page;
  }
}

function lastPosition(page: readonly AllStreamResolvedEvent[]): Position | undefined {
  return page[page.length - 1]?.event?.position;
}
