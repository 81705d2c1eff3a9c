import { makeAutoObservable } from 'mobx';
import type { DocumentRecord } from '@portal/contracts';
import type { FormIssue } from '../../components/booking-form/booking-validation';
import { fromServer, validateValues } from '../../components/booking-form/booking-validation';
import type { EditableField, FieldValue, FieldValues } from '../../components/booking-form/booking-values';
import { EDITABLE_FIELDS, FIELD_DEFS, parseValue, valuesOf } from '../../components/booking-form/booking-values';

export const sameValue = (a: FieldValue, b: FieldValue) => a === b || (a === null && b === '') || (a === '' && b === null);

/** The fields whose values differ between two states of a record. */
export function changedFields(a: FieldValues, b: FieldValues): EditableField[] {
  return EDITABLE_FIELDS.filter((f) => !sameValue(a[f], b[f]));
}

/**
 * The user's unsaved edits of the open invoice: the raw input text per field, the record's values and revision
 * when editing started (what a save is checked against), and the findings — checked locally while editing,
 * the record's own otherwise, and what the server refused.
 */
export class InvoiceForm {
  /** Raw input text of each edited field. */
  draft: Partial<Record<EditableField, string>> = {};
  /** The record's values and revision when editing started: what a save is checked against. */
  base: { revision: number; values: FieldValues } | null = null;
  /** Format errors the server answered (422) to the last save or action. */
  serverIssues: FormIssue[] = [];

  constructor(private readonly record: () => DocumentRecord | null) {
    makeAutoObservable<InvoiceForm, 'record'>(this, { record: false }, { autoBind: true });
  }

  /** Edited fields whose input differs from the record (or cannot be read). */
  get changed(): EditableField[] {
    const record = this.record();
    if (!record) return [];
    const current = valuesOf(record);
    return (Object.entries(this.draft) as Array<[EditableField, string]>)
      .filter(([name, text]) => {
        const parsed = parseValue(text, FIELD_DEFS.get(name)!);
        return !parsed.ok || !sameValue(parsed.value, current[name]);
      })
      .map(([name]) => name);
  }

  get dirty(): boolean {
    return this.changed.length > 0;
  }

  /** The values the form shows: the user's edits over the record. Unparsable input keeps the record's value. */
  get values(): FieldValues | null {
    const record = this.record();
    if (!record) return null;
    const values = valuesOf(record);
    for (const [name, text] of Object.entries(this.draft) as Array<[EditableField, string]>) {
      const parsed = parseValue(text, FIELD_DEFS.get(name)!);
      if (parsed.ok) values[name] = parsed.value;
    }
    return values;
  }

  /** Input that cannot be read (not a number, a required field left empty). */
  get inputIssues(): FormIssue[] {
    return (Object.entries(this.draft) as Array<[EditableField, string]>).flatMap(([name, text]) => {
      if (!this.changed.includes(name)) return [];
      const parsed = parseValue(text, FIELD_DEFS.get(name)!);
      if (parsed.ok) return [];
      return [
        { field: name, key: parsed.error === 'number' ? ('numberInvalid' as const) : ('required' as const), severity: 'error' as const, blocksConfirm: true },
      ];
    });
  }

  /** Findings: checked locally while editing; the record's own issues otherwise. */
  get issues(): FormIssue[] {
    const record = this.record();
    if (!record) return [];
    const rules = this.dirty ? validateValues(this.values!) : fromServer(record.issues ?? []);
    const seen = new Set(rules.map((i) => `${i.field}:${i.key}`));
    return [...this.inputIssues, ...rules, ...this.serverIssues.filter((i) => !seen.has(`${i.field}:${i.key}`))];
  }

  get hasErrors(): boolean {
    return this.issues.some((i) => i.severity === 'error');
  }

  get blocksConfirm(): boolean {
    return this.issues.some((i) => i.blocksConfirm);
  }

  issuesOf(field: EditableField): FormIssue[] {
    return this.issues.filter((i) => i.field === field);
  }

  /** The changed fields with their values, for a save. */
  get changes(): Partial<FieldValues> {
    const values = this.values!;
    const changes: Partial<FieldValues> = {};
    for (const name of this.changed) changes[name] = values[name];
    return changes;
  }

  /** Edits one field (raw input text, kept as typed). */
  setField(name: EditableField, text: string): void {
    const record = this.record();
    if (!record) return;
    if (!this.base) this.base = { revision: record.revision, values: valuesOf(record) };
    this.draft[name] = text;
    this.serverIssues = this.serverIssues.filter((i) => i.field !== name);
  }

  /** Leaving a field: an input equal to the record's value is no edit. */
  settleField(name: EditableField): void {
    if (name in this.draft && !this.changed.includes(name)) delete this.draft[name];
    if (Object.keys(this.draft).length === 0) this.base = null;
  }

  /** Edits go on over this record (after a change by someone else that touches none of them). */
  rebase(record: DocumentRecord): void {
    this.base = { revision: record.revision, values: valuesOf(record) };
  }

  clear(): void {
    this.draft = {};
    this.base = null;
    this.serverIssues = [];
  }
}
