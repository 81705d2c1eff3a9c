import { ANY, NO_STREAM, StreamNotFoundError, UnavailableError, WrongExpectedVersionError, type AppendExpectedRevision } from '@eventstore/db-client';
import type { EsdbClient } from '../src/esdb/esdb-event-store';

/**
 * An EventStoreDB server in memory, for the adapter's command path where no server runs: appends with expected
 * revisions and the server's documented idempotency (an append whose event ids already stand right after the
 * expected revision is answered as that write, not stored again), stream reads from a revision (forwards) or from
 * the end (backwards), and the `$by_correlation_id` standard projection (links in `$bc-<$correlationId>`,
 * optionally lagging). Every stream read is recorded, so a test can assert what a command read.
 */
interface Stored {
  id: string;
  streamId: string;
  revision: bigint;
  type: string;
  data: unknown;
  metadata: Record<string, unknown>;
  position: bigint;
}

export interface StreamRead {
  stream: string;
  fromRevision: bigint | 'start' | 'end';
  returned: number;
}

function commandError<T extends object>(kind: abstract new (...args: never[]) => T, fields: Record<string, unknown>): T {
  return Object.assign(Object.create(kind.prototype as object) as T, fields);
}

export class InMemoryEsdb {
  private readonly streams = new Map<string, Stored[]>();
  private readonly links = new Map<string, Stored[]>();
  private position = BigInt(0);
  readonly reads: StreamRead[] = [];
  /** The next append is written, then answered with UnavailableError (its outcome unknown to the caller). */
  loseNextAnswer = false;
  /** How many appends later the `$bc-` links appear (the projection's lag); 0: at once. */
  indexLag = 0;
  private readonly lagging: Stored[][] = [];

  client(): EsdbClient {
    return this as unknown as EsdbClient;
  }

  /** Events of a stream as stored (tests look at ids and counts). */
  stored(stream: string): readonly Stored[] {
    return this.streams.get(stream) ?? [];
  }

  /** Drops the oldest events of a stream, as a `$tb` (truncate before) or `$maxCount` scavenge would. */
  truncateBefore(stream: string, revision: number): void {
    this.streams.set(
      stream,
      this.stored(stream).filter((e) => e.revision >= BigInt(revision)),
    );
  }

  async appendToStream(
    streamId: string,
    events: Array<{ id: string; type: string; data: unknown; metadata?: unknown }>,
    options: { expectedRevision?: AppendExpectedRevision } = {},
  ) {
    const stream = this.streams.get(streamId) ?? [];
    const last = stream[stream.length - 1]?.revision ?? null;
    const expected = options.expectedRevision ?? ANY;
    const after = expected === NO_STREAM ? BigInt(-1) : typeof expected === 'bigint' ? expected : null;
    if (after !== null) {
      const already = stream.filter((e) => e.revision > after).slice(0, events.length);
      if (already.length === events.length && already.every((e, i) => e.id === events[i]!.id)) {
        return {
          success: true,
          nextExpectedRevision: already[already.length - 1]!.revision,
          position: { commit: already[already.length - 1]!.position, prepare: already[already.length - 1]!.position },
        };
      }
    }
    const current = last === null ? NO_STREAM : last;
    const matches = expected === ANY || (expected === NO_STREAM ? last === null : typeof expected === 'bigint' && last === expected);
    if (!matches)
      throw commandError(WrongExpectedVersionError, {
        streamName: streamId,
        expectedVersion: expected,
        actualVersion: current,
        message: `WrongExpectedVersion on ${streamId}`,
      });
    let revision = last ?? BigInt(-1);
    const written: Stored[] = [];
    for (const event of events) {
      revision += BigInt(1);
      this.position += BigInt(100);
      written.push({
        id: event.id,
        streamId,
        revision,
        type: event.type,
        data: structuredClone(event.data),
        metadata: structuredClone((event.metadata ?? {}) as Record<string, unknown>),
        position: this.position,
      });
    }
    this.streams.set(streamId, [...stream, ...written]);
    this.lagging.push(written);
    while (this.lagging.length > this.indexLag) this.index(this.lagging.shift()!);
    const end = written[written.length - 1]!;
    if (this.loseNextAnswer) {
      this.loseNextAnswer = false;
      throw commandError(UnavailableError, { message: 'connection lost after the write' });
    }
    return { success: true, nextExpectedRevision: end.revision, position: { commit: end.position, prepare: end.position } };
  }

  readStream(
    streamName: string,
    options: { fromRevision?: bigint | 'start' | 'end'; direction?: 'forwards' | 'backwards'; maxCount?: number | bigint; resolveLinkTos?: boolean } = {},
  ): AsyncIterable<{ event: unknown }> {
    const source = streamName.startsWith('$bc-') ? this.links.get(streamName) : this.streams.get(streamName);
    const from = options.fromRevision ?? (options.direction === 'backwards' ? 'end' : 'start');
    const max = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    const backwards = options.direction === 'backwards';
    const record: StreamRead = { stream: streamName, fromRevision: from, returned: 0 };
    this.reads.push(record);
    const selected = source
      ? (backwards
          ? [...source].reverse().filter((e) => from === 'end' || e.revision <= (from as bigint))
          : source.filter((e) => from === 'start' || e.revision >= (from as bigint))
        ).slice(0, max)
      : null;
    return {
      [Symbol.asyncIterator]: async function* () {
        if (!selected) throw commandError(StreamNotFoundError, { streamName, message: `${streamName} not found` });
        for (const e of selected) {
          record.returned += 1;
          yield {
            event: {
              streamId: e.streamId,
              revision: e.revision,
              type: e.type,
              isJson: true,
              data: structuredClone(e.data),
              metadata: structuredClone(e.metadata),
              position: { commit: e.position, prepare: e.position },
              id: e.id,
            },
          };
        }
      },
    };
  }

  async dispose(): Promise<void> {}

  /** What `$by_correlation_id` does: a link to each event in `$bc-<metadata.$correlationId>`. */
  private index(events: Stored[]): void {
    for (const event of events) {
      const key = event.metadata.$correlationId;
      if (typeof key !== 'string') continue;
      const stream = `$bc-${key}`;
      this.links.set(stream, [...(this.links.get(stream) ?? []), event]);
    }
  }
}
