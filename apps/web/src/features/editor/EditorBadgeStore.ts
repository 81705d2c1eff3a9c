import { makeAutoObservable, reaction } from 'mobx';
import type { EditorDocumentRecord, Paginated } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';

/** Pushed changes arriving together are counted once. */
const RECOUNT_DELAY_MS = 250;

/**
 * The documents badge (spec 6/7): the selected client's unprocessed inbox items of the document editor,
 * fetched only with ded as `find editor-document { is_processed_documents_accumulator: null }` (a count),
 * and counted again whenever an item of the client is pushed.
 */
export class EditorBadgeStore {
  count = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private stops: Array<() => void> = [];
  private ticket = 0;

  constructor(private readonly root: Pick<RootStore, 'client' | 'session' | 'company'>) {
    makeAutoObservable<EditorBadgeStore, 'root' | 'timer' | 'stops' | 'ticket'>(this, { root: false, timer: false, stops: false, ticket: false }, { autoBind: true });
  }

  get enabled(): boolean {
    return this.root.session.has('ded');
  }

  start(): void {
    if (this.stops.length) return;
    const service = this.root.client.service<EditorDocumentRecord>(SERVICES.editorDocument);
    const pushed = (record: EditorDocumentRecord) => {
      if (record.client_no === this.root.company.client || this.count > 0) this.schedule();
    };
    this.stops = [
      reaction(() => [this.root.company.client, this.enabled] as const, () => void this.load(), { fireImmediately: true }),
      service.on('created', pushed),
      service.on('patched', pushed),
      service.on('removed', pushed),
      this.root.client.on('reauthenticated', this.schedule),
    ];
  }

  stop(): void {
    this.stops.forEach((s) => s());
    this.stops = [];
    if (this.timer) clearTimeout(this.timer);
  }

  async load(): Promise<void> {
    const client = this.root.company.client;
    const ticket = ++this.ticket;
    if (!this.enabled || client === null) {
      this.count = 0;
      return;
    }
    try {
      const page = (await this.root.client
        .service<EditorDocumentRecord>(SERVICES.editorDocument)
        .find({ client_no: client, is_processed_documents_accumulator: null, $select: ['id'], $limit: 0 })) as Paginated<EditorDocumentRecord>;
      if (ticket === this.ticket) act('EditorBadgeStore.counted', () => (this.count = page.total));
    } catch (e) {
      console.warn('Counting the document editor inbox failed', e);
    }
  }

  private schedule(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.load(), RECOUNT_DELAY_MS);
  }
}
