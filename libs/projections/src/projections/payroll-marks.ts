import { put, remove } from '@portal/read-models';
import type { RecordedEvent } from '@portal/event-store';
import type { DocumentEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import type { ChangeIntent, ProjectionView } from '../runtime/projection';

/** The document events that set or clear a document's payroll mark. */
export const PAYROLL_MARK_EVENTS = ['DocumentUploaded', 'DocumentPayrollMarked', 'DocumentPurged'] as const;

export const documentIdOf = (recorded: RecordedEvent) => Number(recorded.streamId.replace(/^document-/, ''));

/**
 * The payroll documents a projection remembers in a collection of its own (one record per payroll
 * document), so records built from other streams (working copies, export jobs) can carry the mark and
 * a rebuild of that projection alone gives the same answer.
 */
export class PayrollMarks {
  constructor(readonly collection: string) {}

  async isPayroll(view: ProjectionView, documentId: number | null): Promise<boolean> {
    return documentId !== null && (await view.get(this.collection, documentId)) !== null;
  }

  /**
   * The document's mark after one of PAYROLL_MARK_EVENTS, with the changes that remember it. `remarked` when a
   * user or the extraction changed the mark of a known document: the records built from it follow. A purged
   * document is forgotten, but what was built from it keeps the mark it had.
   */
  async track(recorded: RecordedEvent, view: ProjectionView): Promise<{ documentId: number; payroll: boolean; remarked: boolean; changes: ChangeIntent[] }> {
    const event = domainEventOf<DocumentEvent>(recorded);
    const documentId = documentIdOf(recorded);
    const payroll = event.type === 'DocumentUploaded' ? event.data.payroll === true : event.type === 'DocumentPayrollMarked' ? event.data.payroll : false;
    const was = await this.isPayroll(view, documentId);
    if (was === payroll) return { documentId, payroll, remarked: false, changes: [] };
    const change: ChangeIntent = payroll ? put(this.collection, { id: documentId }) : remove(this.collection, documentId);
    return { documentId, payroll, remarked: event.type === 'DocumentPayrollMarked', changes: [change] };
  }
}
