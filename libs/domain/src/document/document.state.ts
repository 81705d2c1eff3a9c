import { DOCUMENT_FLAGS } from '@portal/contracts';
import type { DocumentEvent, FilingCategory } from './document.events';

export type DocumentState =
  | { status: 'none' }
  | {
      status: 'active' | 'trashed' | 'purged';
      documentId: number;
      clientNo: number;
      category: FilingCategory;
      title: string;
      sha256: string;
      textSha256: string | null;
      flags: number;
      extracted: boolean;
      purgeAfter: string | null;
    };

export const initialDocumentState: DocumentState = { status: 'none' };

export function evolveDocument(state: DocumentState, event: DocumentEvent): DocumentState {
  if (event.type === 'DocumentUploaded') {
    const d = event.data;
    return { status: 'active', documentId: d.documentId, clientNo: d.clientNo, category: d.category, title: d.title, sha256: d.sha256, textSha256: null, flags: 0, extracted: false, purgeAfter: null };
  }
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'DocumentTextExtracted':
      return { ...state, textSha256: event.data.textSha256, extracted: true };
    case 'DocumentFieldsExtracted':
      return { ...state, extracted: true };
    case 'DocumentFlagged':
      return { ...state, flags: state.flags | DOCUMENT_FLAGS[event.data.flag], extracted: true };
    case 'DocumentClassified':
      return { ...state, category: event.data.category };
    case 'DocumentRenamed':
      return { ...state, title: event.data.title };
    case 'DocumentConfirmed':
      return { ...state, category: event.data.category, flags: state.flags | DOCUMENT_FLAGS.Confirmed };
    case 'DocumentBooked':
      return { ...state, flags: state.flags | DOCUMENT_FLAGS.Booked };
    case 'DocumentMovedToTrash':
      return { ...state, status: 'trashed', purgeAfter: event.data.purgeAfter };
    case 'DocumentRestored':
      return { ...state, status: 'active', purgeAfter: null };
    case 'DocumentPurged':
      return { ...state, status: 'purged' };
  }
}

export const isBooked = (state: DocumentState) => state.status !== 'none' && (state.flags & DOCUMENT_FLAGS.Booked) !== 0;
