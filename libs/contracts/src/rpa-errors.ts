/**
 * The automation error view (`/error`, service `rpa-errors`, adm): every failed automated step in one list.
 * Kinds come from the features whose steps fail; a feature adds its own kind (see the projector's
 * `projections/rpa-errors/failure-sources.ts`). These are the ones known today.
 */
export const RPA_ERROR_KINDS = [
  'extraction_failed',
  'extraction_broken',
  'erp_import_refused',
  'erp_export_failed',
  'bank_import_failed',
  'fon_import_failed',
  'scanner_intake_refused',
] as const;
export type KnownRpaErrorKind = (typeof RPA_ERROR_KINDS)[number];
export type RpaErrorKind = KnownRpaErrorKind | (string & {});

export type RpaErrorStatus = 'open' | 'resolved';

/** rpa-errors: one record per failing subject (a document's extraction, a document's ERP import, an import job, ...). */
export interface RpaErrorRecord {
  /** The failing subject, stable across attempts, e.g. `document-123:extraction`. */
  id: string;
  kind: RpaErrorKind;
  client_no: number | null;
  document_id: number | null;
  /** A portal route that shows the subject (the document, the import), or null. */
  link: string | null;
  /** What failed, in a few words (document title, file name, import). */
  subject_label: string;
  reason: string;
  /** How often the step failed for this subject. */
  attempts: number;
  first_failed_at: string;
  last_failed_at: string;
  status: RpaErrorStatus;
  /** manual: a person marked it resolved with a remark; succeeded: a later attempt worked; gone: the subject was deleted. */
  resolution: 'manual' | 'succeeded' | 'gone' | null;
  resolved_at: string | null;
  resolved_by: string | null;
  remark: string | null;
  /** Whether the portal can run the step again (a retry handler exists for the kind). */
  retryable: boolean;
  /** What a retry needs besides the subject (the export job of a refused import, an import job id, ...). */
  ref: string | null;
  retry_requested_at: string | null;
  /** The failing subject is a payroll document or an export of payroll documents only: only users with dpv see the failure. */
  payroll?: boolean;
  revision: number;
}

/** The rpa_errors read model: the record and what its reason names, for readers who may not see a payroll document. */
export interface StoredRpaErrorRecord extends RpaErrorRecord {
  /** The documents the reason names (besides the failing subject). */
  reason_document_ids?: number[];
  /** One of them is a payroll document: without dpv the reason is not shown. */
  reason_payroll?: boolean;
}

/** `rpa-errors patch` data: run the failed step again, or mark the failure resolved with a remark. */
export type RpaErrorPatch = { action: 'retry' } | { action: 'resolve'; remark: string };
