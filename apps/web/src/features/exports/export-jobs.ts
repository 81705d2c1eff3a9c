import type { ExportDocumentResult, ExportJob } from '@portal/contracts';

/** How many documents of a job were imported, refused (error) or imported with a note (info). */
export interface ResultCounts {
  imported: number;
  error: number;
  info: number;
}

export function countResults(results: readonly ExportDocumentResult[]): ResultCounts {
  const counts: ResultCounts = { imported: 0, error: 0, info: 0 };
  for (const r of results) counts[r.status] += 1;
  return counts;
}

/** Newest request first; ties by id so the order is stable. */
export function newestFirst(a: ExportJob, b: ExportJob): number {
  if (a.requested_at !== b.requested_at) return a.requested_at < b.requested_at ? 1 : -1;
  return a.id < b.id ? 1 : a.id > b.id ? -1 : 0;
}
