import { deepFreeze } from '@portal/domain';

/** What the runtime knows of a stream after its last command: revision, folded state and the last hash. */
export interface CachedStream {
  revision: number;
  state: unknown;
  lastHash: string | null;
  /**
   * The latest commands folded into the state, by command id with the revision of their first event: a command
   * sent again is recognised from here even where the store's command-id index lags (EventStoreDB's is a
   * projection), and its events are read from that revision on, not from the start.
   */
  recent: ReadonlyMap<string, number>;
}

/** Commands remembered per cached stream (about 64 × 60 bytes each). */
export const RECENT_COMMANDS = 64;

/** The recent commands after folding these events into a stream's entry. */
export function withRecent(
  recent: ReadonlyMap<string, number>,
  events: ReadonlyArray<{ revision: number; metadata: { commandId: string } }>,
): ReadonlyMap<string, number> {
  if (events.length === 0) return recent;
  const next = new Map(recent);
  for (const event of events) if (!next.has(event.metadata.commandId)) next.set(event.metadata.commandId, event.revision);
  while (next.size > RECENT_COMMANDS) next.delete(next.keys().next().value!);
  return next;
}

/**
 * Folded stream states, most recently used kept (a Map iterates in insertion order). A hit is only a
 * starting point: the runtime still reads the events appended after its revision (by any process).
 * States are kept deep-frozen: the next command's decide and evolve get the cached object itself, so a
 * decider that changed it in place would otherwise change what the cache believes the stream holds.
 */
export class StreamCache {
  private readonly byDecider = new WeakMap<object, Map<string, CachedStream>>();

  constructor(private readonly maxStreams = 5_000) {}

  get(decider: object, streamId: string): CachedStream | undefined {
    const streams = this.byDecider.get(decider);
    const hit = streams?.get(streamId);
    if (hit && streams) {
      streams.delete(streamId);
      streams.set(streamId, hit);
    }
    return hit;
  }

  /** Keeps the newer of the cached and the given state. */
  set(decider: object, streamId: string, entry: CachedStream): void {
    let streams = this.byDecider.get(decider);
    if (!streams) this.byDecider.set(decider, (streams = new Map()));
    const current = streams.get(streamId);
    if (current && current.revision >= entry.revision) return;
    streams.delete(streamId);
    streams.set(streamId, { ...entry, state: deepFreeze(entry.state) });
    if (streams.size > this.maxStreams) streams.delete(streams.keys().next().value!);
  }
}
