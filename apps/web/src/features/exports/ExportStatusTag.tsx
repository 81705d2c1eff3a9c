import { Spinner, Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import { exportOutcome, type ExportDocumentResult, type ExportJob, type ExportOutcome } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const JOB: Record<ExportOutcome, { key: string; intent: Intent }> = {
  'in progress': { key: 'inProgress', intent: 'primary' },
  done: { key: 'done', intent: 'success' },
  partial: { key: 'partial', intent: 'warning' },
  failed: { key: 'failed', intent: 'danger' },
};

/** A job's state (spec §4 "Import status: in progress, failed"), as the outcome rule reads it; in progress spins. */
export function ExportStatusTag({ job }: { job: ExportJob }) {
  const { t } = useTranslation();
  const status = exportOutcome(job);
  const { key, intent } = JOB[status];
  return (
    <Tag
      intent={intent}
      round
      icon={status === 'in progress' ? <Spinner size={12} intent="none" /> : status === 'done' ? 'tick' : status === 'partial' ? 'warning-sign' : 'error'}
      data-testid="export-status"
    >
      {t(`exports.status.${key}`)}
    </Tag>
  );
}

export const RESULT_INTENTS: Record<ExportDocumentResult['status'], Intent> = { imported: 'success', error: 'danger', info: 'warning' };

/** One document's outcome: imported, error or info (its ERPImported / ERPError / ERPInfo flag). */
export function ResultTag({ status, count }: { status: ExportDocumentResult['status']; count?: number }) {
  const { t } = useTranslation();
  return (
    <Tag intent={RESULT_INTENTS[status]} minimal round data-testid={count === undefined ? 'result-status' : `count-${status}`}>
      {count === undefined ? t(`exports.results.${status}`) : `${t(`exports.results.${status}`)}: ${count}`}
    </Tag>
  );
}
