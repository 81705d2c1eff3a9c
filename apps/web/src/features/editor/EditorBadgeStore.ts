import { makeAutoObservable, reaction } from 'mobx';
import type { EditorDocumentRecord, Paginated } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { Reloader } from '../../stores/live/Reloader';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';

/** Pushed changes arriving together are counted once. */
const RECOUNT_DELAY_MS = 250;

/**
 * The document editor's badge: the selected client's unprocessed inbox items of the document editor, fetched only
 * with ded as `find editor-document { is_processed_documents_accumulator: null }` (a count), and counted
 * again whenever an item of the client is pushed.
 */
export class EditorBadgeStore {
  count = 0;
  private readonly subscriptions: Subscriptions;
  private readonly latest = new LatestRequest();
  private readonly recount = new Reloader(() => this.load(), RECOUNT_DELAY_MS);

  constructor(private readonly root: Pick<RootStore, 'client' | 'session' | 'company'>) {
    this.subscriptions = new Subscriptions(root.client, 'EditorBadgeStore');
    makeAutoObservable<EditorBadgeStore, 'root' | 'subscriptions' | 'latest' | 'recount'>(
      this,
      { root: false, subscriptions: false, latest: false, recount: false },
      { autoBind: true },
    );
  }

  get enabled(): boolean {
    return this.root.session.has('ded');
  }

  start(): void {
    if (this.subscriptions.active) return;
    const pushed = (record: EditorDocumentRecord) => {
      if (record.client_no === this.root.company.client || this.count > 0) this.recount.soon();
    };
    this.subscriptions
      .add(
        reaction(
          () => [this.root.company.client, this.enabled] as const,
          () => void this.load(),
          { fireImmediately: true },
        ),
      )
      .on<EditorDocumentRecord>(SERVICES.editorDocument, { created: pushed, patched: pushed, removed: pushed })
      .onReconnect(() => this.recount.soon())
      .add(() => this.recount.stop());
  }

  stop(): void {
    this.subscriptions.stop();
  }

  async load(): Promise<void> {
    const client = this.root.company.client;
    const isNewest = this.latest.next();
    if (!this.enabled || client === null) {
      this.count = 0;
      return;
    }
    try {
      const page = (await this.root.client
        .service<EditorDocumentRecord>(SERVICES.editorDocument)
        .find({ client_no: client, is_processed_documents_accumulator: null, $select: ['id'], $limit: 0 })) as Paginated<EditorDocumentRecord>;
      if (isNewest()) act('EditorBadgeStore.counted', () => (this.count = page.total));
    } catch (e) {
      console.warn('Counting the document editor inbox failed', e);
    }
  }
}
