export { editorDocumentDecider, assertCompletable, EDITOR_MESSAGES } from './editor-document.decide';
export type {
  EditorDocumentCommand,
  ReceiveEditorDocument,
  DraftEditorDocument,
  ArrangeEditorPages,
  AddEditorPages,
  SplitEditorDocument,
  MergeEditorDocuments,
  MoveEditorDocument,
  CompleteEditorDocument,
} from './editor-document.decide';
export { editorDocumentStreamId, EDITOR_DOCUMENT_EVENT_TYPES, EDITOR_MAX_PAGES } from './editor-document.events';
export type { EditorDocumentEvent, EditorSnapshot } from './editor-document.events';
export { evolveEditorDocument, lastUndoable } from './editor-document.state';
export type { EditorDocumentState, ExistingEditorDocument, UndoEntry } from './editor-document.state';
