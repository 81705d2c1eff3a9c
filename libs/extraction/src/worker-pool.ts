/**
 * Up to `max` workers, started one at a time as jobs queue up (a single page never starts a second
 * worker), each reused for job after job. A worker that fails to start fails the job waiting for it.
 */
export class WorkerPool<W> {
  private readonly idle: W[] = [];
  private readonly queue: Array<{ resolve(worker: W): void; reject(error: unknown): void }> = [];
  private starting: Array<Promise<W>> = [];
  private started: W[] = [];

  constructor(
    private readonly create: () => Promise<W>,
    private readonly max: number,
    private readonly stop: (worker: W) => Promise<unknown>,
  ) {}

  async run<T>(job: (worker: W) => Promise<T>): Promise<T> {
    const worker = await this.acquire();
    try {
      return await job(worker);
    } finally {
      this.release(worker);
    }
  }

  get size(): number {
    return this.started.length + this.starting.length;
  }

  private acquire(): Promise<W> {
    const free = this.idle.pop();
    if (free !== undefined) return Promise.resolve(free);
    const waiting = new Promise<W>((resolve, reject) => this.queue.push({ resolve, reject }));
    if (this.size < this.max) this.grow();
    return waiting;
  }

  private grow(): void {
    const starting = this.create();
    this.starting.push(starting);
    starting.then(
      (worker) => {
        this.starting = this.starting.filter((s) => s !== starting);
        this.started.push(worker);
        this.release(worker);
      },
      (error: unknown) => {
        this.starting = this.starting.filter((s) => s !== starting);
        const failed = this.size === 0 ? this.queue.splice(0) : this.queue.splice(0, 1);
        for (const waiter of failed) waiter.reject(error);
      },
    );
  }

  private release(worker: W): void {
    if (!this.started.includes(worker)) return;
    const next = this.queue.shift();
    if (next) next.resolve(worker);
    else this.idle.push(worker);
  }

  /** Stops every worker; jobs still waiting for one fail. */
  async terminate(): Promise<void> {
    const workers = this.started.splice(0);
    const starting = this.starting.splice(0);
    this.idle.length = 0;
    for (const waiter of this.queue.splice(0)) waiter.reject(new Error('OCR engine stopped'));
    await Promise.all([
      ...workers.map((w) => this.stop(w).catch(() => undefined)),
      ...starting.map((s) =>
        s
          .then(
            (w) => this.stop(w),
            () => undefined,
          )
          .catch(() => undefined),
      ),
    ]);
  }
}
