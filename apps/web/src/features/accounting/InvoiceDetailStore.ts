import { makeAutoObservable } from 'mobx';
import type { DocumentPatch, DocumentRecord, ErpStatus, FieldIssue } from '@portal/contracts';
import { DOCUMENT_FLAGS } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { toFeathersError } from '../../api/errors';
import type { FeathersClient } from '../../api/feathers-client';
import { fromServer } from '../../components/booking-form/booking-validation';
import type { EditableField } from '../../components/booking-form/booking-values';
import { fieldsPatch, valuesOf } from '../../components/booking-form/booking-values';
import { act } from '../../stores/act';
import { LatestRequest } from '../../stores/live/LatestRequest';
import { changedFields, InvoiceForm } from './InvoiceForm';

export type Busy = 'saving' | 'confirm' | 'book' | 'mark-exported' | null;

/**
 * Someone else changed the open document. `source` says how we learnt it: a pushed event, or a
 * Conflict (409) answering our own save or action. `theirFields` are the fields they changed
 * that we are editing too; their values are in `record`, ours stay in the draft.
 */
export interface ConflictNotice {
  source: 'push' | 'save' | 'action';
  revision: number;
  theirFields: EditableField[];
}

/** A change by someone else, applied live (fields and flags that differ). */
export interface LiveChange {
  revision: number;
  fields: EditableField[];
  flags: boolean;
}

export type CommandResult = 'done' | 'conflict' | 'invalid';

function conflictRecord(error: FeathersError): DocumentRecord | null {
  const data = error.data as { current?: DocumentRecord } | undefined;
  return data?.current && typeof data.current.id === 'number' ? data.current : null;
}

/**
 * The open invoice: its record, the user's edits (`form`), the commands (save, confirm, book, mark exported),
 * each sent with the revision the user saw, and pushed changes of other users applied live without losing or
 * silently overwriting anything.
 */
export class InvoiceDetailStore {
  id: number | null = null;
  record: DocumentRecord | null = null;
  loading = false;
  error: FeathersError | null = null;
  readonly form: InvoiceForm;
  busy: Busy = null;
  conflict: ConflictNotice | null = null;
  liveChange: LiveChange | null = null;
  private readonly latest = new LatestRequest();

  constructor(private readonly transport: FeathersClient) {
    this.form = new InvoiceForm(() => this.record);
    makeAutoObservable<InvoiceDetailStore, 'transport' | 'latest'>(this, { transport: false, latest: false, form: false }, { autoBind: true });
  }

  get dirty(): boolean {
    return this.form.dirty;
  }

  get flags(): number {
    return this.record?.flags ?? 0;
  }

  hasFlag(flag: keyof typeof DOCUMENT_FLAGS): boolean {
    return (this.flags & DOCUMENT_FLAGS[flag]) !== 0;
  }

  /** Opens a document (no-op when it is open already). */
  async open(id: number): Promise<DocumentRecord | null> {
    if (id === this.id && this.record) return this.record;
    const isNewest = this.latest.next();
    this.reset(id);
    this.loading = true;
    try {
      const record = await this.transport.service<DocumentRecord>('documents').get(id);
      if (!isNewest()) return null;
      act('InvoiceDetailStore.loaded', () => {
        this.record = record;
        this.loading = false;
      });
      return record;
    } catch (e) {
      if (!isNewest()) return null;
      act('InvoiceDetailStore.loadFailed', () => {
        this.loading = false;
        this.error = toFeathersError(e);
      });
      return null;
    }
  }

  close(): void {
    this.latest.cancel();
    this.reset(null);
  }

  private reset(id: number | null): void {
    this.id = id;
    this.record = null;
    this.error = null;
    this.loading = false;
    this.discard();
    this.liveChange = null;
  }

  /** Drops the user's edits (and with them a conflict notice): the form shows the newest record. */
  discard(): void {
    this.form.clear();
    this.conflict = null;
  }

  /** After a conflict: keep my edits and save them over the newer revision (an explicit choice). */
  keepMine(): void {
    if (!this.record) return;
    if (this.dirty) this.form.rebase(this.record);
    this.conflict = null;
  }

  dismissLiveChange(): void {
    this.liveChange = null;
  }

  private get expectedRevision(): number {
    return this.form.base?.revision ?? this.record?.revision ?? 0;
  }

  /** Saves the edits with the revision they were made on; a newer revision answers a conflict, not an overwrite. */
  async save(): Promise<CommandResult> {
    if (!this.record || !this.dirty) return 'done';
    if (this.form.inputIssues.length > 0) return 'invalid';
    return this.command('saving', { fields: fieldsPatch(this.form.changes) });
  }

  /** Confirm (app): pending edits are saved first; an invalid e-invoice needs the reason it is confirmed all the same. */
  async confirm(reason?: string): Promise<CommandResult> {
    const saved = await this.save();
    if (saved !== 'done') return saved;
    return this.command('confirm', reason === undefined ? { action: 'confirm' } : { action: 'confirm', reason });
  }

  /** Book (acc). */
  book(): Promise<CommandResult> {
    return this.command('book', { action: 'book' });
  }

  /** Mark exported (exp): imported, or an import error / note with a reason. */
  markExported(status: ErpStatus, reason: string): Promise<CommandResult> {
    return this.command('mark-exported', { action: 'mark-exported', status, reason });
  }

  private async command(busy: Exclude<Busy, null>, data: DocumentPatch): Promise<CommandResult> {
    const id = this.record!.id;
    const revision = busy === 'saving' ? this.expectedRevision : this.record!.revision;
    this.busy = busy;
    try {
      const record = await this.transport.service<DocumentRecord>('documents').patch(id, data, { revision });
      act('InvoiceDetailStore.commandDone', () => {
        this.busy = null;
        if (this.id !== id) return;
        if (busy === 'saving') this.discard();
        this.form.serverIssues = [];
        this.acceptRecord(record);
      });
      return 'done';
    } catch (e) {
      const error = toFeathersError(e);
      return act('InvoiceDetailStore.commandFailed', () => {
        this.busy = null;
        if (this.id !== id) throw error;
        if (error.name === 'Conflict') {
          const current = conflictRecord(error);
          if (current) this.applyNewer(current, busy === 'saving' ? 'save' : 'action', true);
          else this.conflict = { source: busy === 'saving' ? 'save' : 'action', revision: this.record?.revision ?? revision, theirFields: [] };
          return 'conflict';
        }
        if (error.name === 'Unprocessable' || error.name === 'BadRequest') {
          const issues = (error.data as { issues?: FieldIssue[] } | undefined)?.issues;
          if (issues?.length) {
            this.form.serverIssues = fromServer(issues);
            return 'invalid';
          }
        }
        throw error;
      });
    }
  }

  private acceptRecord(record: DocumentRecord): void {
    if (!this.record || record.revision >= this.record.revision) this.record = record;
  }

  /** A change made here outside the form (a label, its undo): the answer is the newest record, nobody else's change. */
  applyOwn(record: DocumentRecord): void {
    if (record.id === this.id) this.acceptRecord(record);
  }

  /** A pushed `documents patched`: applied live; an edit in progress is kept and the overlap reported. */
  applyPushed(doc: DocumentRecord): void {
    if (doc.id !== this.id || !this.record || doc.revision <= this.record.revision) return;
    // While our own command runs, its result (or its Conflict) tells what happened.
    if (this.busy) {
      this.record = { ...this.record, ...doc };
      return;
    }
    this.applyNewer(doc, 'push', false);
  }

  private applyNewer(doc: DocumentRecord, source: ConflictNotice['source'], ours: boolean): void {
    const before = this.record;
    const merged: DocumentRecord = before && before.id === doc.id ? { ...before, ...doc } : doc;
    this.record = merged;
    const theirs = before ? changedFields(valuesOf(before), valuesOf(merged)) : [];
    const flagsChanged = !!before && before.flags !== merged.flags;
    if (!ours) this.liveChange = { revision: merged.revision, fields: theirs, flags: flagsChanged };
    if (!this.dirty) {
      if (ours) this.conflict = { source, revision: merged.revision, theirFields: theirs };
      return;
    }
    const base = this.form.base;
    const sinceBase = base ? changedFields(base.values, valuesOf(merged)) : theirs;
    const overlap = sinceBase.filter((f) => this.form.changed.includes(f));
    const locked = (merged.flags & (DOCUMENT_FLAGS.Booked | DOCUMENT_FLAGS.ERPImported)) !== 0;
    if (overlap.length === 0 && !locked && source === 'push') {
      // Their change touches other fields: carry on editing on top of it.
      this.form.rebase(merged);
      return;
    }
    this.conflict = { source, revision: merged.revision, theirFields: overlap };
  }
}
