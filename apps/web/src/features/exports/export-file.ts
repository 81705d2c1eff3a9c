import { feathersError, toFeathersError } from '../../api/errors';
import type { FeathersError } from '../../api/errors';

/** REST path of a done export's ZIP (bearer token, spec §7). */
export function exportFileUrl(exportId: string): string {
  return `/api/exports/${encodeURIComponent(exportId)}/file`;
}

/** Fetches an export's file; the store takes it as a dependency so tests need no network. */
export type FetchExportFile = (exportId: string, token: string | null) => Promise<Blob>;

async function errorOf(response: Response): Promise<FeathersError> {
  try {
    return toFeathersError(await response.json());
  } catch {
    return feathersError(response.status === 404 ? 'NotFound' : 'GeneralError', `GET export file: ${response.status}`);
  }
}

/** GET /api/exports/:id/file with the bearer token; rejects with a FeathersError (404 for no access). */
export const fetchExportFile: FetchExportFile = async (exportId, token) => {
  const response = await fetch(exportFileUrl(exportId), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw await errorOf(response);
  return response.blob();
};
