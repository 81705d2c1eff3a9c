/** Runs async jobs one after another, in call order; a failing job does not stop the queue. */
export class SerialQueue {
  private tail: Promise<unknown> = Promise.resolve();

  run<T>(job: () => Promise<T>): Promise<T> {
    const result = this.tail.then(job);
    this.tail = result.catch(() => undefined);
    return result;
  }

  /** Resolves once every job queued so far has ended. */
  idle(): Promise<void> {
    return this.tail.then(() => undefined);
  }
}
