import type { ExportFormat, ExportJobStatus } from '@portal/contracts';
import type { ExportJobEvent } from './export-job.events';

export type ExportJobState =
  { status: 'none' } | { status: ExportJobStatus; exportId: string; clientNo: number; accounting: number; format: ExportFormat; documentIds: number[] };

export const initialExportJobState: ExportJobState = { status: 'none' };

export function evolveExportJob(state: ExportJobState, event: ExportJobEvent): ExportJobState {
  switch (event.type) {
    case 'ExportRequested': {
      const d = event.data;
      return { status: 'in progress', exportId: d.exportId, clientNo: d.client_no, accounting: d.accounting, format: d.format, documentIds: d.documentIds };
    }
    case 'ExportCompleted':
      return state.status === 'none' ? state : { ...state, status: 'done' };
    case 'ExportFailed':
      return state.status === 'none' ? state : { ...state, status: 'failed' };
  }
}
