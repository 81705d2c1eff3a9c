import type { StoredRpaErrorRecord } from '@portal/contracts';
import { RPA_ERROR_EVENT_TYPES, type RpaErrorEvent, domainEventOf, isPayrollExport } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import { collectionSpecs, RPA_ERRORS, put } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../../runtime/projection';
import type { FailureOutcome, FailureSource } from './failure-source';
import { FAILURE_SOURCES } from './failure-sources';
import { PAYROLL_MARK_EVENTS, PayrollMarks } from '../payroll-marks';
import { erpSubject, extractionSubject } from './document-failures';

/** The payroll documents, so a document's failures carry its mark: without dpv they are not shown. */
const payrollDocuments = new PayrollMarks('rpa_error_payroll_documents');
/** The documents a subject is made of (an export's), remembered from before it fails: one record per subject. */
const COMPOSED_SUBJECTS = 'rpa_error_composed_subjects';
interface ComposedSubject {
  id: string;
  client_no: number | null;
  document_ids: number[];
}

type Stored = StoredRpaErrorRecord;
/** A document mark the view does not hold yet (it changes with the event being projected). */
type Remark = { documentId: number; payroll: boolean };

const isPayroll = async (view: ProjectionView, documentId: number, remarked?: Remark) =>
  documentId === remarked?.documentId ? remarked.payroll : payrollDocuments.isPayroll(view, documentId);

/** Whether the failing subject is payroll: its document is, or it is made of payroll documents only. */
async function subjectIsPayroll(view: ProjectionView, documentId: number | null, composed: ComposedSubject | null, remarked?: Remark): Promise<boolean> {
  if (documentId !== null && (await isPayroll(view, documentId, remarked))) return true;
  if (!composed) return false;
  const marks = new Map<number, boolean>();
  for (const id of composed.document_ids) marks.set(id, await isPayroll(view, id, remarked));
  return isPayrollExport(composed.document_ids, (id) => marks.get(id) === true);
}

const composedOf = async (view: ProjectionView, subject: string) => (await view.get(COMPOSED_SUBJECTS, subject)) as ComposedSubject | null;

async function apply(outcome: FailureOutcome, recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const at = recorded.metadata.time;
  const current = await view.get(RPA_ERRORS, outcome.subject);
  if (outcome.type === 'composed') {
    const composed: ComposedSubject = { id: outcome.subject, client_no: outcome.client_no, document_ids: outcome.document_ids };
    const changes: ChangeIntent[] = [put(COMPOSED_SUBJECTS, { ...composed })];
    const payroll = current ? await subjectIsPayroll(view, current.document_id, composed) : false;
    if (current && (current.payroll === true) !== payroll) changes.push(put(RPA_ERRORS, { ...current, payroll, revision: current.revision + 1 }));
    return changes;
  }
  if (outcome.type === 'failed') {
    const { type: _type, subject, ref, reason_document_ids: named, ...fact } = outcome;
    const payroll = await subjectIsPayroll(view, fact.document_id, await composedOf(view, subject));
    const reason = named === undefined ? {} : { reason_document_ids: named, reason_payroll: await namesPayroll(view, named) };
    const doc: Stored = current
      ? {
          ...current,
          reason_document_ids: undefined,
          reason_payroll: undefined,
          ...fact,
          ...reason,
          payroll,
          ref: ref ?? current.ref,
          attempts: current.attempts + 1,
          last_failed_at: at,
          status: 'open',
          resolution: null,
          resolved_at: null,
          resolved_by: null,
          remark: null,
          revision: current.revision + 1,
        }
      : {
          id: subject,
          ...fact,
          ...reason,
          payroll,
          ref: ref ?? null,
          attempts: 1,
          first_failed_at: at,
          last_failed_at: at,
          status: 'open',
          resolution: null,
          resolved_at: null,
          resolved_by: null,
          remark: null,
          retry_requested_at: null,
          revision: 0,
        };
    return [put(RPA_ERRORS, doc)];
  }
  if (!current || current.status !== 'open') return [];
  return [put(RPA_ERRORS, { ...current, status: 'resolved', resolution: outcome.type, resolved_at: at, resolved_by: null, revision: current.revision + 1 })];
}

async function applyAction(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const event = domainEventOf<RpaErrorEvent>(recorded);
  const current = await view.get(RPA_ERRORS, event.data.errorId);
  if (!current) return [];
  const at = recorded.metadata.time;
  const next: Stored =
    event.type === 'RpaErrorResolved'
      ? {
          ...current,
          status: 'resolved',
          resolution: 'manual',
          resolved_at: at,
          resolved_by: recorded.metadata.userId,
          remark: event.data.remark,
          revision: current.revision + 1,
        }
      : { ...current, retry_requested_at: at, revision: current.revision + 1 };
  return [put(RPA_ERRORS, next)];
}

/** Whether one of the documents is a payroll document; `remarked` gives a mark the view does not hold yet. */
async function namesPayroll(view: ProjectionView, documentIds: readonly number[], remarked?: Remark): Promise<boolean> {
  for (const id of documentIds) if (await isPayroll(view, id, remarked)) return true;
  return false;
}

/**
 * A document's mark changed: the failures of the document follow it (they were built before the change), and so
 * do the failures of the subjects made of it and the failures of its client whose reason names it.
 */
async function followPayrollMark(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const { documentId, payroll, remarked, changes } = await payrollDocuments.track(recorded, view);
  if (!remarked) return changes;
  for (const subject of [extractionSubject(documentId), erpSubject(documentId)]) {
    const current = await view.get(RPA_ERRORS, subject);
    if (current && (current.payroll === true) !== payroll) changes.push(put(RPA_ERRORS, { ...current, payroll, revision: current.revision + 1 }));
  }
  const clientNo = recorded.metadata.clientNo;
  const composedOfIt =
    clientNo === null
      ? []
      : ((await view.findWhere(COMPOSED_SUBJECTS, { client_no: clientNo })) as unknown as ComposedSubject[]).filter((c) => c.document_ids.includes(documentId));
  for (const composed of composedOfIt) {
    const current = await view.get(RPA_ERRORS, composed.id);
    if (!current) continue;
    const subjectPayroll = await subjectIsPayroll(view, current.document_id, composed, { documentId, payroll });
    if ((current.payroll === true) !== subjectPayroll) changes.push(put(RPA_ERRORS, { ...current, payroll: subjectPayroll, revision: current.revision + 1 }));
  }
  const naming =
    clientNo === null ? [] : (await view.findWhere(RPA_ERRORS, { client_no: clientNo })).filter((r) => r.reason_document_ids?.includes(documentId));
  for (const current of naming) {
    const reasonPayroll = await namesPayroll(view, current.reason_document_ids!, { documentId, payroll });
    if ((current.reason_payroll === true) !== reasonPayroll)
      changes.push(put(RPA_ERRORS, { ...current, reason_payroll: reasonPayroll, revision: current.revision + 1 }));
  }
  return changes;
}

/** rpa_errors, built from the failure sources' events (FAILURE_SOURCES) and the people's actions on them. */
export function rpaErrorsProjectionOf(sources: readonly FailureSource[]): Projection {
  const byType = new Map<string, FailureSource[]>();
  for (const source of sources) for (const type of source.handles) byType.set(type, [...(byType.get(type) ?? []), source]);
  return {
    name: 'rpa-errors',
    // 5: the payroll mark of a document's failures. 6: the documents a reason names, and whether one is payroll.
    // 7: a failure of a subject made of payroll documents only (an export) is payroll.
    version: 7,
    collections: [...collectionSpecs(RPA_ERRORS), { name: payrollDocuments.collection, indexes: [] }, { name: COMPOSED_SUBJECTS, indexes: [['client_no']] }],
    handles: [...new Set([...byType.keys(), ...RPA_ERROR_EVENT_TYPES, ...PAYROLL_MARK_EVENTS])],
    async project(recorded, view) {
      if ((RPA_ERROR_EVENT_TYPES as readonly string[]).includes(recorded.type)) return applyAction(recorded, view);
      // The mark first: a failure recorded from the same event (a purge) already sees it.
      const changes: ChangeIntent[] = (PAYROLL_MARK_EVENTS as readonly string[]).includes(recorded.type) ? await followPayrollMark(recorded, view) : [];
      for (const source of byType.get(recorded.type) ?? []) {
        for (const outcome of source.read(recorded)) changes.push(...(await apply(outcome, recorded, view)));
      }
      return changes;
    },
  };
}

export const rpaErrorsProjection = rpaErrorsProjectionOf(FAILURE_SOURCES);
