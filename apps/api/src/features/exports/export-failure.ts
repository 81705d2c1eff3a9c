import type { ExportJob } from '@portal/contracts';
import { ExportBatchError } from './batch-checks';

/** A failure of an export that says which of its documents it names (none for a failure of the whole batch). */
export class ExportFailure extends Error {
  constructor(
    message: string,
    readonly documentIds: readonly number[],
  ) {
    super(message);
    this.name = 'ExportFailure';
  }
}

/**
 * The documents of the job a failure's message may name: those it says, or every document of the job for an
 * error that does not say (it could name any), so a reader without dpv never reads a payroll document's name.
 */
export function documentsNamedBy(error: unknown, job: Pick<ExportJob, 'document_ids'>): number[] {
  if (error instanceof ExportFailure) return [...error.documentIds];
  if (error instanceof ExportBatchError) return [...new Set(error.issues.map((i) => i.documentId))].filter((id) => job.document_ids.includes(id));
  return [...job.document_ids];
}
