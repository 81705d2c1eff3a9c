import type { FilingCategoryCode } from './documents';

/** Clockwise rotation of a page, in degrees, on top of the rotation the page has in its source file. */
export const PAGE_ROTATIONS = [0, 90, 180, 270] as const;
export type PageRotation = (typeof PAGE_ROTATIONS)[number];

/** Where a page was taken from: an inbox item of the document editor or a document, at a stream revision. */
export interface PageSource {
  kind: 'editor' | 'document';
  id: number;
  revision: number;
}

/**
 * One page of an editor document: page `page` (0-based) of the PDF stored under `file` (sha256), turned
 * by `rotation`. Images are pages too: their PDF rendition is what `file` names. Files are never altered.
 */
export interface PageRef {
  file: string;
  page: number;
  rotation: PageRotation;
  source: PageSource;
}

/** How a file reached the inbox. */
export const INTAKE_CHANNELS = ['upload', 'http', 'email', 'folder'] as const;
export type IntakeChannel = (typeof INTAKE_CHANNELS)[number];

export type EditorDocumentKind = 'source' | 'draft' | 'revision';
/** inbox: waiting to be cut; the others are processed (is_processed_documents_accumulator set). */
export type EditorDocumentStatus = 'inbox' | 'split' | 'merged' | 'completed' | 'discarded';

/** A document made with pages of an inbox item or of another document: which of its pages (1-based, in its file) went where. */
export interface DerivedDocument {
  document_id: number;
  title: string;
  pages: number[];
  at: string;
}

/** Pages of one source in a new document: "pages 1–3 from <title>, revision N". */
export interface LineageSource {
  kind: PageSource['kind'];
  id: number;
  revision: number;
  title: string;
  /** 1-based page numbers in the source's file, in the order they appear in the new document. */
  pages: number[];
  /** Pages of this source that were turned. */
  rotated: number;
}

/** Where an assembled document's pages came from (the documents record's `lineage`). */
export interface DocumentLineage {
  editorDocumentId: number;
  editorRevision: number;
  sources: LineageSource[];
}

/** editor-document: one record per inbox item or draft of the document editor of a client. */
export interface EditorDocumentRecord {
  id: number;
  client_no: number;
  /** The document group the new document is filed under; null until chosen. */
  category: FilingCategoryCode | null;
  title: string;
  kind: EditorDocumentKind;
  status: EditorDocumentStatus;
  /** Spec 7: null while the item waits in the inbox (the badge counts these); the time it was processed otherwise. */
  is_processed_documents_accumulator: string | null;
  /** The delivered original (sources only; never altered). */
  file_name: string | null;
  media_type: string | null;
  size: number | null;
  sha256: string | null;
  /** The PDF the source's pages are read from (the original itself for PDFs). */
  pdf_sha256: string | null;
  /** Pages of the delivered file. */
  file_pages: number;
  /** The pages as arranged now. */
  pages: PageRef[];
  page_count: number;
  channel: IntakeChannel | null;
  scanner_id: string | null;
  scanner_name: string | null;
  /** E-mail sender or folder path, for the intake's note. */
  sender: string | null;
  /** Drafts: the inbox item they were cut from. */
  from_id: number | null;
  /** Revisions: the document whose pages are being changed. */
  target_document_id: number | null;
  /** The document created (or changed) on completion. */
  document_id: number | null;
  /** A working copy of a payroll document: only users with dpv see it. */
  payroll: boolean;
  /** Documents cut from this item's pages. */
  derived: DerivedDocument[];
  /** Inbox items merged into this one, or the one this was merged into. */
  merged_into: number | null;
  /** Why the item left the inbox (split, merged into …, completed, discarded: reason). */
  processed_note: string | null;
  /** Revisions of the edits that can still be undone, oldest first (the last one is undone next). */
  undo_revisions: number[];
  received_at: string;
  received_by: string;
  updated_at: string;
  revision: number;
}

/** patch editor-document: one action per call, named by `action`. Positions index the item's current pages. */
export type EditorAction =
  | { action: 'arrange'; pages: { from: number; rotation: PageRotation }[] }
  | { action: 'split'; parts: { positions: number[]; title?: string }[] }
  | { action: 'merge'; items: number[] }
  | { action: 'addPages'; sourceKind: PageSource['kind']; sourceId: number; positions?: number[]; at?: number }
  | { action: 'renameDocument'; title: string }
  | { action: 'move'; client_no?: number; category?: FilingCategoryCode }
  | { action: 'completeDocument' }
  | { action: 'discard'; reason?: string }
  | { action: 'undo'; revision: number };

/** create editor-document: a draft that changes the pages of an unconfirmed document (opened in the editor). */
export interface CreateEditorRevisionData {
  documentId: number;
}

/** Pushed reply of an upload to the inbox, per file. */
export type InboxDeliveryOutcome =
  | { fileName: string; ok: true; editorDocumentId: number; pages: number }
  | { fileName: string; ok: false; error: { name: string; code: number; message: string } };

/** Page numbers as runs: [1, 2, 3, 5] → "1–3, 5" (lineage lines, default titles of split parts). */
export function pageRuns(pages: readonly number[]): string {
  const runs: string[] = [];
  let start: number | undefined = pages[0];
  let prev: number | undefined = pages[0];
  for (const n of [...pages.slice(1), undefined]) {
    if (n !== undefined && prev !== undefined && n === prev + 1) {
      prev = n;
      continue;
    }
    if (start !== undefined) runs.push(start === prev ? String(start) : `${start}–${prev}`);
    start = n;
    prev = n;
  }
  return runs.join(', ');
}
