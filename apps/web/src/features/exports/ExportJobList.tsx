import { Callout, H5, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { ExportsStore } from './ExportsStore';
import { ExportJobCard } from './ExportJobCard';
import { useErrorText } from '../../i18n/use-error-text';

/** The client's export jobs, newest first, live. */
export const ExportJobList = observer(function ExportJobList({ store, onNavigate }: { store: ExportsStore; onNavigate: () => void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  return (
    <section className="portal-export-jobs" data-testid="export-jobs">
      <H5>{t('exports.jobs.heading')}</H5>
      {store.jobs.error ? <Callout intent="danger">{t('exports.errors.loadFailed', { message: errorOf(store.jobs.error) })}</Callout> : null}
      {store.jobs.loading && !store.jobs.loaded ? <Spinner size={24} /> : null}
      {store.jobs.loaded && store.jobs.items.length === 0 ? <NonIdealState icon="export" title={t('exports.jobs.empty')} /> : null}
      {store.jobs.items.map((job) => (
        <ExportJobCard key={job.id} store={store} job={job} onNavigate={onNavigate} />
      ))}
    </section>
  );
});
