import { makeAutoObservable } from 'mobx';
import type { DocumentRecord } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

/** The single document view: one record with its extracted text, kept live by pushed patches. */
export class DocumentStore {
  documentId: number | null = null;
  record: DocumentRecord | null = null;
  loading = false;
  error: FeathersError | null = null;
  private ticket = 0;
  private unsubscribe: Array<() => void> = [];

  constructor(private readonly root: RootStore) {
    makeAutoObservable<DocumentStore, 'root' | 'ticket' | 'unsubscribe'>(this, { root: false, ticket: false, unsubscribe: false }, { autoBind: true });
  }

  /** Not found and no access look the same (spec 8: "document does not exist or access denied"). */
  get notFound(): boolean {
    return this.error !== null && (this.error.code === 404 || this.error.code === 403 || this.error.code === 400);
  }

  async load(documentId: number): Promise<void> {
    this.subscribe();
    const ticket = ++this.ticket;
    this.documentId = documentId;
    this.loading = true;
    this.error = null;
    this.record = null;
    try {
      const record = await this.service().get(documentId);
      act('DocumentStore.loaded', () => {
        if (ticket !== this.ticket) return;
        this.record = record;
        this.loading = false;
      });
    } catch (e) {
      act('DocumentStore.loadFailed', () => {
        if (ticket !== this.ticket) return;
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
    const fresh = await this.service().get(id).catch(() => null);
    if (fresh) act('DocumentStore.textRefreshed', () => this.applyUpserted(fresh));
  }

  applyRemoved(doc: Pick<DocumentRecord, 'id'>): void {
    if (this.record?.id === doc.id) this.record = { ...this.record, deleted: true };
  }

  private service() {
    return this.root.client.service<DocumentRecord>('documents');
  }

  private subscribe(): void {
    if (this.unsubscribe.length) return;
    const service = this.service();
    const upsert = (doc: DocumentRecord) => act('DocumentStore.applyPushed', () => this.applyUpserted(doc));
    this.unsubscribe = [service.on('patched', upsert), service.on('updated', upsert), service.on('removed', (d) => act('DocumentStore.applyRemoved', () => this.applyRemoved(d)))];
  }

  dispose(): void {
    this.unsubscribe.forEach((u) => u());
    this.unsubscribe = [];
    this.ticket++;
  }
}
