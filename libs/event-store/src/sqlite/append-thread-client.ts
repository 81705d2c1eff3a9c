import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { GroupAppend, GroupOutcome } from './append-group';
import type { SynchronousMode } from './sqlite-schema';

export interface AppendThreadData {
  file: string;
  synchronous: SynchronousMode;
  busyTimeoutMs: number;
}

export interface AppendRequest {
  id: number;
  appends: GroupAppend[];
}

export type AppendReply =
  | { id: number; outcomes: GroupOutcome[]; /** host clock (hopClock) when the write lock was held */ locked: number }
  | { id: number; error: { message: string; code?: string } };

const THREAD_FILE = join(__dirname, 'append-thread.js');

type Pending = { resolve(reply: { outcomes: GroupOutcome[]; locked: number }): void; reject(error: unknown): void };

/**
 * Group commits of a SqliteEventStore written by a thread of their own (append-thread.ts): the write lock, the
 * revision checks, the inserts and the COMMIT with its fsync no longer hold the process's event loop. A group is
 * answered only after its COMMIT returned, so nothing is acknowledged before it is as durable as before. The thread
 * keeps the process up only while a group is on its way.
 */
export class AppendThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private failure: Error | null = null;
  private closing = false;

  /** True when the compiled thread exists (not under runners that load the TypeScript sources only). */
  static available(threadFile = THREAD_FILE): boolean {
    return existsSync(threadFile);
  }

  /** `onFailed`: the thread ended or threw other than by close(); the groups on their way were rejected. */
  constructor(
    data: AppendThreadData,
    threadFile = THREAD_FILE,
    private readonly onFailed: (error: Error) => void = () => undefined,
  ) {
    this.worker = new Worker(threadFile, { workerData: data });
    this.worker.unref();
    this.worker.on('message', (reply: AppendReply) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      if (this.pending.size === 0) this.worker.unref();
      if ('error' in reply) pending.reject(Object.assign(new Error(reply.error.message), reply.error.code ? { code: reply.error.code } : {}));
      else pending.resolve(reply);
    });
    this.worker.on('error', (error) => this.fail(error));
    this.worker.on('exit', (code) => this.fail(new Error(`the event log's append thread ended (exit code ${code})`)));
  }

  /** Writes one group in one transaction; resolves after its COMMIT with each append's outcome. */
  write(appends: GroupAppend[]): Promise<{ outcomes: GroupOutcome[]; locked: number }> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      if (this.pending.size === 0) this.worker.ref();
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, appends } satisfies AppendRequest);
    });
  }

  /** Ends the thread once the groups sent before are written (they are answered first: messages keep their order). */
  async close(): Promise<void> {
    if (this.failure) return;
    this.closing = true;
    const exited = new Promise<void>((resolve) => this.worker.once('exit', () => resolve()));
    this.worker.ref();
    this.worker.postMessage('close');
    await exited;
  }

  private fail(error: Error): void {
    if (this.failure) return;
    this.failure = error;
    for (const pending of this.pending.values()) pending.reject(error);
    this.pending.clear();
    if (!this.closing) this.onFailed(error);
  }
}
