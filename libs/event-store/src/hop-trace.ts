import { channel } from 'node:diagnostics_channel';

/**
 * Stamps of a write on its way through the processes (appended, wake-up seen, events read, projected, feed read,
 * pushed), published on a diagnostics channel so latency can be attributed hop by hop. Nothing is computed or
 * kept while nobody subscribes (the channel's own check); the scale-out bench subscribes through a preload.
 */
export const HOP_CHANNEL = 'portal:hops';

export interface HopStamp {
  hop: string;
  /** Positions the stamp covers (event-log or feed positions), when it has any. */
  from?: number;
  to?: number;
  /** When the stamped work began (host clock, ms), when that is of interest. */
  began?: number;
  /** When it had the write lock it waited for with the event loop free: from then on it held the loop. */
  locked?: number;
  /** When it ended (host clock, ms: comparable across the processes of one host). */
  at: number;
}

const hops = channel(HOP_CHANNEL);

let offset: number | null = null;

/**
 * The host clock in ms with sub-ms resolution, comparable across the processes of the host: `performance.now()`
 * plus an offset taken once at the moment the wall clock ticks over a millisecond (`performance.timeOrigin` can be
 * off by tens of ms in a process started on a busy machine). Spins for at most a millisecond, once per process.
 */
export function hopClock(): number {
  if (offset === null) {
    const start = Date.now();
    let now = start;
    while (now === start) now = Date.now();
    offset = now - performance.now();
  }
  return offset + performance.now();
}

/** `performance.now()` of this process on the host clock of hopClock. */
export const onHopClock = (performanceNow: number): number => hopClock() - performance.now() + performanceNow;

/** Whether anyone listens: callers take a `began` time only then. */
export const tracingHops = (): boolean => hops.hasSubscribers;

export function traceHop(hop: string, from?: number, to?: number, began?: number, locked?: number): void {
  if (!hops.hasSubscribers) return;
  const stamp: HopStamp = { hop, at: hopClock() };
  if (from !== undefined) stamp.from = from;
  if (to !== undefined) stamp.to = to;
  if (began !== undefined) stamp.began = began;
  if (locked !== undefined) stamp.locked = locked;
  hops.publish(stamp);
}
