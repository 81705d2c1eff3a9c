import type { DerivedDocument } from './editor';
import type { DocumentRecord } from './documents';

/**
 * Event kinds of a document's audit timeline: the event type without its `Document` prefix, in
 * kebab case (DocumentFieldsExtracted → fields-extracted). Kinds of event types added later follow the
 * same rule; this list names the ones known today, for the timeline's filter.
 */
export const AUDIT_EVENT_KINDS = [
  'uploaded',
  'text-extracted',
  'fields-extracted',
  'flagged',
  'classified',
  'renamed',
  'confirmed',
  'booked',
  'moved-to-trash',
  'restored',
  'purged',
  'pages-revised',
  'field-labeled',
  'label-undone',
  'payroll-marked',
  'searchable-pdf-created',
  'einvoice-validated',
] as const;
export type KnownAuditEventKind = (typeof AUDIT_EVENT_KINDS)[number];

/** One changed read-model field; nested objects appear as dotted paths (`fields.biller.name`). */
export interface FieldChange {
  field: string;
  /** undefined when the field did not exist before. */
  old: unknown;
  /** undefined when the field no longer exists (a purged document). */
  new: unknown;
}

export interface AuditUser {
  id: string;
  /** null when the user id is not (or no longer) a portal user, e.g. `system`. */
  username: string | null;
  name: string | null;
}

/** One event of a document's stream as the audit timeline shows it. */
export interface AuditEntry {
  revision: number;
  position: number;
  time: string;
  user: AuditUser;
  clientNo: number | null;
  kind: string;
  /** The stored event type. */
  type: string;
  commandId: string;
  correlationId: string;
  originCode: number | null;
  /** Read-model fields this event changed, old → new (the extracted text, `revision` and `updated_at` left out). */
  changes: FieldChange[];
}

/** The verdict of the stream's hash chain. */
export type ChainStatus = { intact: true } | { intact: false; revision: number; reason: string };

/** `find document-history` with `{ documentId, kinds? }`. */
export interface DocumentHistory {
  documentId: number;
  /** Revision of the stream's last event. */
  revision: number;
  chain: ChainStatus;
  /** Oldest first; only the requested kinds when `kinds` was given. */
  entries: AuditEntry[];
  /** Documents the editor made with pages of this one (reverse lineage), from the read model. */
  derived?: DerivedDocument[];
}

/** `get document-history` with id = documentId and `{ asOf: revision }`. */
export interface DocumentAsOf {
  documentId: number;
  revision: number;
  time: string;
  /** The record after that event, without the extracted text; null once the document was purged. */
  document: Omit<DocumentRecord, 'text'> | null;
  /** The chain from the first event up to this one. */
  chain: ChainStatus;
}

/** `find document-history` with `{ documentId, from, to }`: what changed from after `from` to after `to`. */
export interface DocumentDiff {
  documentId: number;
  from: number;
  to: number;
  changes: FieldChange[];
}

export interface DocumentHistoryQuery {
  documentId: number;
  kinds?: string[];
  from?: number;
  to?: number;
}
