import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of work may hold the event loop before it gives it back: well under the 50 ms every other request may wait. */
export const LOOP_SLICE_MS = 8;

/**
 * The time a piece of work has held the event loop since it last gave it back; the work asks after each step.
 * A small command never waits; a large one (an event of hundreds of entries: its decision, its hash, its append)
 * gives the loop a turn between its steps once the slice is used up, and so does a long projector batch between
 * its records (its read-store transaction stays open across the turns: its writes still commit together, with
 * their checkpoints), and so does the change feed loading a large batch's records (in one snapshot, on a connection
 * of its own), so health checks and other users' requests are answered in between.
 */
export class LoopSlice {
  private started = performance.now();
  /** Whether the work gave the loop a turn at least once (a large command). */
  yielded = false;

  constructor(private readonly sliceMs = LOOP_SLICE_MS) {}

  /** Nothing while the slice lasts; after it, the event loop's next turn, and a new slice. */
  step(): Promise<void> | undefined {
    if (performance.now() - this.started < this.sliceMs) return undefined;
    this.yielded = true;
    return nextTurn().then(() => {
      this.started = performance.now();
    });
  }

  /** The event loop's next turn when the command was a large one (a new slice after a step of unknown length). */
  afterWait(): Promise<void> | undefined {
    if (!this.yielded) return undefined;
    return nextTurn().then(() => {
      this.started = performance.now();
    });
  }
}
