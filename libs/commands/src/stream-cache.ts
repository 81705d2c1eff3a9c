import { deepFreeze } from '@portal/domain';

/** What the runtime knows of a stream after its last command: revision, folded state and the last hash. */
export interface CachedStream {
  revision: number;
  state: unknown;
  lastHash: string | null;
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
