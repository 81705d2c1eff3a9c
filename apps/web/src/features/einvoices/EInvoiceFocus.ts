import type { EInvoiceFinding } from '@portal/contracts';
import { makeAutoObservable } from 'mobx';
import { concerns, viewFieldsOf, type InvoiceViewField } from './finding-fields';

/**
 * Which finding the user looks at, shared by the findings panel and the readable invoice view: the view marks
 * every part with an error and highlights the chosen finding's part.
 */
export class EInvoiceFocus {
  selected: EInvoiceFinding | null = null;

  constructor(private readonly findings: () => readonly EInvoiceFinding[]) {
    makeAutoObservable(this, {}, { autoBind: true });
  }

  select(finding: EInvoiceFinding | null): void {
    this.selected = finding;
  }

  /** The selected finding while the shown document still has it (another document's selection does not carry over). */
  get current(): EInvoiceFinding | null {
    const selected = this.selected;
    if (!selected) return null;
    return this.findings().find((f) => f.rule === selected.rule && f.location === selected.location && f.message.en === selected.message.en) ?? null;
  }

  get selectedFields(): InvoiceViewField[] {
    return this.current ? viewFieldsOf(this.current) : [];
  }

  /** Parts with a finding of severity fatal (marked), or of the selected finding (highlighted). */
  get flaggedFields(): InvoiceViewField[] {
    return this.findings()
      .filter((f) => f.severity === 'fatal')
      .flatMap(viewFieldsOf);
  }

  /** How the view shows one of its parts. */
  markOf(field: InvoiceViewField): 'selected' | 'flagged' | null {
    if (concerns(this.selectedFields, field)) return 'selected';
    if (concerns(this.flaggedFields, field)) return 'flagged';
    return null;
  }
}
