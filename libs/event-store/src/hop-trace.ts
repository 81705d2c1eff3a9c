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
  /** When it ended (host clock, ms: comparable across the processes of one host). */
  at: number;
}

const hops = channel(HOP_CHANNEL);

/** The host clock in ms with sub-ms resolution, the same in every process of the host (to the precision of its start). */
export const hopClock = (): number => performance.timeOrigin + performance.now();

/** Whether anyone listens: callers take a `began` time only then. */
export const tracingHops = (): boolean => hops.hasSubscribers;

export function traceHop(hop: string, from?: number, to?: number, began?: number): void {
  if (!hops.hasSubscribers) return;
  const stamp: HopStamp = { hop, at: hopClock() };
  if (from !== undefined) stamp.from = from;
  if (to !== undefined) stamp.to = to;
  if (began !== undefined) stamp.began = began;
  hops.publish(stamp);
}
