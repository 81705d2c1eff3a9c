import { makeAutoObservable } from 'mobx';
import { LABEL_FIELDS, readLabelValue, type DocumentRecord, type LabelBox, type LabelField, type LabelValue, type PageWords } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { feathersError, toFeathersError } from '../../api/errors';
import { act } from '../../stores/act';
import type { RootStore } from '../../stores/RootStore';
import { boxAround, wordsUnder } from './words-under';

export interface LabelDraft {
  box: LabelBox;
  /** The words under the box, as read. */
  text: string;
  field: LabelField | null;
  /** What the user will save (read from the words, then corrected by hand). */
  value: string;
}

const AMOUNT_FIELDS: readonly LabelField[] = ['net_amount', 'tax_amount', 'gross_amount', 'tax_rate'];

/** The labeling tool of one document (lab): the page words, the box being drawn, saving and undoing labels. */
export class LabelStore {
  active = false;
  words: PageWords[] | null = null;
  wordsError: FeathersError | null = null;
  draft: LabelDraft | null = null;
  saving = false;
  /** A label or its undo is on its way: the document's pushed change is this user's own. */
  changing = false;
  error: FeathersError | null = null;
  private documentId: number | null = null;

  constructor(private readonly root: RootStore) {
    makeAutoObservable<LabelStore, 'root' | 'documentId'>(this, { root: false, documentId: false }, { autoBind: true });
  }

  get hasWords(): boolean {
    return (this.words ?? []).some((p) => p.words.length > 0);
  }

  /** Label mode on or off; the words are fetched the first time. */
  toggle(documentId: number): void {
    this.active = !this.active;
    this.draft = null;
    this.error = null;
    if (this.active && (this.documentId !== documentId || !this.words)) void this.loadWords(documentId);
  }

  /** Another document is open: label mode ends and its words are forgotten. */
  reset(): void {
    this.active = false;
    this.words = null;
    this.wordsError = null;
    this.draft = null;
    this.error = null;
    this.documentId = null;
  }

  async loadWords(documentId: number): Promise<void> {
    this.documentId = documentId;
    this.wordsError = null;
    try {
      const token = this.root.client.storage.get();
      const response = await fetch(`/api/documents/${documentId}/words`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
      const body = (await response.json()) as unknown;
      if (!response.ok) throw toFeathersError(body);
      act('LabelStore.words', () => {
        if (this.documentId === documentId) this.words = body as PageWords[];
      });
    } catch (e) {
      act('LabelStore.wordsFailed', () => {
        this.wordsError = toFeathersError(e);
      });
    }
  }

  pageWords(page: number): PageWords | undefined {
    return this.words?.find((p) => p.page === page);
  }

  /** A box drawn (or a word clicked) on a page: the words under it become the draft's text and value. */
  select(box: LabelBox): void {
    const text = wordsUnder(this.pageWords(box.page), box)
      .map((w) => w.text)
      .join(' ');
    const field = this.draft?.field ?? null;
    this.draft = { box, text, field, value: field ? this.readAs(field, text) : text };
    this.error = null;
  }

  /** Keyboard way to a box: the first words on the pages that read as the query (whole words, or part of one word). */
  findOnPage(query: string): boolean {
    const q = query.replace(/\s+/g, ' ').trim().toLowerCase();
    if (q === '') return false;
    for (const page of this.words ?? []) {
      const ordered = wordsUnder(page, { page: page.page, x: 0, y: 0, width: 1e6, height: 1e6 });
      for (let i = 0; i < ordered.length; i++) {
        for (let n = 1; n <= 8 && i + n <= ordered.length; n++) {
          const run = ordered.slice(i, i + n);
          const text = run
            .map((w) => w.text)
            .join(' ')
            .toLowerCase();
          if (text === q || (n === 1 && text.includes(q))) {
            this.select(boxAround(run, page.page));
            return true;
          }
          if (!q.startsWith(text)) break;
        }
      }
    }
    return false;
  }

  chooseField(field: LabelField): void {
    if (!this.draft) return;
    this.draft = { ...this.draft, field, value: this.readAs(field, this.draft.text) };
  }

  setValue(value: string): void {
    if (this.draft) this.draft = { ...this.draft, value };
  }

  cancel(): void {
    this.draft = null;
    this.error = null;
  }

  /** The value as the field stores it: amounts and rates as numbers, dates as ISO dates. */
  private readAs(field: LabelField, text: string): string {
    const value = readLabelValue(field, text);
    return value === null ? text : String(value);
  }

  private valueToSend(field: LabelField, value: string): LabelValue {
    if (!AMOUNT_FIELDS.includes(field)) return value.trim();
    const read = readLabelValue(field, value);
    return typeof read === 'number' ? read : Number.NaN;
  }

  get canSave(): boolean {
    return !!this.draft?.field && this.draft.value.trim() !== '' && !this.saving;
  }

  async save(documentId: number): Promise<DocumentRecord | null> {
    const draft = this.draft;
    if (!draft?.field || !this.canSave) return null;
    const value = this.valueToSend(draft.field, draft.value);
    if (typeof value === 'number' && !Number.isFinite(value)) {
      this.error = feathersError('BadRequest', `The value of ${draft.field} must be a number.`);
      return null;
    }
    this.saving = true;
    this.changing = true;
    this.error = null;
    try {
      const record = (await this.service().patch(documentId, {
        action: 'label',
        field: draft.field,
        box: draft.box,
        text: draft.text,
        value,
      })) as DocumentRecord;
      act('LabelStore.saved', () => {
        this.saving = false;
        this.changing = false;
        this.draft = null;
      });
      return record;
    } catch (e) {
      act('LabelStore.saveFailed', () => {
        this.saving = false;
        this.changing = false;
        this.error = toFeathersError(e);
      });
      return null;
    }
  }

  async undo(documentId: number, labelId: string): Promise<DocumentRecord | null> {
    this.error = null;
    this.changing = true;
    try {
      return (await this.service().patch(documentId, { action: 'undo-label', label_id: labelId })) as DocumentRecord;
    } catch (e) {
      act('LabelStore.undoFailed', () => {
        this.error = toFeathersError(e);
      });
      return null;
    } finally {
      act('LabelStore.undone', () => {
        this.changing = false;
      });
    }
  }

  private service() {
    return this.root.client.service<DocumentRecord>('documents');
  }
}

export { LABEL_FIELDS };
