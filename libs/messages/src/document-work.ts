import type { DocumentProgress } from '@portal/contracts';

/** Bus topic of uploaded documents waiting for extraction (a work queue: one worker group shares it). */
export const DOCUMENT_UPLOADED_TOPIC = 'document-uploaded';
/** Bus topic of extraction progress, pushed to browsers as `documents progress`. */
export const DOCUMENT_PROGRESS_TOPIC = 'document-progress';

export interface DocumentWorkItem {
  documentId: number;
  clientNo: number;
  sha256: string;
  mediaType: string;
  fileName: string;
  /** A retry of a failed extraction (1, 2, ...); absent for the first run. */
  attempt?: number;
  /** 'person': someone waits for it (an upload, a retry, a completed edit) and it goes ahead of 'bulk' intake; absent: bulk. */
  priority?: 'person' | 'bulk';
}

export type { DocumentProgress };
