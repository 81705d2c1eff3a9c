import { feathersError, toFeathersError } from './errors';
import type { FeathersError } from './errors';

/** REST path of a document's original file (bearer token, spec 7). */
export function documentFileUrl(documentId: number, download = false): string {
  return `/api/documents/${documentId}/file${download ? '?download=1' : ''}`;
}

export interface DocumentFile {
  bytes: Uint8Array;
  mediaType: string;
}

async function errorOf(response: Response): Promise<FeathersError> {
  try {
    return toFeathersError(await response.json());
  } catch {
    return feathersError(response.status === 404 ? 'NotFound' : 'GeneralError', `GET file: ${response.status}`);
  }
}

/** Fetches a document's original with the bearer token; rejects with a FeathersError (404 for no access). */
export async function fetchDocumentFile(documentId: number, token: string | null, signal?: AbortSignal): Promise<DocumentFile> {
  const response = await fetch(documentFileUrl(documentId), { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw await errorOf(response);
  return { bytes: new Uint8Array(await response.arrayBuffer()), mediaType: response.headers.get('content-type') ?? 'application/octet-stream' };
}
