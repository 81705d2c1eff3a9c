import { documentStreamId, type DocumentEvent, domainEventOf } from '@portal/domain';
import type { EventStore } from '@portal/event-store';

export interface DocumentFile {
  sha256: string;
  mediaType: string;
}

/**
 * Every file a document has had, oldest first, from its own stream: the upload, then each file the document
 * editor put in its place. A file never changes; a revision only points the document at a new one.
 */
export async function filesOfDocument(events: EventStore, documentId: number): Promise<DocumentFile[]> {
  const files: DocumentFile[] = [];
  for (const recorded of await events.readStream(documentStreamId(documentId))) {
    const event = domainEventOf<DocumentEvent>(recorded);
    if (event.type === 'DocumentUploaded') files.push({ sha256: event.data.sha256, mediaType: event.data.mediaType });
    if (event.type === 'DocumentPagesRevised') files.push({ sha256: event.data.sha256, mediaType: event.data.mediaType });
  }
  return files;
}
