import type { RpaErrorRecord } from '@portal/contracts';
import { RPA_ERROR_EVENT_TYPES, type RpaErrorEvent, domainEventOf } from '@portal/domain';
import type { RecordedEvent } from '@portal/event-store';
import { collectionSpecs, RPA_ERRORS, put } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../../runtime/projection';
import type { FailureOutcome, FailureSource } from './failure-source';
import { FAILURE_SOURCES } from './failure-sources';
import { PAYROLL_MARK_EVENTS, PayrollMarks } from '../payroll-marks';
import { erpSubject, extractionSubject } from './document-failures';

/** The payroll documents, so a document's failures carry its mark: without dpv they are not shown. */
const payrollDocuments = new PayrollMarks('rpa_error_payroll_documents');

type Stored = RpaErrorRecord;

async function apply(outcome: FailureOutcome, recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const at = recorded.metadata.time;
  const current = await view.get(RPA_ERRORS, outcome.subject);
  if (outcome.type === 'failed') {
    const { type: _type, subject, ref, ...fact } = outcome;
    const payroll = await payrollDocuments.isPayroll(view, fact.document_id);
    const doc: Stored = current
      ? { ...current, ...fact, payroll, ref: ref ?? current.ref, attempts: current.attempts + 1, last_failed_at: at, status: 'open', resolution: null, resolved_at: null, resolved_by: null, remark: null, revision: current.revision + 1 }
      : { id: subject, ...fact, payroll, ref: ref ?? null, attempts: 1, first_failed_at: at, last_failed_at: at, status: 'open', resolution: null, resolved_at: null, resolved_by: null, remark: null, retry_requested_at: null, revision: 0 };
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
      ? { ...current, status: 'resolved', resolution: 'manual', resolved_at: at, resolved_by: recorded.metadata.userId, remark: event.data.remark, revision: current.revision + 1 }
      : { ...current, retry_requested_at: at, revision: current.revision + 1 };
  return [put(RPA_ERRORS, next)];
}

/** A document's mark changed: the failures of the document follow it (they were built before the change). */
async function followPayrollMark(recorded: RecordedEvent, view: ProjectionView): Promise<ChangeIntent[]> {
  const { documentId, payroll, remarked, changes } = await payrollDocuments.track(recorded, view);
  if (!remarked) return changes;
  for (const subject of [extractionSubject(documentId), erpSubject(documentId)]) {
    const current = await view.get(RPA_ERRORS, subject);
    if (current && (current.payroll === true) !== payroll) changes.push(put(RPA_ERRORS, { ...current, payroll, revision: current.revision + 1 }));
  }
  return changes;
}

/** rpa_errors, built from the failure sources' events (FAILURE_SOURCES) and the people's actions on them. */
export function rpaErrorsProjectionOf(sources: readonly FailureSource[]): Projection {
  const byType = new Map<string, FailureSource[]>();
  for (const source of sources) for (const type of source.handles) byType.set(type, [...(byType.get(type) ?? []), source]);
  return {
    name: 'rpa-errors',
    // 5: the payroll mark of a document's failures.
    version: 5,
    collections: [...collectionSpecs(RPA_ERRORS), { name: payrollDocuments.collection, indexes: [] }],
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
