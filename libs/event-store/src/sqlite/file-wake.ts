import { closeSync, openSync, utimesSync, watch, type FSWatcher } from 'node:fs';
import type { Logger } from '../logger';
import { traceHop } from '../hop-trace';
import type { ChangeSignal } from './change-signal';

/** Without a watch (a file system without inotify, the watch limit reached) followers poll this often, as before the wake-up. */
export const UNWATCHED_POLL_MS = 10;

/**
 * A wake-up across the processes of one host for the followers of a SQLite file: after each commit the writer
 * touches `<file>-wake` (a change of its times, no data); followers watch it (inotify on Linux) and read at once
 * instead of waiting for their next poll. WAL mode already needs every process of a file on one host (they share
 * its `-shm` index), so a watch on that host sees every writer.
 *
 * Only a hint: followers still read from their position in the log or feed, which stays the truth, and still poll
 * as a fallback, so a lost or failed wake-up delays a change by one poll interval but never loses it.
 *
 * Debounced: the touches of a burst of commits that arrive together become one notify (one read that catches up
 * all of them); touches that arrive while a follower is reading wake nobody, and the follower reads again anyway
 * after a non-empty page.
 */
export class FileWake {
  private watcher: FSWatcher | null = null;
  private scheduled = false;
  private closed = false;

  constructor(
    readonly path: string,
    private readonly signal: ChangeSignal,
    private readonly logger: Logger,
  ) {}

  /** True while the watch is on: followers may then poll slowly. */
  get watching(): boolean {
    return this.watcher !== null;
  }

  /** The poll interval for a follower: the configured fallback while watching, else at most the fast poll of old. */
  pollMs(configuredMs: number): number {
    return this.watching ? configuredMs : Math.min(configuredMs, UNWATCHED_POLL_MS);
  }

  /** After a commit: tells the followers of other processes. Never throws; a failed touch costs one poll interval. */
  touch(): void {
    const now = new Date();
    try {
      utimesSync(this.path, now, now);
    } catch {
      // Missing (a fresh data dir, or removed): create it; the watchers re-arm on their next look.
      this.create();
    }
  }

  /** Starts watching (idempotent); false when this file system cannot watch, and the followers rely on their poll. */
  watch(): boolean {
    if (this.watcher || this.closed) return this.watcher !== null;
    try {
      this.create();
      const hop = `wake:${this.path.slice(this.path.lastIndexOf('/') + 1)}`;
      const watcher = watch(this.path, { persistent: false }, (event) => {
        traceHop(hop);
        // 'rename': the file was removed or replaced, so this watch is on a dead inode: watch the new one.
        if (event === 'rename') this.rearm();
        this.wake();
      });
      watcher.on('error', (error) => {
        this.logger.warn(`wake-up watch on ${this.path} failed; followers poll`, error);
        this.stop();
      });
      this.watcher = watcher;
      return true;
    } catch (error) {
      this.logger.warn(`cannot watch ${this.path}; followers poll`, error);
      return false;
    }
  }

  close(): void {
    this.closed = true;
    this.stop();
  }

  private wake(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      if (!this.closed) this.signal.notify();
    });
  }

  private rearm(): void {
    this.stop();
    this.watch();
  }

  private stop(): void {
    this.watcher?.close();
    this.watcher = null;
  }

  private create(): void {
    try {
      closeSync(openSync(this.path, 'a', 0o600));
    } catch {
      // A read-only or vanished data dir: the poll still finds every commit.
    }
  }
}
