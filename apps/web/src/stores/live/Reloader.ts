/**
 * One reload at a time. Asked for while one runs, it runs once more after it, however often it was asked, so
 * a stream of pushed changes can never keep cancelling the answer it waits for. `soon` gathers a burst of
 * pushes (an import is one push per record) into one reload once the burst settles.
 */
export class Reloader {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly reload: () => Promise<void>,
    private readonly delayMs = 0,
    /** Where a reload started by `soon` reports its failure (nobody awaits it). */
    private readonly failed: (error: unknown) => void = (error) => console.warn('Reloading failed', error),
  ) {}

  /** Reloads now, or once more after the reload that runs; settles when the last run is done. */
  now(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    const run = async () => {
      try {
        do {
          this.again = false;
          await this.reload();
        } while (this.again);
      } finally {
        this.running = null;
      }
    };
    this.running = run();
    return this.running;
  }

  /** Reloads once no further call came for the delay. */
  soon(delayMs = this.delayMs): void {
    this.stop();
    this.timer = setTimeout(() => {
      this.timer = null;
      this.now().catch(this.failed);
    }, delayMs);
  }

  /** Forgets a reload waiting for its delay (the view was left). */
  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
