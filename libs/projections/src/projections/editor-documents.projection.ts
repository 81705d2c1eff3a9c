import type { DerivedDocument, EditorDocumentRecord, PageRef } from '@portal/contracts';
import type { EditorDocumentEvent } from '@portal/domain';
import { domainEventOf } from '@portal/domain';
import { EDITOR_DOCUMENT_EVENT_TYPES } from '@portal/domain';
import { collectionSpecs, EDITOR_DOCUMENTS, put } from '@portal/read-models';
import type { ChangeIntent, Projection, ProjectionView } from '../runtime/projection';
import { PAYROLL_MARK_EVENTS, PayrollMarks } from './payroll-marks';

const payrollDocuments = new PayrollMarks('editor_payroll_documents');

const withPages = (pages: PageRef[]) => ({ pages, page_count: pages.length });

/** The pages (1-based file page numbers) each inbox item gave to a completed document. */
function pagesBySource(pages: PageRef[]): Map<number, number[]> {
  const bySource = new Map<number, number[]>();
  for (const p of pages) {
    if (p.source.kind !== 'editor') continue;
    bySource.set(p.source.id, [...(bySource.get(p.source.id) ?? []), p.page + 1]);
  }
  return bySource;
}

/** Tells each inbox item whose pages went into a completed document which pages and where. */
async function recordDerived(view: ProjectionView, completed: EditorDocumentRecord, at: string): Promise<ChangeIntent[]> {
  const changes: ChangeIntent[] = [];
  for (const [sourceId, pages] of pagesBySource(completed.pages)) {
    const source = sourceId === completed.id ? completed : await view.get(EDITOR_DOCUMENTS, sourceId);
    if (!source) continue;
    const entry: DerivedDocument = { document_id: completed.document_id!, title: completed.title, pages, at };
    const derived = [...source.derived.filter((d) => d.document_id !== entry.document_id), entry];
    if (source === completed) completed.derived = derived;
    else changes.push(put(EDITOR_DOCUMENTS, { ...source, derived }));
  }
  return changes;
}

/** A working copy follows the payroll mark of the document it changes (only dpv users see it). */
async function followPayrollMark(recorded: Parameters<Projection['project']>[0], view: ProjectionView): Promise<ChangeIntent[]> {
  const { documentId, payroll, remarked, changes } = await payrollDocuments.track(recorded, view);
  if (!remarked) return changes;
  const copies = await view.findWhere(EDITOR_DOCUMENTS, { target_document_id: documentId });
  return [...changes, ...copies.filter((c) => c.payroll !== payroll).map((c) => put(EDITOR_DOCUMENTS, { ...c, payroll }))];
}

/**
 * editor-document: the inbox (accumulator) of the document editor per client and the drafts cut from
 * it. `is_processed_documents_accumulator` is null while an item waits (spec §7: the badge counts those).
 */
export const editorDocumentsProjection: Projection = {
  name: 'editor-documents',
  // 2: working copies carry their document's payroll mark.
  version: 2,
  collections: [...collectionSpecs(EDITOR_DOCUMENTS), { name: payrollDocuments.collection, indexes: [] }],
  handles: [...EDITOR_DOCUMENT_EVENT_TYPES, ...PAYROLL_MARK_EVENTS],
  async project(recorded, view) {
    if (recorded.type.startsWith('Document')) return followPayrollMark(recorded, view);
    const event = domainEventOf<EditorDocumentEvent>(recorded);
    const at = recorded.metadata.time;
    const base = {
      received_at: at,
      received_by: recorded.metadata.userId,
      updated_at: at,
      revision: recorded.revision,
      derived: [],
      merged_into: null,
      processed_note: null,
      undo_revisions: [],
      document_id: null,
      is_processed_documents_accumulator: null,
      status: 'inbox' as const,
    };
    if (event.type === 'EditorDocumentReceived') {
      const d = event.data;
      const pages: PageRef[] = Array.from({ length: d.pageCount }, (_, page) => ({
        file: d.pdfSha256,
        page,
        rotation: 0,
        source: { kind: 'editor', id: d.editorDocumentId, revision: 0 },
      }));
      return [
        put(EDITOR_DOCUMENTS, {
          ...base,
          id: d.editorDocumentId,
          client_no: d.clientNo,
          category: d.category,
          title: d.title,
          kind: 'source',
          file_name: d.fileName,
          media_type: d.mediaType,
          size: d.size,
          sha256: d.sha256,
          pdf_sha256: d.pdfSha256,
          file_pages: d.pageCount,
          ...withPages(pages),
          channel: d.channel,
          scanner_id: d.scannerId,
          scanner_name: d.scannerName,
          sender: d.sender,
          from_id: null,
          target_document_id: null,
          payroll: false,
        }),
      ];
    }
    if (event.type === 'EditorDocumentDrafted') {
      const d = event.data;
      return [
        put(EDITOR_DOCUMENTS, {
          ...base,
          id: d.editorDocumentId,
          client_no: d.clientNo,
          category: d.category,
          title: d.title,
          kind: d.kind,
          file_name: null,
          media_type: null,
          size: null,
          sha256: null,
          pdf_sha256: null,
          file_pages: 0,
          ...withPages(d.pages),
          channel: null,
          scanner_id: null,
          scanner_name: null,
          sender: null,
          from_id: d.fromId,
          target_document_id: d.targetDocumentId,
          payroll: await payrollDocuments.isPayroll(view, d.targetDocumentId),
        }),
      ];
    }
    const id = Number(recorded.streamId.replace(/^editor-document-/, ''));
    const current = await view.get(EDITOR_DOCUMENTS, id);
    if (!current) return [];
    const next: EditorDocumentRecord = { ...current, revision: recorded.revision, updated_at: at };
    const edit = (changes: Partial<EditorDocumentRecord>) =>
      Object.assign(next, changes, { undo_revisions: [...current.undo_revisions, recorded.revision].slice(-20) });
    const leave = (status: EditorDocumentRecord['status'], note: string) =>
      Object.assign(next, { status, is_processed_documents_accumulator: at, processed_note: note, undo_revisions: [] });
    const extra: ChangeIntent[] = [];
    switch (event.type) {
      case 'EditorPagesArranged':
        edit(withPages(event.data.pages));
        break;
      case 'EditorPagesAdded': {
        const pages = [...current.pages];
        pages.splice(event.data.at, 0, ...event.data.added);
        edit(withPages(pages));
        break;
      }
      case 'EditorDocumentSplit':
        edit(withPages(event.data.remaining));
        if (event.data.remaining.length === 0)
          Object.assign(next, { status: 'split', is_processed_documents_accumulator: at, processed_note: `split into ${event.data.parts.length}` });
        break;
      case 'EditorDocumentsMerged':
        edit(withPages([...current.pages, ...event.data.items.flatMap((i) => i.pages)]));
        break;
      case 'EditorDocumentRenamed':
        edit({ title: event.data.title });
        break;
      case 'EditorDocumentMoved':
        edit({ client_no: event.data.clientNo, category: event.data.category });
        break;
      case 'EditorDocumentMergedInto':
        leave('merged', `merged into ${event.data.title}`);
        next.merged_into = event.data.editorDocumentId;
        break;
      case 'EditorDocumentCompleted':
        leave('completed', 'completed');
        next.document_id = event.data.documentId;
        extra.push(...(await recordDerived(view, next, at)));
        break;
      case 'EditorDocumentDiscarded':
        leave('discarded', event.data.reason);
        break;
      case 'EditorDocumentReopened':
        Object.assign(next, { status: 'inbox', is_processed_documents_accumulator: null, processed_note: null, merged_into: null });
        break;
      case 'EditorEditUndone': {
        const r = event.data.restored;
        Object.assign(next, withPages(r.pages), {
          title: r.title,
          client_no: r.clientNo,
          category: r.category,
          status: 'inbox',
          is_processed_documents_accumulator: null,
          processed_note: null,
          undo_revisions: current.undo_revisions.slice(0, -1),
        });
        break;
      }
    }
    return [put(EDITOR_DOCUMENTS, next), ...extra];
  },
};
