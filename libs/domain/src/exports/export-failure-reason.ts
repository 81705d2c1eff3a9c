/** The documents a failed export's reason names: those the failure recorded; before failures recorded them, every number in the reason. */
export function documentsNamedByFailure(failure: { reason: string; documentIds?: readonly number[] }): number[] {
  if (failure.documentIds) return [...failure.documentIds];
  return [...new Set((failure.reason.match(/\b\d+\b/g) ?? []).map(Number))];
}

/** What a reader who may not see a document the reason names reads instead (no trace of the hidden document). */
export const HIDDEN_EXPORT_FAILURE = 'The export failed.';

/** The reason of a failed export as one reader sees it: one naming a document hidden from the reader says only that the export failed. */
export function exportFailureReasonFor(reason: string, namedDocumentIds: readonly number[], hidden: (documentId: number) => boolean): string {
  return namedDocumentIds.some(hidden) ? HIDDEN_EXPORT_FAILURE : reason;
}
