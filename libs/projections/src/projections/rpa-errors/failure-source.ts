import type { RecordedEvent } from '@portal/event-store';

/**
 * How a feature puts the failures of its automated steps into the automation error view (`/error`):
 *
 * 1. Write a `FailureSource` beside your feature's events: the event types it reads (`handles`) and, per
 *    event, what it means for the error list: `failed` opens a failure, or counts another attempt of an
 *    open one with the same `subject`; `succeeded` closes it (a later attempt worked); `gone` closes it
 *    because the subject no longer exists. Read only the event itself (its data and metadata), never other
 *    read models, so a replay gives the same list.
 * 2. List it in `FAILURE_SOURCES` (failure-sources.ts) and bump `rpaErrorsProjection.version`, so the list is
 *    rebuilt from the log with your failures in it.
 * 3. Optional: a retry handler for your kind in `apps/api/src/features/rpa-errors/retry-handlers.ts`
 *    (`retryable: true` then shows the Retry button).
 * 4. The kind's label under `kinds.<kind>` in `apps/web/src/i18n/locales/rpa-errors.{en,de}.json`.
 */
export interface FailureSource {
  /** For error messages and tests. */
  name: string;
  handles: readonly string[];
  /** The outcomes of one event; they concern different subjects (each is applied to the list as it stood before the event). */
  read(event: RecordedEvent): FailureOutcome[];
}

export type FailureOutcome =
  | {
      type: 'failed';
      kind: string;
      /** Stable across attempts: `document-123:extraction`, `bank-import-<id>`, ... */
      subject: string;
      client_no: number | null;
      document_id: number | null;
      link: string | null;
      subject_label: string;
      reason: string;
      /** The documents the reason names besides the subject: a reader who may not see one of them does not read it. */
      reason_document_ids?: number[];
      retryable: boolean;
      /** What a retry handler needs besides the subject (an import job id, ...). */
      ref?: string | null;
    }
  /**
   * The subject is made of these documents (an export's): its failure is a payroll failure when all of them are
   * payroll documents (isPayrollExport), also when they are marked later. Comes before the subject fails.
   */
  | { type: 'composed'; subject: string; client_no: number | null; document_ids: number[] }
  | { type: 'succeeded'; subject: string }
  | { type: 'gone'; subject: string };
