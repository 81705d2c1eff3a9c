import { feathersError, toFeathersError } from './errors';
import type { FeathersError } from './errors';

/** REST path of a document's original file (bearer token, spec §7), or of an earlier file of it by sha256. */
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

/**
 * Fetches a document's file with the bearer token; rejects with a FeathersError (404 for no access). Asked for by
 * its sha256, so the browser's cache never serves the file a document had before the editor changed its pages.
 */
export async function fetchDocumentFile(documentId: number, sha256: string | undefined, token: string | null, signal?: AbortSignal): Promise<DocumentFile> {
  const response = await fetch(documentFileUrl(documentId, false, sha256), { headers: token ? { authorization: `Bearer ${token}` } : {}, signal });
  if (!response.ok) throw await errorOf(response);
  return { bytes: new Uint8Array(await response.arrayBuffer()), mediaType: response.headers.get('content-type') ?? 'application/octet-stream' };
}
