/** Wakes waiting followers at once when this process committed, or after a timeout (commits of other processes). */
export class WakeSignal {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /**
   * Registers synchronously, so a notify right after the caller's last read is never missed. Resolves true when
   * woken (a commit of this process, or cancel), false when the timeout passed.
   */
  wait(timeoutMs: number): { promise: Promise<boolean>; cancel(): void } {
    let wake: (notified: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => wake(false), timeoutMs);
      const notifier = () => wake(true);
      wake = (notified) => {
        clearTimeout(timer);
        this.waiters.delete(notifier);
        resolve(notified);
      };
      this.waiters.add(notifier);
    });
    return { promise, cancel: () => wake(true) };
  }
}
