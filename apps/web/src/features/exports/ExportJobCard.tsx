import { Button, Callout, Card, Classes, Tag } from '@blueprintjs/core';
import { exportOutcome, type ExportJob } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { reasonText } from '../../api/error-text';
import { useStores } from '../../app/stores-context';
import type { ExportsStore } from './ExportsStore';
import { ExportResults } from './ExportResults';
import { ExportStatusTag, ResultTag } from './ExportStatusTag';
import { saveFile } from '../../api/file-download';
import { formatDateTime } from '../../i18n/format';

export interface ExportJobCardProps {
  store: ExportsStore;
  job: ExportJob;
  onNavigate: () => void;
}

const when = (iso: string, locale: string) => formatDateTime(iso, locale, { seconds: true });

/** One export job: state, period and format, times, result counts, the failure reason, download and per-document results. */
export const ExportJobCard = observer(function ExportJobCard({ store, job, onNavigate }: ExportJobCardProps) {
  const { t, i18n } = useTranslation();
  const { ui } = useStores();
  const [expanded, setExpanded] = useState(false);
  const counts = store.counts(job);
  const outcome = exportOutcome(job);
  const refused = job.document_results.filter((r) => r.status === 'error');
  useEffect(() => {
    if (refused.length > 0) store.loadTitles(job).catch((e: unknown) => console.warn('Loading export document titles failed', e));
  }, [store, job, refused.length]);
  const download = () =>
    store.download(job).then(
      ({ blob, fileName }) => saveFile(blob, fileName),
      (e: unknown) => ui.error(e),
    );
  return (
    <Card compact className="portal-export-job" data-testid="export-job" data-id={job.id} data-status={job.status} data-outcome={outcome}>
      <div className="portal-export-job-head">
        <ExportStatusTag job={job} />
        <strong>{t('exports.jobs.period', { accounting: job.accounting })}</strong>
        <Tag minimal>{job.format}</Tag>
        <span className="portal-export-fill" />
        {/* A job that wrote no booking has no file worth downloading: only the CSV header. */}
        {job.status === 'done' && outcome !== 'failed' && job.file_name ? (
          <Button
            size="small"
            icon="download"
            loading={store.downloading === job.id}
            onClick={() => void download()}
            title={job.file_name}
            data-testid="export-download"
          >
            {t('exports.jobs.download')}
          </Button>
        ) : null}
      </div>
      <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
        {t('exports.jobs.requestedAt', { at: when(job.requested_at, ui.locale) })}
        {job.finished_at ? `, ${t('exports.jobs.finishedAt', { at: when(job.finished_at, ui.locale) })}` : ''}
      </div>
      {job.status === 'failed' && job.reason ? (
        <Callout intent="danger" compact icon="error" title={t('exports.jobs.failedReason')} data-testid="export-reason">
          {reasonText(job.reason, t, i18n.language)}
        </Callout>
      ) : null}
      {refused.length > 0 ? (
        <Callout
          intent={outcome === 'failed' ? 'danger' : 'warning'}
          compact
          icon={outcome === 'failed' ? 'error' : 'warning-sign'}
          title={t(outcome === 'failed' ? 'exports.refused.failedTitle' : 'exports.refused.partialTitle')}
          data-testid="export-refused"
        >
          <p data-testid="export-refused-invoices">
            {t('exports.refused.invoices', { count: refused.length, titles: refused.map((r) => store.titleOf(r.documentId) ?? '…').join(', ') })}
          </p>
          <p>{t('exports.refused.whatToDo')}</p>
        </Callout>
      ) : null}
      {job.document_results.length > 0 ? (
        <div className="portal-export-job-foot">
          {job.count !== null ? (
            <Tag minimal round data-testid="export-count">
              {t('exports.jobs.bookings', { count: job.count })}
            </Tag>
          ) : null}
          <ResultTag status="imported" count={counts.imported} />
          <ResultTag status="error" count={counts.error} />
          <ResultTag status="info" count={counts.info} />
          <span className="portal-export-fill" />
          <Button
            variant="minimal"
            size="small"
            icon={expanded ? 'chevron-up' : 'chevron-down'}
            onClick={() => setExpanded(!expanded)}
            data-testid="export-toggle-results"
          >
            {expanded ? t('exports.jobs.hideDocuments') : t('exports.jobs.showDocuments', { count: job.document_results.length })}
          </Button>
        </div>
      ) : null}
      {expanded ? <ExportResults store={store} job={job} onNavigate={onNavigate} /> : null}
    </Card>
  );
});
