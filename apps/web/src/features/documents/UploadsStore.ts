import { makeAutoObservable } from 'mobx';
import type { DocumentProgress, FilingCategoryCode } from '@portal/contracts';
import type { Uploader, UploadOutcome } from '../../api/document-upload';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

/** Files sent at the same time; the rest wait their turn. */
export const PARALLEL_UPLOADS = 3;

export type UploadPhase = 'queued' | 'uploading' | 'extracting' | 'done' | 'failed';

/** One file on its way: bytes sent, then the extraction worker's progress until the document is extracted. */
export interface UploadItem {
  key: number;
  fileName: string;
  size: number;
  phase: UploadPhase;
  /** 0..1 of the current phase. */
  fraction: number;
  documentId: number | null;
  /** Worker stage while extracting (DocumentProgress.stage). */
  stage: DocumentProgress['stage'] | null;
  /** While waiting for the reader: its place in the line and the expected wait, as the worker last said. */
  place: { position: number; seconds: number } | null;
  error: { name: string; code: number; message: string } | null;
}

/** Uploads of one documents view: one request per file with its own progress bar, then the worker's progress. */
export class UploadsStore {
  items: UploadItem[] = [];
  private nextKey = 1;
  private queue: Array<{ key: number; file: File; clientNo: number; category: FilingCategoryCode; payroll: boolean }> = [];
  private running = 0;
  /** Progress that arrived before the upload's answer named its document. */
  private readonly early = new Map<number, DocumentProgress>();

  constructor(
    private readonly root: RootStore,
    private readonly uploader: Uploader,
  ) {
    makeAutoObservable<UploadsStore, 'root' | 'uploader' | 'queue' | 'running' | 'nextKey' | 'early'>(
      this,
      { root: false, uploader: false, queue: false, running: false, nextKey: false, early: false },
      { autoBind: true },
    );
  }

  get active(): boolean {
    return this.items.some((i) => i.phase === 'queued' || i.phase === 'uploading' || i.phase === 'extracting');
  }

  /** Queues several files for a client's category (default ER_U). */
  add(files: File[], clientNo: number, category: FilingCategoryCode = 'ER_U', payroll = false): void {
    for (const file of files) {
      const key = this.nextKey++;
      this.items.push({ key, fileName: file.name, size: file.size, phase: 'queued', fraction: 0, documentId: null, stage: null, place: null, error: null });
      this.queue.push({ key, file, clientNo, category, payroll });
    }
    this.pump();
  }

  /** Worker progress pushed as `documents progress`. */
  applyProgress(progress: DocumentProgress): void {
    const item = this.items.find((i) => i.documentId === progress.documentId);
    if (!item) {
      if (this.active) this.early.set(progress.documentId, progress);
      return;
    }
    if (item.phase === 'failed' || item.phase === 'done') return;
    item.stage = progress.stage;
    item.place =
      progress.stage === 'uploaded' && progress.queue_position ? { position: progress.queue_position, seconds: progress.estimate_seconds ?? 0 } : null;
    item.fraction = Math.max(0, Math.min(1, progress.percent / 100));
    if (progress.stage === 'done') item.phase = 'done';
    else if (progress.stage === 'failed') {
      item.phase = 'failed';
      item.error = { name: 'GeneralError', code: 500, message: progress.message ?? 'Error during upload.' };
    } else item.phase = 'extracting';
  }

  /** The document's record says extraction finished (for when the progress event was missed). */
  applyExtraction(documentId: number, extraction: 'pending' | 'done' | 'failed'): void {
    const item = this.items.find((i) => i.documentId === documentId);
    if (!item || item.phase !== 'extracting' || extraction === 'pending') return;
    item.phase = 'done';
    item.fraction = 1;
    item.stage = 'done';
  }

  /** Removes finished and failed items from the list. */
  clearFinished(): void {
    this.items = this.items.filter((i) => i.phase !== 'done' && i.phase !== 'failed');
  }

  private update(key: number, change: Partial<UploadItem>): void {
    const item = this.items.find((i) => i.key === key);
    if (item) Object.assign(item, change);
  }

  private pump(): void {
    while (this.running < PARALLEL_UPLOADS && this.queue.length > 0) {
      const next = this.queue.shift()!;
      this.running++;
      this.update(next.key, { phase: 'uploading' });
      void this.uploader({
        file: next.file,
        clientNo: next.clientNo,
        category: next.category,
        payroll: next.payroll,
        token: this.root.client.storage.get(),
        onProgress: (loaded, total) => act('UploadsStore.progress', () => this.update(next.key, { fraction: total > 0 ? loaded / total : 0 })),
      }).then((outcome) => act('UploadsStore.uploaded', () => this.finish(next.key, outcome)));
    }
  }

  private finish(key: number, outcome: UploadOutcome): void {
    this.running--;
    if (outcome.ok) {
      const item = this.items.find((i) => i.key === key);
      // A progress event may have arrived before the answer.
      if (item && item.phase === 'uploading') Object.assign(item, { phase: 'extracting', fraction: 0.1, documentId: outcome.documentId, stage: 'uploaded' });
      const early = this.early.get(outcome.documentId);
      this.early.delete(outcome.documentId);
      if (early) this.applyProgress(early);
    } else {
      this.update(key, { phase: 'failed', error: outcome.error });
    }
    this.pump();
  }
}
