import type { InboxDeliveryOutcome } from '@portal/contracts';
import { postFile } from './document-upload';
import { feathersError, toFeathersError } from './errors';

/** REST path of a file an editor item's pages are read from (content-addressed, bearer token). */
export const editorFileUrl = (itemId: number, sha256: string) => `/api/document-editor/${itemId}/files/${sha256}`;

/** Fetches one of an item's files; rejects with a FeathersError (404 for no access). */
export async function fetchEditorFile(itemId: number, sha256: string, token: string | null, signal?: AbortSignal): Promise<Uint8Array> {
  const response = await fetch(editorFileUrl(itemId, sha256), { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => null);
    throw body ? toFeathersError(body) : feathersError(response.status === 404 ? 'NotFound' : 'GeneralError', `GET file: ${response.status}`);
  }
  return new Uint8Array(await response.arrayBuffer());
}

export interface InboxUploadRequest {
  file: File;
  clientNo: number;
  token: string | null;
  onProgress: (loaded: number, total: number) => void;
}

/** The inbox upload port: XMLHttpRequest in the browser (for progress), a fake in tests. */
export type InboxUploader = (request: InboxUploadRequest) => Promise<InboxDeliveryOutcome>;

/** "Upload to document editor": POST /api/document-editor/upload?client=… with one file. */
export const xhrInboxUploader: InboxUploader = ({ file, clientNo, token, onProgress }) =>
  postFile<InboxDeliveryOutcome>(
    `/api/document-editor/upload?client=${encodeURIComponent(String(clientNo))}`,
    file,
    token,
    onProgress,
  ) as Promise<InboxDeliveryOutcome>;

/** Page files already fetched and opened, shared by the thumbnails and the preview. */
export type FetchEditorFile = typeof fetchEditorFile;
