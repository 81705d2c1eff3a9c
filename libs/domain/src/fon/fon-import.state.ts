import type { FonImportStatus } from '@portal/contracts';
import type { FonFetch, FonImportEvent, FonImportStarted } from './fon-import.events';

export type FonImportState = { status: 'none' | FonImportStatus; fetch: FonFetch | null };

export const initialFonImportState: FonImportState = { status: 'none', fetch: null };

/** The fetch an import job is, for its outcome (null for a file import). */
const fetchOf = (data: FonImportStarted['data']): FonFetch | null =>
  data.source === 'fon-webservice' && data.fonUserId ? { fonUserId: data.fonUserId, taxYear: data.taxYear } : null;

export function evolveFonImport(state: FonImportState, event: FonImportEvent): FonImportState {
  switch (event.type) {
    case 'FonImportStarted':
      return { status: 'in progress', fetch: fetchOf(event.data) };
    case 'FonImportHeartbeat':
      return state;
    case 'FonImportCompleted':
      return { ...state, status: 'done' };
    case 'FonImportFailed':
      return { ...state, status: 'failed' };
  }
}
