import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one slice of a batch may hold the event loop: well under the 50 ms every other request may wait. */
export const SLICE_MS = 8;

/**
 * A long batch (a projection transaction of thousands of records) run in slices: the work asks after each step,
 * and once a slice has held the event loop `sliceMs`, the next step waits for the loop's next turn, so health
 * checks and other users' requests are answered in between. The read-store transaction stays open across the
 * turns: its writes still commit together, with their checkpoints.
 */
export class TurnBudget {
  private sliceStarted = performance.now();

  constructor(private readonly sliceMs = SLICE_MS) {}

  /** Nothing while the slice lasts; after it, the event loop's next turn (a new slice starts then). */
  step(): Promise<void> | undefined {
    if (performance.now() - this.sliceStarted < this.sliceMs) return undefined;
    return nextTurn().then(() => {
      this.sliceStarted = performance.now();
    });
  }
}
