/**
 * One-shot answers fetched before the screen that needs them exists (the first rows of the URL the page
 * opens on are requested together with the shell's data). A screen takes its answer once; what nobody
 * takes within `ttlMs` is dropped, so a late screen asks the server itself.
 */
export class PrefetchCache {
  private readonly entries = new Map<string, { promise: Promise<unknown>; at: number }>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  put(key: string, promise: Promise<unknown>): void {
    promise.catch(() => undefined);
    this.entries.set(key, { promise, at: this.now() });
  }

  take<T>(key: string): Promise<T> | undefined {
    const entry = this.entries.get(key);
    this.entries.delete(key);
    return entry && this.now() - entry.at <= this.ttlMs ? (entry.promise as Promise<T>) : undefined;
  }
}
