import { randomInt } from 'node:crypto';
import type { BlobStore } from '@portal/blob-store';
import { subCommandId } from '@portal/commands';
import { BadRequest, Conflict, pageRuns, type EditorDocumentRecord, type PageRef, type PageSource } from '@portal/contracts';
import { editorDocumentDecider, editorDocumentStreamId, lastUndoable, type EditorDocumentCommand, type FilingCategory } from '@portal/domain';
import { EDITOR_DOCUMENTS } from '@portal/read-models';
import type { CallContext } from '../../gateway/service-definition';
import type { CommandSender } from '../../platform/domain-command';
import { commandContextOf } from '../command-context';
import type { EditorAccess } from './editor-access';
import { editorNotFound } from './editor-access';
import { pageFileOf } from './page-files';

/**
 * The editor's commands that reach beyond one item: split (new drafts), merge (items leave the inbox),
 * pages added from another item or document, and undo of those. Single-item edits go straight to the decider.
 */
export class EditorActions {
  constructor(
    private readonly access: EditorAccess,
    private readonly blobs: BlobStore,
    private readonly commands: CommandSender,
  ) {}

  /** One command on one item, with the caller's command id and the revision it saw. */
  send(call: CallContext, record: EditorDocumentRecord, command: EditorDocumentCommand) {
    return this.commands.send(editorDocumentDecider, editorDocumentStreamId(record.id), command, commandContextOf(call, record.client_no));
  }

  async split(call: CallContext, record: EditorDocumentRecord, parts: { positions: number[]; title?: string }[]): Promise<number[]> {
    const named = parts.map((part) => ({
      editorDocumentId: randomInt(1, 2 ** 47),
      positions: part.positions,
      title: part.title ?? `${record.title} (${pageRuns(part.positions.map((p) => p + 1))})`,
    }));
    const outcome = await this.send(call, record, { type: 'SplitEditorDocument', parts: named });
    const split = outcome.events.find((e) => e.type === 'EditorDocumentSplit');
    if (!split) return [];
    // A retried call finds the split already recorded: the drafts are (re)created from the recorded parts.
    const recorded = (split.data as { parts: { editorDocumentId: number; title: string; pages: PageRef[] }[] }).parts;
    for (const part of recorded) {
      await this.commands.send(
        editorDocumentDecider,
        editorDocumentStreamId(part.editorDocumentId),
        {
          type: 'DraftEditorDocument',
          editorDocumentId: part.editorDocumentId,
          kind: 'draft',
          clientNo: record.client_no,
          category: record.category,
          title: part.title,
          pages: part.pages,
          fromId: record.id,
          targetDocumentId: null,
        },
        {
          userId: call.user.keycloakId,
          clientNo: record.client_no,
          commandId: subCommandId(split.metadata.commandId, `part-${part.editorDocumentId}`),
          correlationId: split.metadata.correlationId,
        },
      );
    }
    return recorded.map((p) => p.editorDocumentId);
  }

  /**
   * Merges other inbox items into this one: each leaves the inbox (checked against the revision read here),
   * then their pages follow this item's. If anything is refused on the way, the items taken so far go back.
   */
  async merge(call: CallContext, record: EditorDocumentRecord, ids: number[]): Promise<void> {
    if (ids.length === 0) throw BadRequest('Choose the documents to merge into this one.');
    if (new Set(ids).size !== ids.length || ids.includes(record.id)) throw BadRequest('Each document can be merged once, and not into itself.');
    const items = [];
    for (const id of ids) {
      await this.access.item(call.user, id);
      const state = await this.access.state(id);
      if (state.status === 'none') throw editorNotFound();
      items.push({ editorDocumentId: id, title: state.title, revision: state.version, pages: state.pages, clientNo: state.clientNo });
    }
    const target = await this.access.state(record.id);
    if (target.status === 'none') throw editorNotFound();
    const taken: typeof items = [];
    try {
      for (const item of items) {
        await this.commands.send(
          editorDocumentDecider,
          editorDocumentStreamId(item.editorDocumentId),
          { type: 'MarkEditorDocumentMerged', into: record.id, intoTitle: target.title },
          { userId: call.user.keycloakId, clientNo: item.clientNo, expectedRevision: item.revision },
        );
        taken.push(item);
      }
      await this.send(call, record, { type: 'MergeEditorDocuments', items: items.map(({ clientNo: _c, ...i }) => i) });
    } catch (error) {
      for (const item of taken) await this.reopen(call, item.editorDocumentId, item.clientNo, record.id, 'merge refused').catch(() => undefined);
      throw error;
    }
  }

  /** Copies pages of another item or document (all, or the given positions) into this item at `at`. */
  async addPages(
    call: CallContext,
    record: EditorDocumentRecord,
    source: { kind: PageSource['kind']; id: number; positions?: number[]; at?: number },
  ): Promise<void> {
    const pages = source.kind === 'editor' ? await this.itemPages(call, source.id) : await this.documentPages(call, source.id);
    const chosen = source.positions ? source.positions.map((p) => pages[p] ?? badPosition(p, pages.length)) : pages;
    await this.send(call, record, { type: 'AddEditorPages', at: source.at ?? null, pages: chosen });
  }

  /** A working copy of an unconfirmed document's pages, to change them in the editor. */
  async openDocument(call: CallContext, documentId: number): Promise<number> {
    const doc = await this.access.document(call.user, documentId);
    if (doc.booked) throw Conflict('The document is booked: its pages can no longer change.');
    if (doc.confirmed) throw Conflict('Pages can be added only to documents that are not yet confirmed.');
    const open = await this.access.reads.find(EDITOR_DOCUMENTS, {
      where: { target_document_id: documentId, is_processed_documents_accumulator: null },
      sort: [],
      skip: 0,
      limit: 1,
      select: ['id'],
    });
    if (open.total > 0) return open.data[0]!.id as number;
    const pages = await this.documentPages(call, documentId);
    const editorDocumentId = randomInt(1, 2 ** 47);
    await this.commands.send(
      editorDocumentDecider,
      editorDocumentStreamId(editorDocumentId),
      {
        type: 'DraftEditorDocument',
        editorDocumentId,
        kind: 'revision',
        clientNo: doc.client_no,
        category: doc.category as FilingCategory,
        title: doc.title,
        pages,
        fromId: null,
        targetDocumentId: documentId,
      },
      commandContextOf(call, doc.client_no),
    );
    return editorDocumentId;
  }

  async undo(call: CallContext, record: EditorDocumentRecord, revision: number): Promise<void> {
    const state = await this.access.state(record.id);
    const last = lastUndoable(state);
    if (state.status === 'none' || !last || last.revision !== revision) {
      throw Conflict('Only the last edit can be undone, and only before the document is completed or changed by someone else.');
    }
    const undo = () =>
      this.commands.send(
        editorDocumentDecider,
        editorDocumentStreamId(record.id),
        { type: 'UndoEditorEdit', revision },
        { ...commandContextOf(call, record.client_no), expectedRevision: state.version },
      );
    if (last.type === 'EditorDocumentSplit') {
      // The parts go first: a part changed since refuses, and the scan stays as it is.
      for (const part of last.related) {
        const partState = await this.access.state(part);
        if (partState.status === 'inbox' && partState.version > 0)
          throw Conflict(`"${partState.title}" was changed after it was cut; the split can no longer be undone.`);
        if (partState.status !== 'inbox' && partState.status !== 'discarded')
          throw Conflict(`"${partState.status === 'none' ? part : partState.title}" has left the editor; the split can no longer be undone.`);
      }
      for (const part of last.related) {
        await this.commands.send(
          editorDocumentDecider,
          editorDocumentStreamId(part),
          { type: 'DiscardEditorDocument', reason: 'split undone', onlyUntouched: true },
          { userId: call.user.keycloakId, clientNo: record.client_no },
        );
      }
      await undo();
      return;
    }
    await undo();
    if (last.type === 'EditorDocumentsMerged') {
      for (const item of last.related) await this.reopen(call, item, record.client_no, record.id, 'merge undone');
    }
  }

  private async reopen(call: CallContext, id: number, clientNo: number, mergedInto: number, reason: string) {
    await this.commands.send(
      editorDocumentDecider,
      editorDocumentStreamId(id),
      { type: 'ReopenEditorDocument', mergedInto, reason },
      { userId: call.user.keycloakId, clientNo },
    );
  }

  private async itemPages(call: CallContext, id: number): Promise<PageRef[]> {
    await this.access.item(call.user, id);
    const state = await this.access.state(id);
    if (state.status === 'none') throw editorNotFound();
    return state.pages;
  }

  /** Pages of a document's current file: the PDF itself, or a PDF rendition of an image (stored beside it). */
  private async documentPages(call: CallContext, id: number): Promise<PageRef[]> {
    const doc = await this.access.document(call.user, id);
    const bytes = await this.blobs.get(doc.sha256);
    if (!bytes) throw Conflict('The file of the document is missing from the file store.');
    const pageFile = await pageFileOf(bytes, doc.media_type);
    const file = pageFile.pdf === bytes ? doc.sha256 : await this.blobs.put(pageFile.pdf);
    return Array.from({ length: pageFile.pageCount }, (_, page) => ({
      file,
      page,
      rotation: 0 as const,
      source: { kind: 'document' as const, id, revision: doc.revision },
    }));
  }
}

function badPosition(position: number, count: number): never {
  throw BadRequest(`Page ${position + 1} does not exist: the document has ${count} pages.`);
}
