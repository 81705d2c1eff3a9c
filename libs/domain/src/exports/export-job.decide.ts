import { EXPORT_FORMATS, type ExportDocumentResult, type ExportFormat } from '@portal/contracts';
import type { Decider } from '../shared/decider';
import { conflict, invalid, notFound } from '../shared/domain-error';
import type { ExportJobEvent } from './export-job.events';
import { evolveExportJob, initialExportJobState, type ExportJobState } from './export-job.state';

export type RequestExport = {
  type: 'RequestExport';
  exportId: string;
  clientNo: number;
  accounting: number;
  format: ExportFormat;
  documentIds: number[];
  requestedBy: string;
};
export type CompleteExport = { type: 'CompleteExport'; fileSha256: string; fileName: string; count: number; documentResults: ExportDocumentResult[] };
/** `documentIds`: the documents of the export the reason names (so readers who may not see one read less). */
export type FailExport = { type: 'FailExport'; reason: string; documentIds?: number[] };
export type ExportJobCommand = RequestExport | CompleteExport | FailExport;

const SHA256 = /^[0-9a-f]{64}$/;
const REASON_LIMIT = 1000;
const RESULT_STATUSES = ['imported', 'error', 'info'];

type Running = Exclude<ExportJobState, { status: 'none' }> & { status: 'in progress' };

function running(state: ExportJobState, action: string): Running {
  if (state.status === 'none') throw notFound(`Cannot ${action}: the export does not exist.`);
  if (state.status !== 'in progress') throw conflict(`Cannot ${action}: the export is already ${state.status}.`);
  return { ...state, status: 'in progress' };
}

function request(command: RequestExport, state: ExportJobState): ExportJobEvent[] {
  if (state.status !== 'none') throw conflict('The export already exists.');
  if (!(EXPORT_FORMATS as readonly string[]).includes(command.format)) throw invalid(`Unknown export format ${String(command.format)}; use DATEV or BMD.`);
  if (!Number.isSafeInteger(command.clientNo) || command.clientNo <= 0) throw invalid('An export needs a client.');
  if (!Number.isSafeInteger(command.accounting) || command.accounting < 1990 || command.accounting > 2100)
    throw invalid('accounting must be a year between 1990 and 2100.');
  if (command.documentIds.length === 0) throw invalid('An export needs at least one booked document.');
  if (new Set(command.documentIds).size !== command.documentIds.length) throw invalid('An export lists each document once.');
  const { type: _type, clientNo, ...rest } = command;
  return [
    {
      type: 'ExportRequested',
      data: {
        exportId: rest.exportId,
        client_no: clientNo,
        accounting: rest.accounting,
        format: rest.format,
        documentIds: rest.documentIds,
        requestedBy: rest.requestedBy,
      },
    },
  ];
}

/** Every requested document gets exactly one result; `count` is the number of bookings in the file. */
function complete(command: CompleteExport, job: Running): ExportJobEvent[] {
  if (!SHA256.test(command.fileSha256)) throw invalid('fileSha256 must be a sha256 (hex).');
  if (command.fileName.trim() === '') throw invalid('The export file needs a name.');
  const requested = new Set(job.documentIds);
  const answered = new Set<number>();
  for (const result of command.documentResults) {
    if (!requested.has(result.documentId)) throw invalid(`Document ${result.documentId} is not part of this export.`);
    if (answered.has(result.documentId)) throw invalid(`Document ${result.documentId} has more than one result.`);
    if (!RESULT_STATUSES.includes(result.status)) throw invalid('A document result is imported, error or info.');
    if (result.status !== 'imported' && result.reason.trim() === '') throw invalid(`The ${result.status} of document ${result.documentId} needs a reason.`);
    answered.add(result.documentId);
  }
  const missing = job.documentIds.filter((id) => !answered.has(id));
  if (missing.length > 0) throw invalid(`Documents without a result: ${missing.join(', ')}.`);
  const written = command.documentResults.filter((r) => r.status !== 'error').length;
  if (command.count !== written) throw invalid(`count ${command.count} differs from the ${written} documents written into the file.`);
  const { type: _type, ...data } = command;
  return [{ type: 'ExportCompleted', data }];
}

function fail(command: FailExport, state: ExportJobState): ExportJobEvent[] {
  if (state.status === 'failed') return [];
  const job = running(state, 'fail the export');
  const reason = command.reason.trim();
  if (reason === '') throw invalid('A failed export needs a reason.');
  const documentIds = [...new Set(command.documentIds ?? [])];
  const stranger = documentIds.find((id) => !job.documentIds.includes(id));
  if (stranger !== undefined) throw invalid(`Document ${stranger} is not part of this export.`);
  return [{ type: 'ExportFailed', data: { reason: reason.slice(0, REASON_LIMIT), documentIds } }];
}

export function decideExportJob(command: ExportJobCommand, state: ExportJobState): ExportJobEvent[] {
  switch (command.type) {
    case 'RequestExport':
      return request(command, state);
    case 'CompleteExport':
      return complete(command, running(state, 'complete the export'));
    case 'FailExport':
      return fail(command, state);
    default: {
      const _exhaustive: never = command;
      return _exhaustive;
    }
  }
}

/** The export job: requested with its documents, then completed with the file and a result per document, or failed. */
export const exportJobDecider: Decider<ExportJobState, ExportJobCommand, ExportJobEvent> = {
  initialState: initialExportJobState,
  evolve: evolveExportJob,
  decide: (command, state) => decideExportJob(command, state),
};
