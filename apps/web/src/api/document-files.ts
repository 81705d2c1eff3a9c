import { feathersError, toFeathersError } from './errors';
import type { FeathersError } from './errors';

/** REST path of a document's original file (bearer token, spec 7), or of an earlier file of it by sha256. */
export function documentFileUrl(documentId: number, download = false, sha256?: string): string {
  const query = new URLSearchParams({ ...(download ? { download: '1' } : {}), ...(sha256 ? { sha256 } : {}) }).toString();
  return `/api/documents/${documentId}/file${query ? `?${query}` : ''}`;
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
