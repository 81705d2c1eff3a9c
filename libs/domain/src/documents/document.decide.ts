import { DOCUMENT_FLAGS, type DocumentLineage, type EInvoiceInfo, type ExtractedFields, type ExtractedFieldName, type OriginCode } from '@portal/contracts';
import type { Decider, DecisionContext } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import {
  FILING_CATEGORIES,
  TRASH_RETENTION_DAYS,
  type DocumentEvent,
  type DocumentSearchablePdfCreated,
  type DocumentUploaded,
  type FilingCategory,
  type LearnedFields,
} from './document.events';
import { labelField, undoLabel, type LabelDocumentField, type UndoLabel } from './document.labels.decide';
import {
  confirmationReason,
  recordEInvoiceTerms,
  recordEInvoiceValidation,
  type RecordEInvoiceTerms,
  type RecordEInvoiceValidation,
} from './document.einvoice.decide';
import { editFields, recordErpStatus, requireBookable, requireConsistent, type EditDocumentFields, type RecordErpStatus } from './document.review.decide';
import { evolveDocument, initialDocumentState, isBooked, type DocumentState, type ExistingDocument } from './document.state';

/** The document editor names its documents (`title`); uploads take the title from the file name. */
export type UploadDocument = { type: 'UploadDocument'; title?: string } & Omit<DocumentUploaded['data'], 'title'>;
/** New pages from the document editor: the complete new file and where its pages came from. */
export type ReviseDocumentPages = {
  type: 'ReviseDocumentPages';
  sha256: string;
  size: number;
  pageCount: number;
  added: number;
  removed: number;
  lineage: DocumentLineage;
};
export type RecordExtraction = {
  type: 'RecordExtraction';
  text: {
    origin: OriginCode;
    pages: number;
    pageOrigins: OriginCode[];
    textSha256: string;
    textLength: number;
    language: 'de' | 'en' | null;
    ms: number;
    wordsSha256?: string;
  } | null;
  fields: {
    origin: OriginCode;
    fields: ExtractedFields;
    fieldOrigins: Partial<Record<ExtractedFieldName, OriginCode>>;
    einvoice: EInvoiceInfo | null;
    fieldConfidence?: Partial<Record<ExtractedFieldName, number>>;
    review?: ExtractedFieldName[];
    learned?: LearnedFields;
  } | null;
  problem: { flag: 'Broken' | 'BadRendering'; reason: string } | null;
  /** The file the result was read from; a result for a file the document no longer has is dropped. */
  sha256?: string;
  /** The extraction read a payslip, payroll account, contribution statement or wage tax card. */
  payrollSuggested?: boolean;
  searchablePdf?: DocumentSearchablePdfCreated['data'];
};
export type MarkPayroll = { type: 'MarkPayroll'; payroll: boolean };
export type ClassifyDocument = { type: 'ClassifyDocument'; category: FilingCategory };
export type RenameDocument = { type: 'RenameDocument'; title: string };
/** `reason`: required to confirm an e-invoice that breaks the rules. */
export type ConfirmDocument = { type: 'ConfirmDocument'; reason?: string };
export type BookDocument = { type: 'BookDocument' };
export type MoveDocumentToTrash = { type: 'MoveDocumentToTrash' };
export type RestoreDocument = { type: 'RestoreDocument' };
export type PurgeDocument = { type: 'PurgeDocument' };
/** Runs a failed extraction (Broken or BadRendering) again. */
export type RetryExtraction = { type: 'RetryExtraction' };

export type DocumentCommand =
  | UploadDocument
  | RecordExtraction
  | ClassifyDocument
  | RenameDocument
  | EditDocumentFields
  | ConfirmDocument
  | BookDocument
  | RecordErpStatus
  | MoveDocumentToTrash
  | RestoreDocument
  | PurgeDocument
  | ReviseDocumentPages
  | RetryExtraction
  | LabelDocumentField
  | UndoLabel
  | MarkPayroll
  | RecordEInvoiceValidation
  | RecordEInvoiceTerms;

export type { EditDocumentFields, RecordErpStatus, LabelDocumentField, UndoLabel };

function existing(state: DocumentState): ExistingDocument {
  if (state.status === 'none' || state.status === 'purged') throw notFound('document does not exist or access denied');
  return state;
}

function active(state: DocumentState, action: string): ExistingDocument {
  const doc = existing(state);
  if (doc.status === 'trashed') throw conflict(`The document is in the trash; restore it before you ${action}.`);
  return doc;
}

/** A title from a file name: without extension and path, at most 200 characters. */
export function titleOf(fileName: string): string {
  const base = fileName.split(/[\\/]/).pop() ?? fileName;
  const title = base
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .replace(/[_]+/g, ' ')
    .trim();
  return (title || 'Document').slice(0, 200);
}

function classify(doc: ExistingDocument, category: FilingCategory): DocumentEvent[] {
  if (!(category in FILING_CATEGORIES)) throw invalid(`Unknown document category ${String(category)}.`);
  if (isBooked(doc)) throw conflict('A booked document cannot be filed elsewhere.');
  return doc.category === category ? [] : [{ type: 'DocumentClassified', data: { category, previous: doc.category } }];
}

function rename(doc: ExistingDocument, raw: string): DocumentEvent[] {
  const title = raw.trim();
  if (title.length < 1) throw invalid('Document name at least 1 character');
  if (title.length > 200) throw invalid('The document name must be at most 200 characters.');
  return doc.title === title ? [] : [{ type: 'DocumentRenamed', data: { title, previous: doc.title } }];
}

const addDays = (iso: string, days: number) => new Date(Date.parse(iso) + days * 86_400_000).toISOString();

function uploadDocument(command: UploadDocument, state: DocumentState): DocumentEvent[] {
  if (state.status !== 'none') throw conflict('Document already exists.');
  if (!(command.category in FILING_CATEGORIES)) throw invalid(`Unknown document category ${String(command.category)}.`);
  if (command.size <= 0) throw invalid('The file is empty.');
  const { type: _type, title, payroll, ...upload } = command;
  const named = title?.trim().slice(0, 200);
  return [{ type: 'DocumentUploaded', data: { ...upload, title: named || titleOf(command.fileName), ...(payroll ? { payroll: true } : {}) } }];
}

function recordExtraction(command: RecordExtraction, state: DocumentState): DocumentEvent[] {
  const doc = existing(state);
  if (doc.extracted || (command.sha256 !== undefined && command.sha256 !== doc.sha256)) return [];
  const events: DocumentEvent[] = [];
  if (command.text) events.push({ type: 'DocumentTextExtracted', data: command.text });
  if (command.fields) events.push({ type: 'DocumentFieldsExtracted', data: command.fields });
  if (command.problem) events.push({ type: 'DocumentFlagged', data: command.problem });
  if (command.searchablePdf) events.push({ type: 'DocumentSearchablePdfCreated', data: command.searchablePdf });
  if (command.payrollSuggested && !doc.payroll) events.push({ type: 'DocumentPayrollMarked', data: { payroll: true, suggested: true } });
  if (events.length === 0) throw invalid('An extraction result needs text, fields or a problem.');
  return events;
}

function editDocumentFields(command: EditDocumentFields, state: DocumentState): DocumentEvent[] {
  const doc = active(state, 'change it');
  return editFields(
    command,
    doc,
    (title) => rename(doc, title),
    (category) => classify(doc, category),
  );
}

function confirmDocument(command: ConfirmDocument, state: DocumentState): DocumentEvent[] {
  const doc = active(state, 'confirm it');
  if ((doc.flags & DOCUMENT_FLAGS.Confirmed) !== 0) return [];
  // Fields not read yet are empty, not checked: confirming them would confirm nothing.
  if (!doc.extracted) throw conflict('The document is still being read; it can be confirmed once its fields are read.');
  requireConsistent(doc, 'confirm');
  const reason = confirmationReason(doc, command.reason);
  const confirmedAs: Partial<Record<FilingCategory, FilingCategory>> = { ER_U: 'ER', AR_U: 'AR' };
  return [{ type: 'DocumentConfirmed', data: { category: confirmedAs[doc.category] ?? doc.category, ...reason } }];
}

function bookDocument(state: DocumentState): DocumentEvent[] {
  const doc = active(state, 'book it');
  if (isBooked(doc)) return [];
  if ((doc.flags & DOCUMENT_FLAGS.Confirmed) === 0) throw conflict('Only confirmed documents can be booked.');
  requireConsistent(doc, 'book');
  requireBookable(doc.fields);
  return [{ type: 'DocumentBooked', data: {} }];
}

function moveDocumentToTrash(state: DocumentState, context: DecisionContext): DocumentEvent[] {
  const doc = existing(state);
  if (doc.status === 'trashed') return [];
  if (isBooked(doc)) throw conflict('A booked document cannot be moved to the trash: bookkeeping law requires keeping booked records.');
  return [{ type: 'DocumentMovedToTrash', data: { purgeAfter: addDays(context.now, TRASH_RETENTION_DAYS) } }];
}

function restoreDocument(state: DocumentState): DocumentEvent[] {
  const doc = existing(state);
  return doc.status === 'trashed' ? [{ type: 'DocumentRestored', data: {} }] : [];
}

function purgeDocument(state: DocumentState, context: DecisionContext): DocumentEvent[] {
  if (state.status === 'purged') return [];
  const doc = existing(state);
  if (doc.status !== 'trashed') throw conflict('Only documents in the trash can be purged.');
  if (doc.purgeAfter && Date.parse(context.now) < Date.parse(doc.purgeAfter)) throw conflict(`The document stays restorable until ${doc.purgeAfter}.`);
  return [
    { type: 'DocumentPurged', data: { sha256: doc.sha256, textSha256: doc.textSha256, reason: `Trash retention of ${TRASH_RETENTION_DAYS} days ended` } },
  ];
}

function reviseDocumentPages(command: ReviseDocumentPages, state: DocumentState): DocumentEvent[] {
  const doc = active(state, 'change its pages');
  if (isBooked(doc)) throw conflict('The document is booked: its pages can no longer change.');
  if ((doc.flags & DOCUMENT_FLAGS.Confirmed) !== 0) {
    throw conflict(command.removed > 0 ? 'A confirmed document cannot lose pages.' : 'Pages can be added only to documents that are not yet confirmed.');
  }
  if (command.pageCount < 1) throw invalid('pages must be selected');
  if (command.sha256 === doc.sha256) return [];
  const { type: _type, ...revised } = command;
  return [{ type: 'DocumentPagesRevised', data: { ...revised, mediaType: 'application/pdf', previousSha256: doc.sha256 } }];
}

function retryExtraction(state: DocumentState): DocumentEvent[] {
  const doc = active(state, 'retry its extraction');
  const failed = (doc.flags & (DOCUMENT_FLAGS.Broken | DOCUMENT_FLAGS.BadRendering)) !== 0;
  if (!doc.extracted || !failed) throw conflict('Only a document whose extraction failed can be extracted again.');
  if (isBooked(doc)) throw conflict('A booked document cannot be extracted again.');
  return [{ type: 'DocumentExtractionRetried', data: { attempt: doc.retries + 1, previousProblem: doc.problem } }];
}

function markPayroll(command: MarkPayroll, state: DocumentState): DocumentEvent[] {
  const doc = active(state, 'change it');
  return doc.payroll === command.payroll ? [] : [{ type: 'DocumentPayrollMarked', data: { payroll: command.payroll, suggested: false } }];
}

export function decideDocument(command: DocumentCommand, state: DocumentState, context: DecisionContext): DocumentEvent[] {
  switch (command.type) {
    case 'UploadDocument':
      return uploadDocument(command, state);
    case 'RecordExtraction':
      return recordExtraction(command, state);
    case 'ClassifyDocument':
      return classify(active(state, 'file it elsewhere'), command.category);
    case 'RenameDocument':
      return rename(active(state, 'rename it'), command.title);
    case 'EditDocumentFields':
      return editDocumentFields(command, state);
    case 'ConfirmDocument':
      return confirmDocument(command, state);
    case 'BookDocument':
      return bookDocument(state);
    case 'RecordErpStatus':
      return recordErpStatus(command, active(state, 'mark it as imported'));
    case 'MoveDocumentToTrash':
      return moveDocumentToTrash(state, context);
    case 'RestoreDocument':
      return restoreDocument(state);
    case 'PurgeDocument':
      return purgeDocument(state, context);
    case 'ReviseDocumentPages':
      return reviseDocumentPages(command, state);
    case 'RetryExtraction':
      return retryExtraction(state);
    case 'LabelField':
      return labelField(command, active(state, 'label it'));
    case 'UndoLabel':
      return undoLabel(command, active(state, 'change its labels'));
    case 'MarkPayroll':
      return markPayroll(command, state);
    case 'RecordEInvoiceValidation':
      return recordEInvoiceValidation(command, existing(state));
    case 'RecordEInvoiceTerms':
      return recordEInvoiceTerms(command, existing(state));
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

export const documentDecider: Decider<DocumentState, DocumentCommand, DocumentEvent> = {
  initialState: initialDocumentState,
  evolve: evolveDocument,
  decide: decideDocument,
};
