/**
 * A brake on failed attempts at an entry point that needs no login (a scanner's secret, ...): failures are
 * counted per source (the client address) and per target (the scanner) in fixed windows; once either has
 * `limit` failures in the current window, further attempts are refused without being checked until the
 * window ends. State is in memory and bounded: a restart forgets it, which only ever helps the real sender.
 */
export interface FailureThrottleOptions {
  /** Failures per source and per target within one window before attempts are refused. */
  limit: number;
  windowMs: number;
  now?(): number;
}

interface Window {
  start: number;
  failures: number;
}

const MAX_TRACKED = 100_000;

export class FailureThrottle {
  private readonly sources = new Map<string, Window>();
  private readonly targets = new Map<string, Window>();
  private readonly now: () => number;

  constructor(private readonly options: FailureThrottleOptions) {
    this.now = options.now ?? (() => Date.now());
  }

  /** Seconds until this source may try this target again; null when it may try now. */
  blockedFor(source: string, target: string): number | null {
    const now = this.now();
    const ends = [this.current(this.sources, source, now), this.current(this.targets, target, now)]
      .filter((w): w is Window => w !== undefined && w.failures >= this.options.limit)
      .map((w) => w.start + this.options.windowMs);
    return ends.length === 0 ? null : Math.max(1, Math.ceil((Math.max(...ends) - now) / 1000));
  }

  failed(source: string, target: string): void {
    const now = this.now();
    this.bump(this.sources, source, now);
    this.bump(this.targets, target, now);
  }

  private current(map: Map<string, Window>, key: string, now: number): Window | undefined {
    const window = map.get(key);
    if (window && now - window.start >= this.options.windowMs) {
      map.delete(key);
      return undefined;
    }
    return window;
  }

  private bump(map: Map<string, Window>, key: string, now: number): void {
    let window = this.current(map, key, now);
    if (!window) {
      if (map.size >= MAX_TRACKED) this.prune(map, now);
      window = { start: now, failures: 0 };
      map.set(key, window);
    }
    window.failures += 1;
  }

  private prune(map: Map<string, Window>, now: number): void {
    for (const [key, window] of map) if (now - window.start >= this.options.windowMs) map.delete(key);
    if (map.size >= MAX_TRACKED) map.clear();
  }
}
