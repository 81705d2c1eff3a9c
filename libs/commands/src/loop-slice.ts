import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long one step of a command may hold the event loop before it gives it back (other requests wait meanwhile). */
export const COMMAND_SLICE_MS = 8;

/**
 * The time a command has held the event loop since it last gave it back. A small command never waits; a large one
 * (an event of hundreds of entries: its decision, its hash, its append) gives the loop a turn between its steps
 * once the slice is used up, so no single step adds to the next one's wait of every other request.
 */
export class LoopSlice {
  private started = performance.now();
  /** Whether the command gave the loop a turn at least once (a large command). */
  yielded = false;

  constructor(private readonly sliceMs = COMMAND_SLICE_MS) {}

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
