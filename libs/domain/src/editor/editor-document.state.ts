import type { EditorDocumentKind, EditorDocumentStatus, PageRef } from '@portal/contracts';
import type { FilingCategory } from '../documents/document.events';
import type { EditorDocumentEvent, EditorSnapshot } from './editor-document.events';

/** An edit that can still be undone: its revision, and the item as it stood before it. */
export interface UndoEntry {
  revision: number;
  type: EditorDocumentEvent['type'];
  before: EditorSnapshot;
  /** Other items the edit created (split parts) or consumed (merged items). */
  related: number[];
}

export type EditorDocumentState =
  | { status: 'none' }
  | {
      status: EditorDocumentStatus;
      id: number;
      kind: EditorDocumentKind;
      clientNo: number;
      category: FilingCategory | null;
      title: string;
      pages: PageRef[];
      /** Revision of the last event (the stream revision). */
      version: number;
      undo: UndoEntry[];
      targetDocumentId: number | null;
      mergedInto: number | null;
      documentId: number | null;
    };

export type ExistingEditorDocument = Exclude<EditorDocumentState, { status: 'none' }>;

export const initialEditorDocumentState: EditorDocumentState = { status: 'none' };

/** Undo steps kept per item (the editor offers the last one; older ones stay possible one after another). */
const UNDO_DEPTH = 20;

const snapshotOf = (s: ExistingEditorDocument): EditorSnapshot => ({ pages: s.pages, title: s.title, clientNo: s.clientNo, category: s.category });

function edited(
  state: ExistingEditorDocument,
  event: EditorDocumentEvent,
  next: Partial<ExistingEditorDocument>,
  related: number[] = [],
): ExistingEditorDocument {
  const version = state.version + 1;
  const undo = [...state.undo, { revision: version, type: event.type, before: snapshotOf(state), related }].slice(-UNDO_DEPTH);
  return { ...state, ...next, version, undo };
}

export function evolveEditorDocument(state: EditorDocumentState, event: EditorDocumentEvent): EditorDocumentState {
  if (event.type === 'EditorDocumentReceived') {
    const d = event.data;
    const pages: PageRef[] = Array.from({ length: d.pageCount }, (_, page) => ({
      file: d.pdfSha256,
      page,
      rotation: 0,
      source: { kind: 'editor', id: d.editorDocumentId, revision: 0 },
    }));
    return {
      status: 'inbox',
      id: d.editorDocumentId,
      kind: 'source',
      clientNo: d.clientNo,
      category: d.category,
      title: d.title,
      pages,
      version: 0,
      undo: [],
      targetDocumentId: null,
      mergedInto: null,
      documentId: null,
    };
  }
  if (event.type === 'EditorDocumentDrafted') {
    const d = event.data;
    return {
      status: 'inbox',
      id: d.editorDocumentId,
      kind: d.kind,
      clientNo: d.clientNo,
      category: d.category,
      title: d.title,
      pages: d.pages,
      version: 0,
      undo: [],
      targetDocumentId: d.targetDocumentId,
      mergedInto: null,
      documentId: null,
    };
  }
  if (state.status === 'none') return state;
  const plain = (next: Partial<ExistingEditorDocument>): ExistingEditorDocument => ({ ...state, ...next, version: state.version + 1 });
  switch (event.type) {
    case 'EditorPagesArranged':
      return edited(state, event, { pages: event.data.pages });
    case 'EditorPagesAdded': {
      const pages = [...state.pages];
      pages.splice(event.data.at, 0, ...event.data.added);
      return edited(state, event, { pages });
    }
    case 'EditorDocumentSplit':
      return edited(
        state,
        event,
        { pages: event.data.remaining, status: event.data.remaining.length === 0 ? 'split' : state.status },
        event.data.parts.map((p) => p.editorDocumentId),
      );
    case 'EditorDocumentsMerged':
      return edited(
        state,
        event,
        { pages: [...state.pages, ...event.data.items.flatMap((i) => i.pages)] },
        event.data.items.map((i) => i.editorDocumentId),
      );
    case 'EditorDocumentRenamed':
      return edited(state, event, { title: event.data.title });
    case 'EditorDocumentMoved':
      return edited(state, event, { clientNo: event.data.clientNo, category: event.data.category });
    case 'EditorDocumentMergedInto':
      return plain({ status: 'merged', mergedInto: event.data.editorDocumentId, undo: [] });
    case 'EditorDocumentCompleted':
      return plain({ status: 'completed', documentId: event.data.documentId, undo: [] });
    case 'EditorDocumentDiscarded':
      return plain({ status: 'discarded', undo: [] });
    case 'EditorDocumentReopened':
      return plain({ status: 'inbox', mergedInto: null });
    case 'EditorEditUndone': {
      const r = event.data.restored;
      return plain({ status: 'inbox', pages: r.pages, title: r.title, clientNo: r.clientNo, category: r.category, undo: state.undo.slice(0, -1) });
    }
  }
}

/** The edit the next undo reverts (edits and undos pop and push; completing, discarding or merging away ends the history). */
export function lastUndoable(state: EditorDocumentState): UndoEntry | null {
  if (state.status === 'none') return null;
  return state.undo[state.undo.length - 1] ?? null;
}
