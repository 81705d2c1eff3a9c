import { makeAutoObservable } from 'mobx';
import type { AuditEntry, DocumentAsOf, DocumentDiff, DocumentHistory, DocumentRecord } from '@portal/contracts';
import { AUDIT_EVENT_KINDS } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import type { FeathersClient } from '../../api/feathers-client';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { Subscriptions } from '../../stores/live/Subscriptions';

const HISTORY = 'document-history';

/**
 * The audit timeline of one document (document-history): every event with its changes, a filter by
 * kind, the hash chain's verdict, the document as of any event and the diff between two points.
 * Reloads when the document is patched, so the timeline grows live.
 */
export class DocumentHistoryStore {
  history: DocumentHistory | null = null;
  loading = false;
  error: FeathersError | null = null;
  /** Kinds shown; empty shows every kind. */
  kinds: string[] = [];
  asOf: DocumentAsOf | null = null;
  asOfLoading: number | null = null;
  diff: DocumentDiff | null = null;
  diffRange: { from: number; to: number } | null = null;
  private readonly latest = new LatestRequest();
  private readonly subscriptions: Subscriptions;

  constructor(
    private readonly transport: FeathersClient,
    readonly documentId: number,
  ) {
    this.subscriptions = new Subscriptions(transport, 'DocumentHistoryStore');
    makeAutoObservable<DocumentHistoryStore, 'transport' | 'latest' | 'subscriptions'>(
      this,
      { transport: false, latest: false, subscriptions: false, documentId: false },
      { autoBind: true },
    );
  }

  /** Every kind the filter offers: the known ones and any other found in this stream. */
  get availableKinds(): string[] {
    const found = this.history?.entries.map((e) => e.kind) ?? [];
    return [...new Set<string>([...AUDIT_EVENT_KINDS.filter((k) => found.includes(k)), ...found])];
  }

  get entries(): AuditEntry[] {
    const all = this.history?.entries ?? [];
    return this.kinds.length ? all.filter((e) => this.kinds.includes(e.kind)) : all;
  }

  /** The names of the users this history resolved (its events' authors), by id: how user fields read in the timeline. */
  get userNames(): ReadonlyMap<string, string> {
    const names = new Map<string, string>();
    for (const { user } of this.history?.entries ?? []) {
      const name = user.name ?? user.username;
      if (name) names.set(user.id, name);
    }
    return names;
  }

  get intact(): boolean | null {
    return this.history ? this.history.chain.intact : null;
  }

  toggleKind(kind: string): void {
    this.kinds = this.kinds.includes(kind) ? this.kinds.filter((k) => k !== kind) : [...this.kinds, kind];
  }

  clearKinds(): void {
    this.kinds = [];
  }

  async load(): Promise<void> {
    const isNewest = this.latest.next();
    this.loading = true;
    try {
      const history = await this.transport.service(HISTORY).findResult<DocumentHistory>({ documentId: this.documentId });
      if (!isNewest()) return;
      act('DocumentHistoryStore.loaded', () => {
        this.history = history;
        this.loading = false;
        this.error = null;
      });
    } catch (e) {
      if (!isNewest()) return;
      act('DocumentHistoryStore.loadFailed', () => {
        this.loading = false;
        this.error = toFeathersError(e);
      });
    }
  }

  /** The document's fields and flags as they stood after the event of `revision`. */
  async showAsOf(revision: number): Promise<void> {
    this.asOfLoading = revision;
    try {
      const asOf = await this.transport.service<DocumentAsOf>(HISTORY).get(this.documentId, { asOf: revision });
      act('DocumentHistoryStore.asOf', () => {
        if (this.asOfLoading === revision) this.asOfLoading = null;
        this.asOf = asOf;
      });
    } catch (e) {
      act('DocumentHistoryStore.asOfFailed', () => {
        this.asOfLoading = null;
        this.error = toFeathersError(e);
      });
    }
  }

  closeAsOf(): void {
    this.asOf = null;
  }

  /** What changed from after `from` to after `to`. */
  async compare(from: number, to: number): Promise<void> {
    const range = { from: Math.min(from, to), to: Math.max(from, to) };
    this.diffRange = range;
    try {
      const diff = await this.transport.service(HISTORY).findResult<DocumentDiff>({ documentId: this.documentId, ...range });
      act('DocumentHistoryStore.diff', () => {
        if (this.diffRange?.from === range.from && this.diffRange.to === range.to) this.diff = diff;
      });
    } catch (e) {
      act('DocumentHistoryStore.diffFailed', () => (this.error = toFeathersError(e)));
    }
  }

  closeDiff(): void {
    this.diff = null;
    this.diffRange = null;
  }

  /** Reload when the document changes (its stream has a new event). */
  subscribe(): () => void {
    if (!this.subscriptions.active) {
      this.subscriptions
        .on<DocumentRecord>('documents', {
          patched: (doc) => {
            if (doc.id === this.documentId && (!this.history || doc.revision > this.history.revision)) void this.load();
          },
        })
        .onReconnect(() => void this.load());
    }
    return this.dispose;
  }

  dispose(): void {
    this.subscriptions.stop();
  }
}
