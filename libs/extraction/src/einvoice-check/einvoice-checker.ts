import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type { EInvoiceTerms } from '@portal/contracts';
import type { EInvoiceAttachmentContent } from '../einvoice/attachment-content';
import type { EInvoiceCheck } from './check-einvoice-file';
import { runEInvoiceTask, type EInvoiceTask } from './einvoice-task';

const WORKER_FILE = join(__dirname, 'einvoice-check.worker.js');

type Pending = { resolve(result: unknown): void; reject(error: Error): void; timer: NodeJS.Timeout };

export interface EInvoiceCheckerOptions {
  /** Per file; a check that takes longer stops the thread (default 30 s). */
  timeoutMs?: number;
  /** Heap limit of the thread (default 256 MB). */
  maxHeapMb?: number;
  workerFile?: string;
}

/**
 * Runs the e-invoice tasks (checkEInvoiceFile, reading terms, taking out attachments) in a worker thread, so parsing and the rules never hold up the event loop (uploads,
 * socket pushes, health checks). One thread, started on first use and reused; a thread that dies or runs past
 * the time limit fails its checks and is started again for the next. Where the compiled thread file is absent
 * (TypeScript run directly, as in unit tests) the check runs inline.
 */
export class EInvoiceChecker {
  private worker: Worker | null = null;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private readonly timeoutMs: number;
  private readonly maxHeapMb: number;
  private readonly workerFile: string;

  constructor(options: EInvoiceCheckerOptions = {}) {
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxHeapMb = options.maxHeapMb ?? 256;
    this.workerFile = options.workerFile ?? WORKER_FILE;
  }

  /** True when checks run in a thread (the compiled build). */
  get threaded(): boolean {
    return existsSync(this.workerFile);
  }

  /** The rules' verdict on a file (an XML e-invoice, or a PDF with one embedded). */
  check(bytes: Uint8Array): Promise<EInvoiceCheck> {
    return this.run(bytes, { kind: 'check' }) as Promise<EInvoiceCheck>;
  }

  /** The business terms of a file's e-invoice as the extraction reads them now (null: the file holds none). */
  terms(bytes: Uint8Array): Promise<EInvoiceTerms | null> {
    return this.run(bytes, { kind: 'terms' }) as Promise<EInvoiceTerms | null>;
  }

  /** The file a file's e-invoice embeds as its `index`-th attachment, 0-based (null: no such embedded file). */
  attachment(bytes: Uint8Array, index: number): Promise<EInvoiceAttachmentContent | null> {
    return this.run(bytes, { kind: 'attachment', index }) as Promise<EInvoiceAttachmentContent | null>;
  }

  private run(bytes: Uint8Array, task: EInvoiceTask): Promise<unknown> {
    if (!this.threaded) return runEInvoiceTask(bytes, task);
    const worker = this.start();
    const id = this.nextId++;
    return new Promise<unknown>((resolve, reject) => {
      const timer = setTimeout(() => this.fail(new Error(`The e-invoice check took longer than ${Math.round(this.timeoutMs / 1000)} s.`)), this.timeoutMs);
      this.pending.set(id, { resolve, reject, timer });
      worker.postMessage({ id, bytes: new Uint8Array(bytes), task });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.rejectAll(new Error('The e-invoice checker stopped.'));
    await worker?.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(this.workerFile, { resourceLimits: { maxOldGenerationSizeMb: this.maxHeapMb } });
    worker.unref();
    worker.on('message', (reply: { id: number; result?: unknown; error?: string }) => {
      const pending = this.pending.get(reply.id);
      if (!pending) return;
      this.pending.delete(reply.id);
      clearTimeout(pending.timer);
      if (reply.error === undefined) pending.resolve(reply.result ?? null);
      else pending.reject(new Error(reply.error ?? 'The e-invoice check failed.'));
    });
    worker.on('error', (error) => this.fail(error));
    worker.on('exit', () => {
      if (this.worker === worker) this.fail(new Error('The e-invoice check stopped.'));
    });
    this.worker = worker;
    return worker;
  }

  /** The thread is gone or stuck: its checks fail, the next check starts a new one. */
  private fail(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    this.rejectAll(error);
    void worker?.terminate();
  }

  private rejectAll(error: Error): void {
    for (const pending of this.pending.values()) {
      clearTimeout(pending.timer);
      pending.reject(error);
    }
    this.pending.clear();
  }
}
