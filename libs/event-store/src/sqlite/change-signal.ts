/** Wakes waiting followers when this process committed (appended events, a change-feed batch), or after a timeout (commits of other processes). */
export class ChangeSignal {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /**
   * Registers synchronously, so a notify right after the caller's last read is never missed. Resolves true when
   * woken (a local append, or cancel), false when the timeout passed.
   */
  wait(timeoutMs: number): { promise: Promise<boolean>; cancel(): void } {
    let wake: (notified: boolean) => void = () => undefined;
    const promise = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => wake(false), timeoutMs);
      wake = (notified) => {
        clearTimeout(timer);
        this.waiters.delete(notifier);
        resolve(notified);
      };
      const notifier = () => wake(true);
      this.waiters.add(notifier);
    });
    return { promise, cancel: () => wake(true) };
  }
}
