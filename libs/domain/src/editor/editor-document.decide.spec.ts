import type { PageRef } from '@portal/contracts';
import { specFor } from '../../test/given-when-then';
import { assertCompletable, editorDocumentDecider, type ReceiveEditorDocument } from './editor-document.decide';
import type { EditorDocumentEvent } from './editor-document.events';
import { evolveEditorDocument, initialEditorDocumentState } from './editor-document.state';

const spec = specFor(editorDocumentDecider, { now: '2026-03-02T08:00:00.000Z', userId: 'clerk' });
const PDF = 'c'.repeat(64);
const OTHER = 'd'.repeat(64);
const page = (n: number, rotation: PageRef['rotation'] = 0, file = PDF, id = 7): PageRef => ({
  file,
  page: n,
  rotation,
  source: { kind: 'editor', id, revision: 0 },
});

const receive: ReceiveEditorDocument = {
  type: 'ReceiveEditorDocument',
  editorDocumentId: 7,
  clientNo: 1001,
  category: null,
  title: 'Scan 2026-03-02 08:00',
  fileName: 'scan.pdf',
  mediaType: 'application/pdf',
  size: 5000,
  sha256: PDF,
  pdfSha256: PDF,
  pageCount: 6,
  channel: 'folder',
  scannerId: 'sc-1',
  scannerName: 'Empfang',
  sender: null,
};
const { type: _t, ...receivedData } = receive;
const received: EditorDocumentEvent = { type: 'EditorDocumentReceived', data: receivedData };
const filed: EditorDocumentEvent = { type: 'EditorDocumentMoved', data: { clientNo: 1001, category: 'ER_U', previousClientNo: 1001, previousCategory: null } };
const sixPages = [0, 1, 2, 3, 4, 5].map((n) => page(n));

describe('editor document decider', () => {
  describe('when nothing was delivered', () => {
    it('records a delivered scan with one page reference per page of its file', () => {
      spec([]).when(receive).then([received]);
      const state = evolveEditorDocument(initialEditorDocumentState, received);
      expect(state.status === 'inbox' && state.pages).toEqual(sixPages);
    });
    it('refuses a file without pages', () =>
      spec([])
        .when({ ...receive, pageCount: 0 })
        .thenThrows('The file has no pages.'));
    it('refuses a scan larger than the editor holds', () =>
      spec([])
        .when({ ...receive, pageCount: 5000 })
        .thenThrows(/at most 1000 pages/));
    it('answers every other command for an unknown document with the spec text', () => {
      spec([]).when({ type: 'RenameEditorDocument', title: 'x' }).thenThrows('document does not exist or access denied');
      spec([])
        .when({ type: 'ArrangeEditorPages', pages: [{ from: 0, rotation: 0 }] })
        .thenThrows('document does not exist or access denied');
    });
  });

  describe('when in the inbox', () => {
    it('reorders, turns and removes pages in one arrangement', () =>
      spec([received])
        .when({
          type: 'ArrangeEditorPages',
          pages: [
            { from: 1, rotation: 0 },
            { from: 0, rotation: 90 },
            { from: 2, rotation: 0 },
          ],
        })
        .then([{ type: 'EditorPagesArranged', data: { pages: [page(1), page(0, 90), page(2)], moved: 2, rotated: 1, removed: 3 } }]));
    it('records nothing for an unchanged arrangement', () =>
      spec([received])
        .when({ type: 'ArrangeEditorPages', pages: sixPages.map((_, from) => ({ from, rotation: 0 as const })) })
        .then([]));
    it('refuses an empty arrangement with the spec text', () =>
      spec([received]).when({ type: 'ArrangeEditorPages', pages: [] }).thenThrows('pages must be selected'));
    it('refuses a page out of range', () =>
      spec([received])
        .when({ type: 'ArrangeEditorPages', pages: [{ from: 6, rotation: 0 }] })
        .thenThrows('Page 7 does not exist: the document has 6 pages.'));
    it('refuses a page twice', () =>
      spec([received])
        .when({
          type: 'ArrangeEditorPages',
          pages: [
            { from: 1, rotation: 0 },
            { from: 1, rotation: 90 },
          ],
        })
        .thenThrows('Page 2 appears twice in the new order.'));
    it('refuses a rotation that is not a quarter turn', () =>
      spec([received])
        .when({ type: 'ArrangeEditorPages', pages: [{ from: 0, rotation: 45 as never }] })
        .thenThrows(/0, 90, 180 or 270/));

    it('splits a six-page scan of three invoices into three drafts and leaves the inbox', () =>
      spec([received])
        .when({
          type: 'SplitEditorDocument',
          parts: [
            { editorDocumentId: 71, title: 'A', positions: [0, 1] },
            { editorDocumentId: 72, title: 'B', positions: [2, 3] },
            { editorDocumentId: 73, title: ' C ', positions: [4, 5] },
          ],
        })
        .then([
          {
            type: 'EditorDocumentSplit',
            data: {
              parts: [
                { editorDocumentId: 71, title: 'A', pages: [page(0), page(1)] },
                { editorDocumentId: 72, title: 'B', pages: [page(2), page(3)] },
                { editorDocumentId: 73, title: 'C', pages: [page(4), page(5)] },
              ],
              remaining: [],
            },
          },
        ]));
    it('cuts a selection out and keeps the rest in the inbox', () => {
      const cut: EditorDocumentEvent = {
        type: 'EditorDocumentSplit',
        data: { parts: [{ editorDocumentId: 71, title: 'A', pages: [page(0)] }], remaining: sixPages.slice(1) },
      };
      spec([received])
        .when({ type: 'SplitEditorDocument', parts: [{ editorDocumentId: 71, title: 'A', positions: [0] }] })
        .then([cut]);
      const state = [received, cut].reduce(evolveEditorDocument, initialEditorDocumentState);
      expect(state.status).toBe('inbox');
    });
    it('refuses a split part without pages', () =>
      spec([received])
        .when({ type: 'SplitEditorDocument', parts: [{ editorDocumentId: 71, title: 'A', positions: [] }] })
        .thenThrows('pages must be selected'));
    it('refuses a page in two parts', () =>
      spec([received])
        .when({
          type: 'SplitEditorDocument',
          parts: [
            { editorDocumentId: 71, title: 'A', positions: [0, 1] },
            { editorDocumentId: 72, title: 'B', positions: [1] },
          ],
        })
        .thenThrows('Page 2 is in two of the new documents.'));
    it('refuses a part without a name with the spec text', () =>
      spec([received])
        .when({ type: 'SplitEditorDocument', parts: [{ editorDocumentId: 71, title: ' ', positions: [0] }] })
        .thenThrows('Document name at least 1 character'));

    it('adds pages of another item at a position', () =>
      spec([received])
        .when({ type: 'AddEditorPages', at: 1, pages: [page(0, 0, OTHER, 9)] })
        .then([{ type: 'EditorPagesAdded', data: { at: 1, added: [page(0, 0, OTHER, 9)] } }]));
    it('refuses to add no pages', () => spec([received]).when({ type: 'AddEditorPages', at: null, pages: [] }).thenThrows('pages must be selected'));
    it('refuses an insert position beyond the end', () =>
      spec([received])
        .when({ type: 'AddEditorPages', at: 9, pages: [page(0)] })
        .thenThrows(/before page 1 to 7/));

    it('takes in the pages of merged items after its own', () => {
      const merged: EditorDocumentEvent = {
        type: 'EditorDocumentsMerged',
        data: { items: [{ editorDocumentId: 9, title: 'Nachtrag', revision: 0, pages: [page(0, 0, OTHER, 9)] }] },
      };
      spec([received])
        .when({ type: 'MergeEditorDocuments', items: [{ editorDocumentId: 9, title: 'Nachtrag', revision: 0, pages: [page(0, 0, OTHER, 9)] }] })
        .then([merged]);
      const state = [received, merged].reduce(evolveEditorDocument, initialEditorDocumentState);
      expect(state.status === 'inbox' && state.pages.length).toBe(7);
    });
    it('refuses to merge an item into itself', () =>
      spec([received])
        .when({ type: 'MergeEditorDocuments', items: [{ editorDocumentId: 7, title: 'x', revision: 0, pages: [page(0)] }] })
        .thenThrows(/not into itself/));
    it('refuses a merge without items', () =>
      spec([received]).when({ type: 'MergeEditorDocuments', items: [] }).thenThrows('Choose the documents to merge into this one.'));
    it('leaves the inbox when merged into another item', () =>
      spec([received])
        .when({ type: 'MarkEditorDocumentMerged', into: 8, intoTitle: 'Scan B' })
        .then([{ type: 'EditorDocumentMergedInto', data: { editorDocumentId: 8, title: 'Scan B' } }]));

    it('renames it, refusing an empty name with the spec text', () => {
      spec([received])
        .when({ type: 'RenameEditorDocument', title: ' Rechnung Huber ' })
        .then([{ type: 'EditorDocumentRenamed', data: { title: 'Rechnung Huber', previous: 'Scan 2026-03-02 08:00' } }]);
      spec([received]).when({ type: 'RenameEditorDocument', title: '' }).thenThrows('Document name at least 1 character');
    });
    it('moves it to another client and document group', () =>
      spec([received])
        .when({ type: 'MoveEditorDocument', clientNo: 1002, category: 'AR_U' })
        .then([{ type: 'EditorDocumentMoved', data: { clientNo: 1002, category: 'AR_U', previousClientNo: 1001, previousCategory: null } }]));
    it('refuses an unknown document group', () =>
      spec([received])
        .when({ type: 'MoveEditorDocument', clientNo: 1001, category: 'XY' as never })
        .thenThrows('Unknown document category XY.'));

    it('refuses to complete before a document group is chosen, with the spec text', () =>
      spec([received])
        .when({ type: 'CompleteEditorDocument', documentId: 500, sha256: OTHER, size: 10, pageCount: 6 })
        .thenThrows('client and document group must be chosen'));
    it('completes into a new document once filed', () =>
      spec([received, filed])
        .when({ type: 'CompleteEditorDocument', documentId: 500, sha256: OTHER, size: 10, pageCount: 6 })
        .then([{ type: 'EditorDocumentCompleted', data: { documentId: 500, sha256: OTHER, size: 10, pageCount: 6 } }]));
    it('tells the service before assembly whether a completion would be refused', () => {
      expect(() => assertCompletable([received].reduce(evolveEditorDocument, initialEditorDocumentState))).toThrow('client and document group must be chosen');
      expect(assertCompletable([received, filed].reduce(evolveEditorDocument, initialEditorDocumentState)).pages).toHaveLength(6);
    });
  });

  describe('undo', () => {
    const arranged: EditorDocumentEvent = { type: 'EditorPagesArranged', data: { pages: [page(1)], moved: 1, rotated: 0, removed: 5 } };
    const renamed: EditorDocumentEvent = { type: 'EditorDocumentRenamed', data: { title: 'Neu', previous: 'Scan 2026-03-02 08:00' } };
    const before = { pages: sixPages, title: 'Scan 2026-03-02 08:00', clientNo: 1001, category: null };

    it('restores the pages before the last edit', () =>
      spec([received, arranged])
        .when({ type: 'UndoEditorEdit', revision: 1 })
        .then([{ type: 'EditorEditUndone', data: { undone: 1, restored: before } }]));
    it('undoes edits one after another, newest first', () => {
      const undoneRename: EditorDocumentEvent = { type: 'EditorEditUndone', data: { undone: 2, restored: { ...before, pages: [page(1)] } } };
      spec([received, arranged, renamed]).when({ type: 'UndoEditorEdit', revision: 2 }).then([undoneRename]);
      spec([received, arranged, renamed, undoneRename])
        .when({ type: 'UndoEditorEdit', revision: 1 })
        .then([{ type: 'EditorEditUndone', data: { undone: 1, restored: before } }]);
    });
    it('refuses to undo an edit that is not the last one', () =>
      spec([received, arranged, renamed])
        .when({ type: 'UndoEditorEdit', revision: 1 })
        .thenThrows(/Only the last edit can be undone/));
    it('refuses to undo when nothing was edited', () =>
      spec([received])
        .when({ type: 'UndoEditorEdit', revision: 0 })
        .thenThrows(/Only the last edit/));
    it('brings a fully split scan back to the inbox', () => {
      const splitAll: EditorDocumentEvent = {
        type: 'EditorDocumentSplit',
        data: { parts: [{ editorDocumentId: 71, title: 'A', pages: sixPages }], remaining: [] },
      };
      spec([received, splitAll])
        .when({ type: 'UndoEditorEdit', revision: 1 })
        .then([{ type: 'EditorEditUndone', data: { undone: 1, restored: before } }]);
      const state = [received, splitAll, { type: 'EditorEditUndone', data: { undone: 1, restored: before } } as EditorDocumentEvent].reduce(
        evolveEditorDocument,
        initialEditorDocumentState,
      );
      expect(state.status === 'inbox' && state.pages).toHaveLength(6);
    });
  });

  describe('when it left the inbox', () => {
    const completed: EditorDocumentEvent = { type: 'EditorDocumentCompleted', data: { documentId: 500, sha256: OTHER, size: 10, pageCount: 6 } };
    it('cannot change any more', () => {
      spec([received, filed, completed]).when({ type: 'RenameEditorDocument', title: 'x' }).thenThrows('The document cannot be renamed: it was completed.');
      spec([received, filed, completed])
        .when({ type: 'ArrangeEditorPages', pages: [{ from: 0, rotation: 0 }] })
        .thenThrows(/cannot change its pages: it was completed/);
    });
    it('records nothing for a repeated completion of the same document', () =>
      spec([received, filed, completed]).when({ type: 'CompleteEditorDocument', documentId: 500, sha256: OTHER, size: 10, pageCount: 6 }).then([]));
    it('cannot be undone after completing', () =>
      spec([received, filed, completed])
        .when({ type: 'UndoEditorEdit', revision: 1 })
        .thenThrows(/Only the last edit/));
    it('comes back to the inbox when the merge that took it is undone', () => {
      const mergedAway: EditorDocumentEvent = { type: 'EditorDocumentMergedInto', data: { editorDocumentId: 8, title: 'B' } };
      spec([received, mergedAway])
        .when({ type: 'ReopenEditorDocument', mergedInto: 8, reason: 'merge undone' })
        .then([{ type: 'EditorDocumentReopened', data: { reason: 'merge undone' } }]);
      spec([received, mergedAway])
        .when({ type: 'ReopenEditorDocument', mergedInto: 9, reason: 'x' })
        .thenThrows(/Only a document merged into this one/);
    });
    it('refuses to discard a split part that was changed since', () => {
      const drafted: EditorDocumentEvent = {
        type: 'EditorDocumentDrafted',
        data: { editorDocumentId: 71, kind: 'draft', clientNo: 1001, category: null, title: 'A', pages: [page(0)], fromId: 7, targetDocumentId: null },
      };
      spec([drafted])
        .when({ type: 'DiscardEditorDocument', reason: 'split undone', onlyUntouched: true })
        .then([{ type: 'EditorDocumentDiscarded', data: { reason: 'split undone' } }]);
      spec([drafted, { type: 'EditorDocumentRenamed', data: { title: 'B', previous: 'A' } }])
        .when({ type: 'DiscardEditorDocument', reason: 'split undone', onlyUntouched: true })
        .thenThrows(/can no longer be undone/);
    });
  });

  describe('a working copy of a document', () => {
    const revision: EditorDocumentEvent = {
      type: 'EditorDocumentDrafted',
      data: {
        editorDocumentId: 80,
        kind: 'revision',
        clientNo: 1001,
        category: 'ER_U',
        title: 'Rechnung',
        pages: [page(0, 0, OTHER, 500)],
        fromId: null,
        targetDocumentId: 500,
      },
    };
    it('stays with its client', () =>
      spec([revision])
        .when({ type: 'MoveEditorDocument', clientNo: 1002, category: null })
        .thenThrows(/changed where the document is/));
    it('cannot be split', () =>
      spec([revision])
        .when({ type: 'SplitEditorDocument', parts: [{ editorDocumentId: 1, title: 'x', positions: [0] }] })
        .thenThrows(/cannot be split/));
    it('completes only into its document', () =>
      spec([revision])
        .when({ type: 'CompleteEditorDocument', documentId: 501, sha256: PDF, size: 1, pageCount: 1 })
        .thenThrows(/completes into the document it was opened from/));
  });
});
