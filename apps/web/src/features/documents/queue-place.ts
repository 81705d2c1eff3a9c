import type { DocumentProgress } from '@portal/contracts';
import type { TFunction } from 'i18next';

/**
 * A document's place in the reading line and the expected wait (whole minutes, at least one), or null when it is
 * not waiting; `short` for a table cell ("Place 2 · ~3 min"), the sentence otherwise.
 */
export function queuePlaceText(
  progress: Pick<DocumentProgress, 'stage' | 'queue_position' | 'estimate_seconds'> | null | undefined,
  t: TFunction,
  form: 'sentence' | 'short' = 'sentence',
): string | null {
  if (!progress || progress.stage !== 'uploaded' || !progress.queue_position) return null;
  const minutes = Math.max(1, Math.ceil((progress.estimate_seconds ?? 0) / 60));
  return t(form === 'short' ? 'documents.upload.inLineShort' : 'documents.upload.inLine', { position: progress.queue_position, count: minutes });
}
