import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { PortalError, type ErrorName, type Paginated, type Query } from '@portal/contracts';
import type { CollectionSpec, Doc, SearchHit, SearchRequest } from '../read-store.port';

type ReadCall = { kind: 'find'; collection: string; query: Query } | { kind: 'search'; spec: CollectionSpec; request: SearchRequest };
export type ReadRequest = ReadCall & { id: number };

export type ReadResponse =
  | { id: number; ok: true; result: Paginated<Doc> | Paginated<SearchHit> }
  | { id: number; ok: false; error: { name: string; message: string; code?: number; data?: unknown } };

type Pending = { resolve(value: unknown): void; reject(error: unknown): void };

interface Reader {
  worker: Worker;
  pending: Map<number, Pending>;
}

const WORKER_FILE = join(__dirname, 'read-worker.js');

/**
 * A small pool of worker threads, each with its own read-only connection to the read-model file:
 * finds and searches run there, so the event loop keeps answering (health checks, other users'
 * calls, pushes) while one query takes long. Calls go to the reader with the fewest in flight.
 */
export class SqliteReadPool {
  private readonly readers: Reader[] = [];
  private nextId = 1;
  private closed = false;

  /** True when the compiled worker exists (not under ts-only test runners). */
  static available(workerFile = WORKER_FILE): boolean {
    return existsSync(workerFile);
  }

  constructor(
    file: string,
    size: number,
    private readonly workerFile = WORKER_FILE,
  ) {
    for (let i = 0; i < size; i++) this.readers.push(this.start(file));
  }

  find(collection: string, query: Query): Promise<Paginated<Doc>> {
    return this.call({ kind: 'find', collection, query }) as Promise<Paginated<Doc>>;
  }

  search(spec: CollectionSpec, request: SearchRequest): Promise<Paginated<SearchHit>> {
    return this.call({ kind: 'search', spec, request }) as Promise<Paginated<SearchHit>>;
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.readers.map((r) => r.worker.terminate()));
  }

  private start(file: string): Reader {
    const worker = new Worker(this.workerFile, { workerData: { file } });
    worker.unref();
    const reader: Reader = { worker, pending: new Map() };
    worker.on('message', (response: ReadResponse) => {
      const pending = reader.pending.get(response.id);
      if (!pending) return;
      reader.pending.delete(response.id);
      if (response.ok) pending.resolve(response.result);
      else pending.reject(toError(response.error));
    });
    worker.on('error', (error) => this.fail(reader, error));
    worker.on('exit', (code) => {
      this.fail(reader, new Error(`read worker exited with ${code}`));
      if (!this.closed) this.readers[this.readers.indexOf(reader)] = this.start(file);
    });
    return reader;
  }

  private fail(reader: Reader, error: unknown): void {
    for (const pending of reader.pending.values()) pending.reject(error);
    reader.pending.clear();
  }

  private call(request: ReadCall): Promise<unknown> {
    if (this.closed) return Promise.reject(new Error('The read store is closed'));
    const reader = this.readers.reduce((best, r) => (r.pending.size < best.pending.size ? r : best));
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      reader.pending.set(id, { resolve, reject });
      reader.worker.postMessage({ ...request, id } as ReadRequest);
    });
  }
}

function toError(error: { name: string; message: string; code?: number; data?: unknown }): Error {
  if (error.code !== undefined && error.name in { BadRequest: 1, NotFound: 1, Conflict: 1, Unprocessable: 1, Forbidden: 1 }) {
    return new PortalError(error.name as ErrorName, error.message, error.data);
  }
  const result = error.name === 'RangeError' ? new RangeError(error.message) : new Error(error.message);
  result.name = error.name;
  return result;
}
