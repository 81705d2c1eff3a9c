import { PAGE_ROTATIONS, type PageRef, type PageRotation } from '@portal/contracts';
import type { Decider, DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import { FILING_CATEGORIES, type FilingCategory } from '../documents/document.events';
import { EDITOR_MAX_PAGES, type EditorDocumentDrafted, type EditorDocumentEvent, type EditorDocumentReceived } from './editor-document.events';
import { evolveEditorDocument, initialEditorDocumentState, lastUndoable, type EditorDocumentState, type ExistingEditorDocument } from './editor-document.state';

export type ReceiveEditorDocument = { type: 'ReceiveEditorDocument' } & EditorDocumentReceived['data'];
export type DraftEditorDocument = { type: 'DraftEditorDocument' } & EditorDocumentDrafted['data'];
/** The new arrangement by positions in the current one: order, rotation, and pages left out are removed. */
export type ArrangeEditorPages = { type: 'ArrangeEditorPages'; pages: { from: number; rotation: PageRotation }[] };
/** Pages of another item or document (the caller checked the reader may see them), inserted at `at` (default: the end). */
export type AddEditorPages = { type: 'AddEditorPages'; at: number | null; pages: PageRef[] };
export type SplitEditorDocument = { type: 'SplitEditorDocument'; parts: { editorDocumentId: number; title: string; positions: number[] }[] };
export type MergeEditorDocuments = { type: 'MergeEditorDocuments'; items: { editorDocumentId: number; title: string; revision: number; pages: PageRef[] }[] };
export type MarkEditorDocumentMerged = { type: 'MarkEditorDocumentMerged'; into: number; intoTitle: string };
export type RenameEditorDocument = { type: 'RenameEditorDocument'; title: string };
export type MoveEditorDocument = { type: 'MoveEditorDocument'; clientNo: number; category: FilingCategory | null };
export type CompleteEditorDocument = { type: 'CompleteEditorDocument'; documentId: number; sha256: string; size: number; pageCount: number };
export type DiscardEditorDocument = { type: 'DiscardEditorDocument'; reason: string; onlyUntouched: boolean };
export type ReopenEditorDocument = { type: 'ReopenEditorDocument'; mergedInto: number; reason: string };
export type UndoEditorEdit = { type: 'UndoEditorEdit'; revision: number };

export type EditorDocumentCommand =
  | ReceiveEditorDocument
  | DraftEditorDocument
  | ArrangeEditorPages
  | AddEditorPages
  | SplitEditorDocument
  | MergeEditorDocuments
  | MarkEditorDocumentMerged
  | RenameEditorDocument
  | MoveEditorDocument
  | CompleteEditorDocument
  | DiscardEditorDocument
  | ReopenEditorDocument
  | UndoEditorEdit;

export const EDITOR_MESSAGES = {
  notFound: 'document does not exist or access denied',
  noPages: 'pages must be selected',
  emptyName: 'Document name at least 1 character',
  clientAndGroup: 'client and document group must be chosen',
} as const;

function existing(state: EditorDocumentState): ExistingEditorDocument {
  if (state.status === 'none') throw notFound(EDITOR_MESSAGES.notFound);
  return state;
}

const LEFT: Record<Exclude<ExistingEditorDocument['status'], 'inbox'>, string> = {
  split: 'it was split into new documents',
  merged: 'it was merged into another document',
  completed: 'it was completed',
  discarded: 'it was discarded',
};

/** An item still waiting in the inbox; anything else has left the editor and cannot change. */
function inInbox(state: EditorDocumentState, action: string): ExistingEditorDocument {
  const doc = existing(state);
  if (doc.status !== 'inbox') throw conflict(`The document cannot ${action}: ${LEFT[doc.status]}.`, { status: doc.status });
  return doc;
}

function position(doc: ExistingEditorDocument, at: number): number {
  if (!Number.isSafeInteger(at) || at < 0 || at >= doc.pages.length)
    throw invalid(`Page ${at + 1} does not exist: the document has ${doc.pages.length} pages.`);
  return at;
}

function checkedTitle(raw: string): string {
  const title = raw.trim();
  if (title.length < 1) throw invalid(EDITOR_MESSAGES.emptyName);
  if (title.length > 200) throw invalid('The document name must be at most 200 characters.');
  return title;
}

function checkedRotation(rotation: number): PageRotation {
  if (!(PAGE_ROTATIONS as readonly number[]).includes(rotation)) throw invalid(`A page turns by 0, 90, 180 or 270 degrees, not ${rotation}.`);
  return rotation as PageRotation;
}

function checkedPages(pages: PageRef[]): PageRef[] {
  if (pages.length === 0) throw invalid(EDITOR_MESSAGES.noPages);
  for (const p of pages) {
    checkedRotation(p.rotation);
    if (!/^[0-9a-f]{64}$/.test(p.file) || !Number.isSafeInteger(p.page) || p.page < 0) throw invalid('A page reference names no file page.');
  }
  return pages;
}

function withinLimit(count: number): void {
  if (count > EDITOR_MAX_PAGES) throw invalid(`A document in the editor holds at most ${EDITOR_MAX_PAGES} pages (this would have ${count}).`);
}

/** Throws the refusal a completion would meet; the service asks before it assembles the PDF. */
export function assertCompletable(state: EditorDocumentState): ExistingEditorDocument {
  const doc = inInbox(state, 'be completed');
  if (doc.pages.length === 0) throw invalid(EDITOR_MESSAGES.noPages);
  if (doc.title.trim().length < 1) throw invalid(EDITOR_MESSAGES.emptyName);
  if (doc.category === null) throw invalid(EDITOR_MESSAGES.clientAndGroup);
  return doc;
}

function arrange(doc: ExistingEditorDocument, wanted: ArrangeEditorPages['pages']): EditorDocumentEvent[] {
  if (wanted.length === 0) throw invalid(EDITOR_MESSAGES.noPages);
  const seen = new Set<number>();
  const pages = wanted.map(({ from, rotation }) => {
    position(doc, from);
    if (seen.has(from)) throw invalid(`Page ${from + 1} appears twice in the new order.`);
    seen.add(from);
    return { ...doc.pages[from]!, rotation: checkedRotation(rotation) };
  });
  const kept = [...seen].sort((a, b) => a - b);
  const moved = wanted.filter((w, i) => w.from !== kept[i]).length;
  const rotated = wanted.filter((w) => w.rotation !== doc.pages[w.from]!.rotation).length;
  const removed = doc.pages.length - wanted.length;
  if (moved === 0 && rotated === 0 && removed === 0) return [];
  return [{ type: 'EditorPagesArranged', data: { pages, moved, rotated, removed } }];
}

function split(doc: ExistingEditorDocument, parts: SplitEditorDocument['parts']): EditorDocumentEvent[] {
  if (doc.kind === 'revision') throw conflict('The working copy of a document cannot be split; complete or discard it first.');
  if (parts.length === 0) throw invalid(EDITOR_MESSAGES.noPages);
  const used = new Set<number>();
  const cut = parts.map((part) => {
    if (part.positions.length === 0) throw invalid(EDITOR_MESSAGES.noPages);
    const pages = part.positions.map((at) => {
      position(doc, at);
      if (used.has(at)) throw invalid(`Page ${at + 1} is in two of the new documents.`);
      used.add(at);
      return doc.pages[at]!;
    });
    return { editorDocumentId: part.editorDocumentId, title: checkedTitle(part.title), pages };
  });
  const remaining = doc.pages.filter((_, i) => !used.has(i));
  return [{ type: 'EditorDocumentSplit', data: { parts: cut, remaining } }];
}

function receiveEditorDocument(command: ReceiveEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  if (state.status !== 'none') throw conflict('Document already exists.');
  const { type: _type, ...data } = command;
  if (data.size <= 0) throw invalid('The file is empty.');
  if (data.pageCount < 1) throw invalid('The file has no pages.');
  withinLimit(data.pageCount);
  if (data.category !== null && !(data.category in FILING_CATEGORIES)) throw invalid(`Unknown document category ${String(data.category)}.`);
  return [{ type: 'EditorDocumentReceived', data: { ...data, title: checkedTitle(data.title) } }];
}

function draftEditorDocument(command: DraftEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  if (state.status !== 'none') throw conflict('Document already exists.');
  const { type: _type, ...data } = command;
  checkedPages(data.pages);
  withinLimit(data.pages.length);
  return [{ type: 'EditorDocumentDrafted', data: { ...data, title: checkedTitle(data.title) } }];
}

function addEditorPages(command: AddEditorPages, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = inInbox(state, 'get more pages');
  checkedPages(command.pages);
  withinLimit(doc.pages.length + command.pages.length);
  const at = command.at ?? doc.pages.length;
  if (!Number.isSafeInteger(at) || at < 0 || at > doc.pages.length)
    throw invalid(`Pages can be inserted before page 1 to ${doc.pages.length + 1}, not ${at + 1}.`);
  return [{ type: 'EditorPagesAdded', data: { at, added: command.pages } }];
}

function mergeEditorDocuments(command: MergeEditorDocuments, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = inInbox(state, 'take in other documents');
  if (command.items.length === 0) throw invalid('Choose the documents to merge into this one.');
  const ids = new Set(command.items.map((i) => i.editorDocumentId));
  if (ids.size !== command.items.length || ids.has(doc.id)) throw invalid('Each document can be merged once, and not into itself.');
  for (const item of command.items) checkedPages(item.pages);
  withinLimit(doc.pages.length + command.items.reduce((n, i) => n + i.pages.length, 0));
  return [{ type: 'EditorDocumentsMerged', data: { items: command.items } }];
}

function markEditorDocumentMerged(command: MarkEditorDocumentMerged, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = inInbox(state, 'be merged');
  if (doc.kind === 'revision') throw conflict('The working copy of a document cannot be merged into another one; complete or discard it.');
  return [{ type: 'EditorDocumentMergedInto', data: { editorDocumentId: command.into, title: command.intoTitle } }];
}

function renameEditorDocument(command: RenameEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = inInbox(state, 'be renamed');
  const title = checkedTitle(command.title);
  return title === doc.title ? [] : [{ type: 'EditorDocumentRenamed', data: { title, previous: doc.title } }];
}

function moveEditorDocument(command: MoveEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = inInbox(state, 'be moved');
  if (command.category !== null && !(command.category in FILING_CATEGORIES)) throw invalid(`Unknown document category ${String(command.category)}.`);
  const category = command.category ?? doc.category;
  if (command.clientNo === doc.clientNo && category === doc.category) return [];
  if (doc.kind === 'revision')
    throw conflict('The pages of an existing document are changed where the document is; file the document elsewhere from its own screen.');
  return [{ type: 'EditorDocumentMoved', data: { clientNo: command.clientNo, category, previousClientNo: doc.clientNo, previousCategory: doc.category } }];
}

function completeEditorDocument(command: CompleteEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  if (state.status === 'completed' && state.documentId === command.documentId) return [];
  const doc = assertCompletable(state);
  if (doc.targetDocumentId !== null && command.documentId !== doc.targetDocumentId)
    throw invalid('A working copy completes into the document it was opened from.');
  return [
    { type: 'EditorDocumentCompleted', data: { documentId: command.documentId, sha256: command.sha256, size: command.size, pageCount: command.pageCount } },
  ];
}

function discardEditorDocument(command: DiscardEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  if (state.status === 'discarded') return [];
  const doc = inInbox(state, 'be discarded');
  if (command.onlyUntouched && doc.version > 0) throw conflict(`"${doc.title}" was changed after it was cut; the split can no longer be undone.`);
  return [{ type: 'EditorDocumentDiscarded', data: { reason: command.reason.trim().slice(0, 500) || 'Discarded' } }];
}

function reopenEditorDocument(command: ReopenEditorDocument, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = existing(state);
  if (doc.status === 'inbox') return [];
  if (doc.status !== 'merged' || doc.mergedInto !== command.mergedInto) throw conflict('Only a document merged into this one can come back to the inbox.');
  return [{ type: 'EditorDocumentReopened', data: { reason: command.reason } }];
}

function undoEditorEdit(command: UndoEditorEdit, state: EditorDocumentState): EditorDocumentEvent[] {
  const doc = existing(state);
  const last = lastUndoable(doc);
  if (!last || last.revision !== command.revision || (doc.status !== 'inbox' && !(doc.status === 'split' && last.type === 'EditorDocumentSplit'))) {
    throw conflict('Only the last edit can be undone, and only before the document is completed or changed by someone else.');
  }
  return [{ type: 'EditorEditUndone', data: { undone: last.revision, restored: last.before } }];
}

export function decideEditorDocument(command: EditorDocumentCommand, state: EditorDocumentState, _context: DecisionContext): EditorDocumentEvent[] {
  switch (command.type) {
    case 'ReceiveEditorDocument':
      return receiveEditorDocument(command, state);
    case 'DraftEditorDocument':
      return draftEditorDocument(command, state);
    case 'ArrangeEditorPages':
      return arrange(inInbox(state, 'change its pages'), command.pages);
    case 'AddEditorPages':
      return addEditorPages(command, state);
    case 'SplitEditorDocument':
      return split(inInbox(state, 'be split'), command.parts);
    case 'MergeEditorDocuments':
      return mergeEditorDocuments(command, state);
    case 'MarkEditorDocumentMerged':
      return markEditorDocumentMerged(command, state);
    case 'RenameEditorDocument':
      return renameEditorDocument(command, state);
    case 'MoveEditorDocument':
      return moveEditorDocument(command, state);
    case 'CompleteEditorDocument':
      return completeEditorDocument(command, state);
    case 'DiscardEditorDocument':
      return discardEditorDocument(command, state);
    case 'ReopenEditorDocument':
      return reopenEditorDocument(command, state);
    case 'UndoEditorEdit':
      return undoEditorEdit(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const editorDocumentDecider: Decider<EditorDocumentState, EditorDocumentCommand, EditorDocumentEvent> = {
  initialState: initialEditorDocumentState,
  evolve: evolveEditorDocument,
  decide: decideEditorDocument,
};
