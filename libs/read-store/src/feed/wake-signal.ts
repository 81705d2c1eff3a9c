/** Wakes waiting followers at once when this process committed, or after a timeout (commits of other processes). */
export class WakeSignal {
  private readonly waiters = new Set<() => void>();

  notify(): void {
    const waiters = [...this.waiters];
    this.waiters.clear();
    for (const wake of waiters) wake();
  }

  /** Registers synchronously, so a notify right after the caller's last read is never missed. */
  wait(timeoutMs: number): { promise: Promise<void>; cancel(): void } {
    let wake: () => void = () => undefined;
    const promise = new Promise<void>((resolve) => {
      const timer = setTimeout(() => wake(), timeoutMs);
      wake = () => {
        clearTimeout(timer);
        this.waiters.delete(wake);
        resolve();
      };
      this.waiters.add(wake);
    });
    return { promise, cancel: () => wake() };
  }
}
