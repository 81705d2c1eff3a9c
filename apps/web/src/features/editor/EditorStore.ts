import { makeAutoObservable, observable } from 'mobx';
import type { EditorAction, EditorDocumentRecord, FilingCategoryCode, PageSource } from '@portal/contracts';
import { SERVICES } from '@portal/contracts';
import type { InboxUploader } from '../../api/editor-files';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import { Subscriptions } from '../../stores/live/Subscriptions';
import type { RootStore } from '../../stores/RootStore';
import { clickSelection, isIdentity, moved, partsOf, positionsAfter, removed, rotated, type Arrangement } from './page-arrangement';
import { PageFiles } from './PageFiles';

export type EditorRoot = Pick<RootStore, 'client'>;

/** What a failed action is reported as (with its own text where one exists). */
export type ActionKind = 'arrange' | 'split' | 'merge' | 'addPages' | 'renameDocument' | 'move' | 'completeDocument' | 'discard' | 'undo';

/**
 * One item in the document editor: its pages (live), the selection (click, Shift/Ctrl+click, keyboard),
 * the focused page of the large preview, split markers, and the editor actions with undo of this
 * session's edits (newest first, while nobody else changed the item).
 */
export class EditorStore {
  record: EditorDocumentRecord | null = null;
  loading = false;
  error: FeathersError | null = null;
  readonly selected = observable.set<number>();
  anchor: number | null = null;
  focused = 0;
  /** Split markers: a new document starts after these positions. */
  readonly cuts = observable.set<number>();
  busy: ActionKind | null = null;
  failure: { kind: ActionKind; error: FeathersError } | null = null;
  /** Revisions of this session's edits that can be undone, oldest first. */
  undoStack: number[] = [];
  files: PageFiles | null = null;
  /** An action asked for while another was being sent: it follows once that one has succeeded. */
  queued: ActionKind | null = null;
  /** The action being sent (with those waiting behind it), to chain the next one to. */
  private inFlight: Promise<boolean> | null = null;
  private readonly subscriptions: Subscriptions;

  constructor(private readonly root: EditorRoot) {
    this.subscriptions = new Subscriptions(root.client, 'EditorStore');
    makeAutoObservable<EditorStore, 'root' | 'subscriptions' | 'inFlight'>(
      this,
      { root: false, subscriptions: false, inFlight: false, files: false, selected: false, cuts: false },
      { autoBind: true },
    );
  }

  private get service() {
    return this.root.client.service<EditorDocumentRecord>(SERVICES.editorDocument);
  }

  get pages() {
    return this.record?.pages ?? [];
  }

  /** Still in the inbox: its pages can change. */
  get editable(): boolean {
    return this.record?.status === 'inbox';
  }

  get selection(): number[] {
    return [...this.selected].sort((a, b) => a - b);
  }

  get canUndo(): boolean {
    const top = this.undoStack[this.undoStack.length - 1];
    const status = this.record?.status;
    return top !== undefined && (status === 'inbox' || status === 'split') && this.record?.undo_revisions.at(-1) === top;
  }

  get splitParts(): number[][] {
    return partsOf(this.pages.length, this.cuts);
  }

  async open(id: number): Promise<void> {
    this.dispose();
    this.loading = true;
    this.error = null;
    this.files = new PageFiles(id, () => this.root.client.storage.get());
    const pushed = (record: EditorDocumentRecord) => {
      if (record.id === id) this.applyRecord(record);
    };
    this.subscriptions.on(SERVICES.editorDocument, { patched: pushed, updated: pushed });
    try {
      const record = await this.service.get(id);
      act('EditorStore.loaded', () => {
        this.applyRecord(record);
        this.loading = false;
      });
    } catch (e) {
      act('EditorStore.loadFailed', () => {
        this.error = toFeathersError(e);
        this.loading = false;
      });
    }
  }

  applyRecord(record: EditorDocumentRecord): void {
    if (this.record && record.revision < this.record.revision) return;
    const pageCountChanged = this.record?.page_count !== record.page_count;
    this.record = record;
    if (pageCountChanged) {
      this.selected.clear();
      this.cuts.clear();
      this.anchor = null;
    }
    this.focused = Math.min(this.focused, Math.max(0, record.page_count - 1));
    // Edits recorded by someone else end this session's undo history.
    this.undoStack = this.undoStack.filter((r) => record.undo_revisions.includes(r));
  }

  click(index: number, modifiers: { shift: boolean; toggle: boolean }): void {
    const next = clickSelection(this.selected, this.anchor, index, modifiers);
    this.selected.replace(next);
    if (!modifiers.shift) this.anchor = index;
    this.focused = index;
  }

  focus(index: number, extend = false): void {
    if (this.pages.length === 0) return;
    const target = Math.max(0, Math.min(this.pages.length - 1, index));
    if (extend) this.selected.replace(clickSelection(this.selected, this.anchor ?? this.focused, target, { shift: true, toggle: false }));
    this.focused = target;
  }

  toggle(index: number): void {
    if (this.selected.has(index)) this.selected.delete(index);
    else this.selected.add(index);
    this.anchor = index;
  }

  selectAll(): void {
    this.selected.replace(this.pages.map((_, i) => i));
  }

  toggleCut(after: number): void {
    if (this.cuts.has(after)) this.cuts.delete(after);
    else this.cuts.add(after);
  }

  /** The pages an action applies to: the selection, else the focused page. */
  private get targets(): Set<number> {
    return this.selected.size ? new Set(this.selected) : new Set(this.pages.length ? [this.focused] : []);
  }

  async rotate(by: 90 | -90 | 180): Promise<void> {
    await this.arrange(rotated(this.pages, this.targets, by));
  }

  async removePages(): Promise<void> {
    const arrangement = removed(this.pages, this.targets);
    if (!arrangement) {
      this.failure = { kind: 'arrange', error: toFeathersError({ name: 'Unprocessable', code: 422, message: 'pages must be selected' }) };
      return;
    }
    await this.arrange(arrangement);
    this.selected.clear();
  }

  /** Moves the selected pages (or the focused one) before the page at `before`. */
  async moveTo(before: number, pages?: ReadonlySet<number>): Promise<void> {
    const moving = pages ?? this.targets;
    const arrangement = moved(this.pages, moving, before);
    if (await this.arrange(arrangement)) {
      const landed = positionsAfter(arrangement, moving);
      act('EditorStore.moved', () => {
        this.selected.replace(landed);
        this.focused = landed[0] ?? this.focused;
      });
    }
  }

  /** Alt+Left / Alt+Right: the selection one place earlier or later. */
  nudge(direction: -1 | 1): Promise<void> {
    const targets = this.targets;
    const sorted = [...targets].sort((a, b) => a - b);
    if (sorted.length === 0) return Promise.resolve();
    const before = direction < 0 ? sorted[0]! - 1 : sorted[sorted.length - 1]! + 2;
    if (before < 0 || before > this.pages.length) return Promise.resolve();
    return this.moveTo(before, targets);
  }

  private async arrange(arrangement: Arrangement): Promise<boolean> {
    if (isIdentity(this.pages, arrangement)) return false;
    return this.run('arrange', { action: 'arrange', pages: arrangement });
  }

  /** Splits at the markers into several drafts (or takes the selection out as one new draft). */
  async split(): Promise<boolean> {
    const parts = this.cuts.size ? this.splitParts : this.selected.size ? [this.selection] : [];
    if (parts.length === 0 || parts.every((p) => p.length === 0)) {
      this.failure = { kind: 'split', error: toFeathersError({ name: 'Unprocessable', code: 422, message: 'pages must be selected' }) };
      return false;
    }
    return this.run('split', { action: 'split', parts: parts.map((positions) => ({ positions })) });
  }

  rename(title: string): Promise<boolean> {
    return this.run('renameDocument', { action: 'renameDocument', title });
  }

  move(changes: { client_no?: number; category?: FilingCategoryCode }): Promise<boolean> {
    return this.run('move', { action: 'move', ...changes });
  }

  merge(items: number[]): Promise<boolean> {
    return this.run('merge', { action: 'merge', items });
  }

  addPages(sourceKind: PageSource['kind'], sourceId: number, at?: number): Promise<boolean> {
    return this.run('addPages', { action: 'addPages', sourceKind, sourceId, ...(at === undefined ? {} : { at }) });
  }

  /** "Add pages" from a new file: uploaded to the client's inbox, then merged in; a refused upload is reported like a failed action. */
  async addUpload(file: File, upload: InboxUploader): Promise<boolean> {
    const record = this.record;
    if (!record || this.busy) return false;
    this.busy = 'addPages';
    this.failure = null;
    const outcome = await upload({ file, clientNo: record.client_no, token: this.root.client.storage.get(), onProgress: () => undefined }).catch(
      (e: unknown) => ({ ok: false as const, error: toFeathersError(e) }),
    );
    act('EditorStore.uploaded', () => {
      this.busy = null;
      if (!outcome.ok) this.failure = { kind: 'addPages', error: toFeathersError(outcome.error) };
    });
    return outcome.ok ? this.merge([outcome.editorDocumentId]) : false;
  }

  complete(): Promise<boolean> {
    return this.run('completeDocument', { action: 'completeDocument' });
  }

  discard(): Promise<boolean> {
    return this.run('discard', { action: 'discard' });
  }

  async undo(): Promise<boolean> {
    const revision = this.undoStack[this.undoStack.length - 1];
    if (revision === undefined) return false;
    const done = await this.run('undo', { action: 'undo', revision });
    if (done) act('EditorStore.undone', () => (this.undoStack = this.undoStack.filter((r) => r !== revision)));
    return done;
  }

  clearFailure(): void {
    this.failure = null;
  }

  /**
   * Sends one action, or, while another is being sent, after it: leaving the name field renames, and the
   * click on Complete that left it must complete the renamed document, not be dropped. A queued action is
   * not sent when the one before it failed (its failure is shown); the same action twice (a double click) is sent once.
   */
  private async run(kind: ActionKind, data: EditorAction): Promise<boolean> {
    const before = this.inFlight;
    if (before && (this.busy === kind || this.queued === kind)) return false;
    if (before) this.queued = kind;
    const sent = before
      ? before.then((ok) => {
          act('EditorStore.dequeued', () => (this.queued = null));
          return ok ? this.send(kind, data) : false;
        })
      : this.send(kind, data);
    this.inFlight = sent;
    const ok = await sent;
    if (this.inFlight === sent) this.inFlight = null;
    return ok;
  }

  /** Sends one action with the revision this view shows (a change by someone else meanwhile is a Conflict). */
  private async send(kind: ActionKind, data: EditorAction): Promise<boolean> {
    const record = this.record;
    if (!record) return false;
    this.busy = kind;
    this.failure = null;
    try {
      const next = await this.service.patch(record.id, data, { revision: record.revision });
      act('EditorStore.done', () => {
        this.applyRecord(next);
        const undoable = kind !== 'undo' && next.undo_revisions.at(-1) === next.revision && next.revision !== record.revision;
        if (undoable) this.undoStack = [...this.undoStack, next.revision];
        if (kind === 'split') this.cuts.clear();
        this.busy = null;
      });
      return true;
    } catch (e) {
      act('EditorStore.failed', () => {
        this.failure = { kind, error: toFeathersError(e) };
        this.busy = null;
      });
      return false;
    }
  }

  dispose(): void {
    this.subscriptions.stop();
    this.files?.dispose();
    this.files = null;
  }
}
