import { SERVICE_EVENTS } from '@portal/contracts';
import type { LiveClient } from './live/Subscriptions';

/** The key of a prefetched list request: the service and its query. */
function prefetchKey(path: string, query: Record<string, unknown>): string {
  return `${path} ${JSON.stringify(query)}`;
}

interface Entry {
  promise: Promise<unknown>;
  at: number;
  /** A pushed event of the service arrived after the request was sent: the answer may miss it. */
  stale: boolean;
  unwatch: () => void;
}

/**
 * One-shot answers fetched before the screen that needs them exists (the first rows of the URL the page
 * opens on are requested together with the shell's data). A screen takes its answer once; what nobody
 * takes within `ttlMs` is dropped, so a late screen asks the server itself. Until the screen listens to
 * the service's pushes itself, the cache listens for it: an answer that a pushed change may have missed
 * is not handed out, and the screen asks again.
 */
export class PrefetchCache {
  private readonly entries = new Map<string, Entry>();

  constructor(
    private readonly ttlMs = 10_000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Sends `find` on `path` now and keeps the answer for the screen that will ask the same. */
  find(client: LiveClient, path: string, query: Record<string, unknown>): void {
    const key = prefetchKey(path, query);
    this.drop(key);
    const service = client.service(path);
    const entry: Entry = { promise: service.find(query), at: this.now(), stale: false, unwatch: () => undefined };
    entry.promise.catch(() => undefined);
    const stops = SERVICE_EVENTS.map((event) => service.on(event, () => (entry.stale = true)));
    entry.unwatch = () => stops.forEach((stop) => stop());
    this.entries.set(key, entry);
    // Nobody came for it (the route showed something else): stop listening. Never keeps a test runner alive.
    const expiry: unknown = setTimeout(() => this.entries.get(key) === entry && this.drop(key), this.ttlMs);
    (expiry as { unref?: () => void }).unref?.();
  }

  take<T>(path: string, query: Record<string, unknown>): Promise<T> | undefined {
    const key = prefetchKey(path, query);
    const entry = this.entries.get(key);
    this.drop(key);
    return entry && !entry.stale && this.now() - entry.at <= this.ttlMs ? (entry.promise as Promise<T>) : undefined;
  }

  private drop(key: string): void {
    this.entries.get(key)?.unwatch();
    this.entries.delete(key);
  }
}
