import type { IntakeChannel, PageRef } from '@portal/contracts';
import type { DomainEvent } from '../shared/decider';
import type { FilingCategory } from '../documents/document.events';

/** What an undo restores: the item as it stood before the edit. */
export interface EditorSnapshot {
  pages: PageRef[];
  title: string;
  clientNo: number;
  category: FilingCategory | null;
}

export type EditorDocumentReceived = DomainEvent<
  'EditorDocumentReceived',
  {
    editorDocumentId: number;
    clientNo: number;
    category: FilingCategory | null;
    title: string;
    fileName: string;
    mediaType: string;
    size: number;
    sha256: string;
    pdfSha256: string;
    pageCount: number;
    channel: IntakeChannel;
    scannerId: string | null;
    scannerName: string | null;
    sender: string | null;
  }
>;
/** A new item assembled from pages of others: a part of a split, or the working copy of a document's pages. */
export type EditorDocumentDrafted = DomainEvent<
  'EditorDocumentDrafted',
  {
    editorDocumentId: number;
    kind: 'draft' | 'revision';
    clientNo: number;
    category: FilingCategory | null;
    title: string;
    pages: PageRef[];
    fromId: number | null;
    targetDocumentId: number | null;
  }
>;
/** Pages reordered, turned or removed. */
export type EditorPagesArranged = DomainEvent<'EditorPagesArranged', { pages: PageRef[]; moved: number; rotated: number; removed: number }>;
export type EditorPagesAdded = DomainEvent<'EditorPagesAdded', { at: number; added: PageRef[] }>;
export type EditorDocumentSplit = DomainEvent<
  'EditorDocumentSplit',
  { parts: { editorDocumentId: number; title: string; pages: PageRef[] }[]; remaining: PageRef[] }
>;
/** Other inbox items' pages appended to this one. */
export type EditorDocumentsMerged = DomainEvent<
  'EditorDocumentsMerged',
  { items: { editorDocumentId: number; title: string; revision: number; pages: PageRef[] }[] }
>;
/** This item's pages went into another one; it leaves the inbox. */
export type EditorDocumentMergedInto = DomainEvent<'EditorDocumentMergedInto', { editorDocumentId: number; title: string }>;
export type EditorDocumentRenamed = DomainEvent<'EditorDocumentRenamed', { title: string; previous: string }>;
export type EditorDocumentMoved = DomainEvent<
  'EditorDocumentMoved',
  { clientNo: number; category: FilingCategory | null; previousClientNo: number; previousCategory: FilingCategory | null }
>;
export type EditorDocumentCompleted = DomainEvent<'EditorDocumentCompleted', { documentId: number; sha256: string; size: number; pageCount: number }>;
export type EditorDocumentDiscarded = DomainEvent<'EditorDocumentDiscarded', { reason: string }>;
/** Back in the inbox after the merge or split that consumed it was undone. */
export type EditorDocumentReopened = DomainEvent<'EditorDocumentReopened', { reason: string }>;
export type EditorEditUndone = DomainEvent<'EditorEditUndone', { undone: number; restored: EditorSnapshot }>;

export type EditorDocumentEvent =
  | EditorDocumentReceived
  | EditorDocumentDrafted
  | EditorPagesArranged
  | EditorPagesAdded
  | EditorDocumentSplit
  | EditorDocumentsMerged
  | EditorDocumentMergedInto
  | EditorDocumentRenamed
  | EditorDocumentMoved
  | EditorDocumentCompleted
  | EditorDocumentDiscarded
  | EditorDocumentReopened
  | EditorEditUndone;

export const EDITOR_DOCUMENT_EVENT_TYPES = [
  'EditorDocumentReceived',
  'EditorDocumentDrafted',
  'EditorPagesArranged',
  'EditorPagesAdded',
  'EditorDocumentSplit',
  'EditorDocumentsMerged',
  'EditorDocumentMergedInto',
  'EditorDocumentRenamed',
  'EditorDocumentMoved',
  'EditorDocumentCompleted',
  'EditorDocumentDiscarded',
  'EditorDocumentReopened',
  'EditorEditUndone',
] as const satisfies readonly EditorDocumentEvent['type'][];

export const editorDocumentStreamId = (editorDocumentId: number) => `editor-document-${editorDocumentId}`;

/** Pages one inbox item may hold; larger scans are refused at intake with a clear message. */
export const EDITOR_MAX_PAGES = 1000;
