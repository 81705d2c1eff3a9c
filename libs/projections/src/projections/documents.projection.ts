import { DOCUMENT_FLAGS, ORIGIN, type DocumentBookingFields, type DocumentLineage, type DocumentRecord } from '@portal/contracts';
import {
  EMPTY_BOOKING_FIELDS,
  extractionOrigins,
  flagsAfterErp,
  mergeExtracted,
  validateBookingFields,
  type DocumentEvent,
  domainEventOf,
} from '@portal/domain';
import { collectionSpecs, DOCUMENTS, put, remove } from '@portal/read-models';
import { labelChange } from './document-labels';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';

const flagState = (flags: number) => ({
  flags,
  confirmed: (flags & DOCUMENT_FLAGS.Confirmed) !== 0,
  booked: (flags & DOCUMENT_FLAGS.Booked) !== 0,
  locked: (flags & (DOCUMENT_FLAGS.Booked | DOCUMENT_FLAGS.ERPImported)) !== 0,
  invalid: (flags & (DOCUMENT_FLAGS.Broken | DOCUMENT_FLAGS.BadRendering)) !== 0,
});

/** The booking fields with their findings, and the list columns that show them. */
const withFields = (booking: DocumentBookingFields) => ({
  booking,
  issues: validateBookingFields(booking),
  invoice_number: booking.invoice_number,
  invoice_date: booking.invoice_date,
  due_date: booking.due_date,
  biller_name: booking.biller,
  recipient_name: booking.recipient,
  gross_amount: booking.gross_amount,
  currency: booking.currency,
});

/**
 * The reverse of a new file's lineage: each other document whose pages went into `made` lists it in `derived`
 * (which pages, under which title, when). Inbox items get theirs from the editor-documents projection.
 */
async function recordDerived(
  view: ProjectionView,
  made: Pick<DocumentRecord, 'id' | 'title'>,
  lineage: DocumentLineage | null | undefined,
  at: string,
): Promise<ChangeIntent[]> {
  const changes: ChangeIntent[] = [];
  for (const source of lineage?.sources ?? []) {
    if (source.kind !== 'document' || source.id === made.id) continue;
    const doc = await view.get(DOCUMENTS, source.id);
    if (!doc) continue;
    const entry = { document_id: made.id, title: made.title, pages: source.pages, at };
    changes.push(put(DOCUMENTS, { ...doc, derived: [...(doc.derived ?? []).filter((d) => d.document_id !== made.id), entry] }));
  }
  return changes;
}

/**
 * documents: the document lists per tab and the single-document view. Filters and sorts run on
 * indexed fields; the extracted text is kept for full-text search.
 */
export const documentsProjection: Projection = {
  name: 'documents',
  version: 6,
  collections: collectionSpecs(DOCUMENTS),
  handles: [
    'DocumentUploaded',
    'DocumentTextExtracted',
    'DocumentFieldsExtracted',
    'DocumentFlagged',
    'DocumentClassified',
    'DocumentRenamed',
    'DocumentConfirmed',
    'DocumentBooked',
    'DocumentFieldsEdited',
    'DocumentErpStatusRecorded',
    'DocumentMovedToTrash',
    'DocumentRestored',
    'DocumentPurged',
    'DocumentPagesRevised',
    'DocumentExtractionRetried',
    'DocumentFieldLabeled',
    'DocumentLabelUndone',
    'DocumentPayrollMarked',
    'DocumentSearchablePdfCreated',
    'DocumentEInvoiceValidated',
    'DocumentEInvoiceTermsRead',
  ],
  async project(recorded, view) {
    const event = domainEventOf<DocumentEvent>(recorded);
    const at = recorded.metadata.time;
    if (event.type === 'DocumentUploaded') {
      const d = event.data;
      return [
        put(DOCUMENTS, {
          id: d.documentId,
          client_no: d.clientNo,
          category: d.category,
          title: d.title,
          file_name: d.fileName,
          media_type: d.mediaType,
          size: d.size,
          sha256: d.sha256,
          uploaded_at: at,
          uploaded_by: recorded.metadata.userId,
          updated_at: at,
          revision: recorded.revision,
          ...flagState(0),
          deleted: false,
          trashed_at: null,
          purge_after: null,
          problem: null,
          extraction: 'pending',
          origin: null,
          pages: null,
          page_origins: [],
          language: null,
          fields: {},
          field_origins: {},
          field_confidence: {},
          review_fields: [],
          einvoice: null,
          einvoice_validity: null,
          einvoice_validation: null,
          einvoice_confirm_reason: null,
          text_sha256: null,
          text: '',
          payroll: d.payroll === true,
          payroll_suggested: false,
          words_sha256: null,
          labels: [],
          learned: null,
          searchable_pdf: null,
          ...withFields(EMPTY_BOOKING_FIELDS),
          booking_origins: {},
          erp_status: null,
          erp_reason: null,
          confirmed_by: null,
          booked_by: null,
          lineage: d.assembledFrom ?? null,
          derived: [],
        }),
      ].concat(await recordDerived(view, { id: d.documentId, title: d.title }, d.assembledFrom, at));
    }
    const id = Number(recorded.streamId.replace(/^document-/, ''));
    if (event.type === 'DocumentPurged') return [remove(DOCUMENTS, id)];
    const current = await view.get(DOCUMENTS, id);
    if (!current) return [];
    const next: DocumentRecord = { ...current, revision: recorded.revision, updated_at: at };
    switch (event.type) {
      case 'DocumentTextExtracted':
        Object.assign(next, {
          extraction: 'done',
          origin: event.data.origin,
          pages: event.data.pages,
          page_origins: event.data.pageOrigins,
          language: event.data.language,
          text_sha256: event.data.textSha256,
          words_sha256: event.data.wordsSha256 ?? null,
          text: (await view.readText(event.data.textSha256)) ?? '',
        });
        break;
      case 'DocumentFieldsExtracted': {
        const { fields, filled } = mergeExtracted(current.booking, event.data.fields);
        Object.assign(next, {
          extraction: 'done',
          origin: event.data.origin,
          fields: event.data.fields,
          field_origins: event.data.fieldOrigins,
          field_confidence: event.data.fieldConfidence ?? {},
          review_fields: event.data.review ?? [],
          einvoice: event.data.einvoice,
          learned: event.data.learned
            ? {
                supplier_key: event.data.learned.supplierKey,
                supplier_name: event.data.learned.supplierName,
                fields: event.data.learned.fields,
                examples: event.data.learned.examples,
              }
            : null,
          ...withFields(fields),
          booking_origins: { ...current.booking_origins, ...extractionOrigins(event.data.fieldOrigins, filled, event.data.origin) },
        });
        break;
      }
      case 'DocumentFieldsEdited': {
        const booking = { ...current.booking };
        const origins = { ...current.booking_origins };
        for (const [name, change] of Object.entries(event.data.changes)) {
          Object.assign(booking, { [name]: change.new });
          Object.assign(origins, { [name]: recorded.metadata.originCode ?? ORIGIN.Human_Labeling });
        }
        Object.assign(next, withFields(booking), { booking_origins: origins });
        break;
      }
      case 'DocumentErpStatusRecorded':
        Object.assign(next, flagState(flagsAfterErp(current.flags, event.data.status)), { erp_status: event.data.status, erp_reason: event.data.reason });
        break;
      case 'DocumentFlagged':
        Object.assign(next, flagState(current.flags | DOCUMENT_FLAGS[event.data.flag]), {
          problem: event.data.reason,
          extraction: current.extraction === 'pending' ? 'failed' : current.extraction,
        });
        break;
      case 'DocumentExtractionRetried':
        Object.assign(next, flagState(current.flags & ~(DOCUMENT_FLAGS.Broken | DOCUMENT_FLAGS.BadRendering)), {
          problem: null,
          extraction: 'pending',
          extraction_attempt: event.data.attempt,
        });
        break;
      case 'DocumentClassified':
        next.category = event.data.category;
        break;
      case 'DocumentRenamed':
        next.title = event.data.title;
        break;
      case 'DocumentConfirmed':
        Object.assign(next, flagState(current.flags | DOCUMENT_FLAGS.Confirmed), {
          category: event.data.category,
          confirmed_by: recorded.metadata.userId,
          ...(event.data.invalidEInvoiceReason ? { einvoice_confirm_reason: event.data.invalidEInvoiceReason } : {}),
        });
        break;
      case 'DocumentBooked':
        Object.assign(next, flagState(current.flags | DOCUMENT_FLAGS.Booked), { booked_by: recorded.metadata.userId });
        break;
      case 'DocumentMovedToTrash':
        Object.assign(next, { deleted: true, trashed_at: at, purge_after: event.data.purgeAfter });
        break;
      case 'DocumentRestored':
        Object.assign(next, { deleted: false, trashed_at: null, purge_after: null });
        break;
      case 'DocumentPagesRevised':
        // A new file: problems of the previous one no longer hold; the worker reads it again.
        Object.assign(next, flagState(current.flags & ~(DOCUMENT_FLAGS.Broken | DOCUMENT_FLAGS.BadRendering)), {
          sha256: event.data.sha256,
          size: event.data.size,
          media_type: event.data.mediaType,
          pages: event.data.pageCount,
          extraction: 'pending',
          problem: null,
          lineage: event.data.lineage,
          // The verdict was given on the previous file.
          einvoice_validity: null,
          einvoice_validation: null,
        });
        break;
      case 'DocumentFieldLabeled':
      case 'DocumentLabelUndone': {
        const changed = labelChange(current, event, recorded.metadata.userId, at);
        Object.assign(next, withFields(changed.booking), {
          booking_origins: changed.booking_origins,
          fields: changed.fields,
          field_origins: changed.field_origins,
          labels: changed.labels,
        });
        break;
      }
      case 'DocumentPayrollMarked':
        Object.assign(next, { payroll: event.data.payroll, payroll_suggested: event.data.payroll && event.data.suggested });
        break;
      case 'DocumentSearchablePdfCreated':
        next.searchable_pdf = { sha256: event.data.sha256, size: event.data.size, pages: event.data.pages, pdfa: event.data.pdfa };
        break;
      case 'DocumentEInvoiceValidated': {
        if (event.data.sha256 !== current.sha256) break;
        const { sha256: _sha256, ...verdict } = event.data;
        Object.assign(next, { einvoice_validity: verdict.validity, einvoice_validation: { ...verdict, validated_at: at } });
        break;
      }
      case 'DocumentEInvoiceTermsRead':
        // Terms read again from the stored file replace those its extraction gave, for that file only.
        if (event.data.sha256 === current.sha256 && current.einvoice)
          next.einvoice = { ...current.einvoice, terms: event.data.terms, terms_version: event.data.version };
        break;
    }
    return event.type === 'DocumentPagesRevised'
      ? [put(DOCUMENTS, next)].concat(await recordDerived(view, next, event.data.lineage, at))
      : [put(DOCUMENTS, next)];
  },
};
