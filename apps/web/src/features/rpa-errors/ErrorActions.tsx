import { Button } from '@blueprintjs/core';
import type { RpaErrorRecord } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { formatDateTime } from '../../i18n/format';
import type { RpaErrorsStore } from './RpaErrorsStore';
import { useErrorText } from '../../i18n/use-error-text';

/** Retry, mark resolved, open the document; for a resolved failure, how it was resolved. */
export const ErrorActions = observer(function ErrorActions({
  store,
  record,
  onResolve,
}: {
  store: RpaErrorsStore;
  record: RpaErrorRecord;
  onResolve(record: RpaErrorRecord): void;
}) {
  const { t, i18n } = useTranslation();
  const errorOf = useErrorText();
  const busy = store.busy.has(record.id);
  const error = store.actionErrors.get(record.id);
  const time = (v: string | null) => formatDateTime(v, i18n.language);
  return (
    <div className="portal-rpa-actions">
      {record.status === 'open' ? (
        <>
          <Button
            size="small"
            icon="refresh"
            loading={busy}
            disabled={!record.retryable}
            title={record.retryable ? t('rpaErrors.retryHint') : t('rpaErrors.notRetryable')}
            onClick={() => void store.retry(record.id)}
            data-testid={`rpa-retry-${record.id}`}
          >
            {t('rpaErrors.retry')}
          </Button>
          <Button size="small" icon="tick" onClick={() => onResolve(record)} data-testid={`rpa-resolve-${record.id}`}>
            {t('rpaErrors.resolve')}
          </Button>
        </>
      ) : (
        <span className="portal-muted" data-testid={`rpa-resolution-${record.id}`}>
          {record.resolution === 'manual'
            ? t('rpaErrors.resolvedBy', { time: time(record.resolved_at), remark: record.remark ?? '' })
            : t(record.resolution === 'gone' ? 'rpaErrors.gone' : 'rpaErrors.succeeded', { time: time(record.resolved_at) })}
        </span>
      )}
      {record.link ? (
        <Link to={record.link} className="bp6-button bp6-small bp6-minimal" data-testid={`rpa-open-${record.id}`}>
          {t('rpaErrors.open')}
        </Link>
      ) : null}
      {record.status === 'open' && record.retry_requested_at ? (
        <span className="portal-muted">{t('rpaErrors.retrying', { time: time(record.retry_requested_at) })}</span>
      ) : null}
      {error ? (
        <span className="portal-rpa-error" role="alert">
          {t('rpaErrors.actionFailed', { message: errorOf(error) })}
        </span>
      ) : null}
    </div>
  );
});
