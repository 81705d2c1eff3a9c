import { makeAutoObservable } from 'mobx';
import type { DocumentRecord } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

/** The single document view: one record with its extracted text, kept live by pushed patches. */
export class DocumentStore {
  documentId: number | null = null;
  record: DocumentRecord | null = null;
  loading = false;
  error: FeathersError | null = null;
  private readonly latest = new LatestRequest();
  private readonly subscriptions: Subscriptions;

  constructor(private readonly root: RootStore) {
    this.subscriptions = new Subscriptions(root.client, 'DocumentStore');
    makeAutoObservable<DocumentStore, 'root' | 'latest' | 'subscriptions'>(this, { root: false, latest: false, subscriptions: false }, { autoBind: true });
  }

  /** Not found and no access look the same ("document does not exist or access denied"). */
  get notFound(): boolean {
    return this.error !== null && (this.error.code === 404 || this.error.code === 403 || this.error.code === 400);
  }

  async load(documentId: number): Promise<void> {
    this.subscribe();
    const isNewest = this.latest.next();
    this.documentId = documentId;
    this.loading = true;
    this.error = null;
    this.record = null;
    try {
      const record = await this.service().get(documentId);
      act('DocumentStore.loaded', () => {
        if (!isNewest()) return;
        this.record = record;
        this.loading = false;
      });
    } catch (e) {
      act('DocumentStore.loadFailed', () => {
        if (!isNewest()) return;
        this.error = e as FeathersError;
        this.loading = false;
      });
    }
  }

  /** A pushed change of this document; the list push carries no text, so the text is kept. */
  applyUpserted(doc: DocumentRecord): void {
    if (!this.record || doc.id !== this.record.id || doc.revision < this.record.revision) return;
    const textChanged = doc.text_sha256 !== this.record.text_sha256;
    this.record = { ...this.record, ...doc, text: doc.text ?? this.record.text };
    if (textChanged && doc.text === undefined) void this.refreshText(doc.id);
  }

  private async refreshText(id: number): Promise<void> {
    const fresh = await this.service()
      .get(id)
      .catch(() => null);
    if (fresh) act('DocumentStore.textRefreshed', () => this.applyUpserted(fresh));
  }

  applyRemoved(doc: Pick<DocumentRecord, 'id'>): void {
    if (this.record?.id === doc.id) this.record = { ...this.record, deleted: true };
  }

  private service() {
    return this.root.client.service<DocumentRecord>('documents');
  }

  private subscribe(): void {
    if (this.subscriptions.active) return;
    this.subscriptions.on<DocumentRecord>('documents', { patched: this.applyUpserted, updated: this.applyUpserted, removed: this.applyRemoved });
  }

  dispose(): void {
    this.subscriptions.stop();
    this.latest.cancel();
  }
}
