import { randomInt } from 'node:crypto';
import type { BlobStore } from '@portal/blob-store';
import type { Bus } from '@portal/bus';
import { Conflict, type EditorDocumentRecord, type PageRef } from '@portal/contracts';
import {
  assertCompletable,
  documentDecider,
  documentStreamId,
  editorDocumentDecider,
  editorDocumentStreamId,
  type ExistingEditorDocument,
} from '@portal/domain';
import { DOCUMENT_PROGRESS_TOPIC, DOCUMENT_UPLOADED_TOPIC, type DocumentProgress, type DocumentWorkItem } from '@portal/messages';
import { DOCUMENTS } from '@portal/read-models';
import { commandContextOf } from '../command-context';
import type { CallContext } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { safeFileName } from '../documents/upload.service';
import { assemblePages } from './assemble';
import type { EditorAccess } from './editor-access';
import { lineageOf } from './lineage';

export const DUPLICATE_IN_GROUP = 'Document could not be created because it already exists in the document group';

/**
 * completeDocument: the PDF is assembled on the server from the source pages, stored content-addressed,
 * and becomes a new document of the chosen client and document group (or the new file of the document a
 * working copy was opened from), which is then extracted like an upload. Sources are only read.
 */
export class EditorCompletion {
  constructor(
    private readonly access: EditorAccess,
    private readonly blobs: BlobStore,
    private readonly bus: Bus,
    private readonly commands: CommandSender,
  ) {}

  async complete(call: CallContext, record: EditorDocumentRecord): Promise<void> {
    const state = await this.access.state(record.id);
    if (state.status === 'completed') return;
    const doc = assertCompletable(state);
    const assembled = await assemblePages(doc.pages, (sha) => this.blobs.get(sha));
    const sha256 = await this.blobs.put(assembled.bytes);
    const lineage = await lineageOf(this.access.reads, doc.pages, doc.id, doc.version);
    if (doc.targetDocumentId !== null) return this.revise(call, doc, sha256, assembled.bytes.length, lineage);
    const category = doc.category!;
    await this.refuseDuplicate(doc.clientNo, category, sha256, null);
    const documentId = randomInt(1, 2 ** 47);
    await this.commands.send(
      editorDocumentDecider,
      editorDocumentStreamId(doc.id),
      { type: 'CompleteEditorDocument', documentId, sha256, size: assembled.bytes.length, pageCount: assembled.pageCount },
      { ...commandContextOf(call, doc.clientNo), expectedRevision: doc.version },
    );
    const fileName = safeFileName(`${doc.title}.pdf`);
    await this.commands.send(
      documentDecider,
      documentStreamId(documentId),
      {
        type: 'UploadDocument',
        documentId,
        clientNo: doc.clientNo,
        fileName,
        mediaType: 'application/pdf',
        size: assembled.bytes.length,
        sha256,
        category,
        title: doc.title,
        assembledFrom: lineage,
      },
      { userId: call.user.keycloakId, clientNo: doc.clientNo, commandId: `editor-complete-${doc.id}` },
    );
    await this.extract({ documentId, clientNo: doc.clientNo, sha256, mediaType: 'application/pdf', fileName });
  }

  private async revise(
    call: CallContext,
    doc: ExistingEditorDocument,
    sha256: string,
    size: number,
    lineage: Awaited<ReturnType<typeof lineageOf>>,
  ): Promise<void> {
    const target = await this.access.document(call.user, doc.targetDocumentId!);
    await this.refuseDuplicate(target.client_no, target.category, sha256, target.id);
    const before = target.pages ?? countOwnPages(doc.pages, target.id);
    const kept = doc.pages.filter((p) => p.source.kind === 'document' && p.source.id === target.id).length;
    await this.commands.send(
      documentDecider,
      documentStreamId(target.id),
      { type: 'ReviseDocumentPages', sha256, size, pageCount: doc.pages.length, added: doc.pages.length - kept, removed: Math.max(0, before - kept), lineage },
      { userId: call.user.keycloakId, clientNo: target.client_no, commandId: `editor-complete-${doc.id}` },
    );
    await this.commands.send(
      editorDocumentDecider,
      editorDocumentStreamId(doc.id),
      { type: 'CompleteEditorDocument', documentId: target.id, sha256, size, pageCount: doc.pages.length },
      { ...commandContextOf(call, doc.clientNo), expectedRevision: doc.version },
    );
    const revised = await this.access.reads.get(DOCUMENTS, target.id);
    if (revised?.sha256 === sha256)
      await this.extract({ documentId: target.id, clientNo: target.client_no, sha256, mediaType: 'application/pdf', fileName: target.file_name });
  }

  /** The duplicate rule per document group: no two documents of a client's group with the same file. */
  private async refuseDuplicate(clientNo: number, category: string, sha256: string, except: number | null): Promise<void> {
    const same = await this.access.reads.find(DOCUMENTS, { where: { client_no: clientNo, category, sha256 }, sort: [], skip: 0, limit: 2, select: ['id'] });
    const other = same.data.find((d) => d.id !== except);
    if (other) throw Conflict(DUPLICATE_IN_GROUP, { documentId: other.id });
  }

  /** Queues the new file for text and field extraction, as the upload path does. */
  private async extract(item: DocumentWorkItem): Promise<void> {
    // Someone just completed it in the editor and waits for its fields.
    await this.bus.publish(DOCUMENT_UPLOADED_TOPIC, [{ key: String(item.documentId), value: { ...item, priority: 'person' } }]);
    const progress: DocumentProgress = { documentId: item.documentId, client_no: item.clientNo, stage: 'uploaded', percent: 10 };
    await this.bus.publish(DOCUMENT_PROGRESS_TOPIC, [{ key: String(item.documentId), value: progress }]);
  }
}

/** Pages a working copy started with from its document, when the document's page count is not known yet. */
const countOwnPages = (pages: readonly PageRef[], documentId: number) =>
  new Set(pages.filter((p) => p.source.kind === 'document' && p.source.id === documentId).map((p) => p.page)).size;
