import { makeAutoObservable, observable } from 'mobx';
import type { EditorDocumentRecord } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { InboxUploader } from '../../api/editor-files';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LiveList } from '../../stores/live/LiveList';
import type { RootStore } from '../../stores/RootStore';

/** Items shown per list (the inbox of a client rarely holds more; the service allows 500). */
export const INBOX_LIMIT = 500;
export const PROCESSED_LIMIT = 50;

export interface InboxUpload {
  key: number;
  fileName: string;
  phase: 'uploading' | 'done' | 'failed';
  fraction: number;
  itemId: number | null;
  /** The server's refusal (name, code, message), shown through the one error-text catalogue. */
  error: { name: string; code: number; message: string } | null;
}

export type InboxRoot = Pick<RootStore, 'client'>;

const newestFirst = (a: EditorDocumentRecord, b: EditorDocumentRecord) =>
  a.received_at < b.received_at ? 1 : a.received_at > b.received_at ? -1 : b.id - a.id;
const recentFirst = (a: EditorDocumentRecord, b: EditorDocumentRecord) => (a.updated_at < b.updated_at ? 1 : a.updated_at > b.updated_at ? -1 : b.id - a.id);

/**
 * The document editor's inbox of one client (the accumulator): waiting items newest first and the
 * recently processed ones, live through pushed `editor-document` events (an item moves from one list to the
 * other, and leaves both when it moves to another client); upload to the inbox; merge of selected items.
 */
export class EditorInboxStore {
  client: number | null = null;
  readonly waiting: LiveList<EditorDocumentRecord>;
  readonly processed: LiveList<EditorDocumentRecord>;
  readonly selected = observable.set<number>();
  uploads: InboxUpload[] = [];
  busy = false;
  failure: FeathersError | null = null;
  private nextKey = 1;
  private stop: (() => void) | null = null;

  constructor(
    private readonly root: InboxRoot,
    private readonly uploader: InboxUploader,
  ) {
    const ofClient = (record: EditorDocumentRecord) => record.client_no === this.client;
    // An item leaving the waiting list (processed, moved to another client) leaves the selection.
    const pushed = (record: EditorDocumentRecord) => {
      if (!this.waiting.get(record.id)) this.selected.delete(record.id);
    };
    this.waiting = new LiveList({
      name: 'EditorInboxStore.waiting',
      client: root.client,
      path: SERVICES.editorDocument,
      query: () =>
        this.client === null ? null : { client_no: this.client, is_processed_documents_accumulator: null, $sort: { received_at: -1 }, $limit: INBOX_LIMIT },
      order: newestFirst,
      belongs: (record) => ofClient(record) && record.is_processed_documents_accumulator === null,
      pushed,
    });
    this.processed = new LiveList({
      name: 'EditorInboxStore.processed',
      client: root.client,
      path: SERVICES.editorDocument,
      query: () =>
        this.client === null
          ? null
          : { client_no: this.client, status: { $in: ['split', 'merged', 'completed', 'discarded'] }, $sort: { updated_at: -1 }, $limit: PROCESSED_LIMIT },
      order: recentFirst,
      keep: PROCESSED_LIMIT,
      belongs: (record) => ofClient(record) && record.is_processed_documents_accumulator !== null,
    });
    makeAutoObservable<EditorInboxStore, 'root' | 'uploader' | 'nextKey' | 'stop'>(
      this,
      { root: false, uploader: false, nextKey: false, stop: false, selected: false, waiting: false, processed: false },
      { autoBind: true },
    );
  }

  private get service() {
    return this.root.client.service<EditorDocumentRecord>(SERVICES.editorDocument);
  }

  get loading(): boolean {
    return this.waiting.loading || this.processed.loading;
  }

  get error(): FeathersError | null {
    return this.waiting.error ?? this.processed.error;
  }

  get selectedItems(): EditorDocumentRecord[] {
    return this.waiting.items.filter((i) => this.selected.has(i.id));
  }

  async open(client: number): Promise<void> {
    this.client = client;
    this.selected.clear();
    if (!this.stop) {
      const stops = [this.waiting.subscribe(), this.processed.subscribe()];
      this.stop = () => stops.forEach((stop) => stop());
    }
    await Promise.all([this.waiting.load(), this.processed.load()]);
  }

  toggle(id: number): void {
    if (this.selected.has(id)) this.selected.delete(id);
    else this.selected.add(id);
  }

  /** The selected items become one: the others' pages follow the oldest one's (spec: merge). */
  async mergeSelected(): Promise<number | null> {
    const items = [...this.selectedItems].sort((a, b) => -newestFirst(a, b));
    if (items.length < 2 || this.busy) return null;
    const [into, ...rest] = items;
    this.busy = true;
    this.failure = null;
    try {
      await this.service.patch(into!.id, { action: 'merge', items: rest.map((i) => i.id) }, { revision: into!.revision });
      act('EditorInboxStore.merged', () => {
        this.selected.clear();
        this.busy = false;
      });
      return into!.id;
    } catch (e) {
      act('EditorInboxStore.mergeFailed', () => ((this.failure = toFeathersError(e)), (this.busy = false)));
      return null;
    }
  }

  /** "Upload to document editor": one request per file, in turn, each with its progress. */
  async upload(files: File[]): Promise<void> {
    const client = this.client;
    if (client === null) return;
    const queued = files.map((file) => ({
      file,
      item: { key: this.nextKey++, fileName: file.name, phase: 'uploading' as const, fraction: 0, itemId: null, error: null },
    }));
    this.uploads = [...this.uploads, ...queued.map((q) => q.item)];
    for (const { file, item } of queued) {
      const outcome = await this.uploader({
        file,
        clientNo: client,
        token: this.root.client.storage.get(),
        onProgress: (loaded, total) => this.updateUpload(item.key, { fraction: total ? loaded / total : 0 }),
      });
      this.updateUpload(item.key, outcome.ok ? { phase: 'done', fraction: 1, itemId: outcome.editorDocumentId } : { phase: 'failed', error: outcome.error });
    }
  }

  clearUploads(): void {
    this.uploads = this.uploads.filter((u) => u.phase === 'uploading');
  }

  private updateUpload(key: number, changes: Partial<InboxUpload>): void {
    this.uploads = this.uploads.map((u) => (u.key === key ? { ...u, ...changes } : u));
  }

  dispose(): void {
    this.stop?.();
    this.stop = null;
  }
}
