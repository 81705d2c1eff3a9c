import type { DocumentProgress } from '@portal/contracts';
import type { TFunction } from 'i18next';

/** A document's place in the reading line and the expected wait (whole minutes, at least one), or null when it is not waiting. */
export function queuePlaceText(
  progress: Pick<DocumentProgress, 'stage' | 'queue_position' | 'estimate_seconds'> | null | undefined,
  t: TFunction,
): string | null {
  if (!progress || progress.stage !== 'uploaded' || !progress.queue_position) return null;
  const minutes = Math.max(1, Math.ceil((progress.estimate_seconds ?? 0) / 60));
  return t('documents.upload.inLine', { position: progress.queue_position, count: minutes });
}
