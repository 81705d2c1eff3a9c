import { Callout, HTMLSelect, NonIdealState, Spinner, Tag, type Intent } from '@blueprintjs/core';
import { RPA_ERROR_KINDS, type RpaErrorRecord, type RpaErrorStatus } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar, type DataColumn } from '../../components/layout';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDateTime } from '../../i18n/format';
import de from './rpa-errors.de.json';
import en from './rpa-errors.en.json';
import { RpaErrorsStore } from './RpaErrorsStore';
import { ErrorActions } from './ErrorActions';
import { ResolveDialog } from './ResolveDialog';
import './rpa-errors.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('rpaErrors', { en, de });

const KIND_INTENT: Record<string, Intent> = {
  extraction_broken: 'danger',
  erp_import_refused: 'warning',
  erp_export_failed: 'danger',
  fon_import_failed: 'warning',
  bank_import_failed: 'warning',
};

function KindTag({ kind }: { kind: string }) {
  const { t } = useTranslation();
  return (
    // Blueprint's minimal warning tag is too pale in the light theme (WCAG contrast): warnings are solid.
    <Tag minimal={KIND_INTENT[kind] !== 'warning'} intent={KIND_INTENT[kind] ?? 'none'}>
      {t(`rpaErrors.kinds.${kind}`, { defaultValue: t('rpaErrors.kinds.other') })}
    </Tag>
  );
}

const Filters = observer(function Filters({ store }: { store: RpaErrorsStore }) {
  const { t } = useTranslation();
  const { company } = useStores();
  return (
    <ResponsiveBar label={t('rpaErrors.status')} testId="rpa-filters">
      <HTMLSelect
        value={store.filters.status}
        onChange={(e) => void store.setFilters({ status: e.currentTarget.value as RpaErrorStatus | 'all' })}
        aria-label={t('rpaErrors.status')}
        data-testid="rpa-filter-status"
      >
        {(['open', 'resolved', 'all'] as const).map((s) => (
          <option key={s} value={s}>
            {t(`rpaErrors.statuses.${s}`)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        value={store.filters.kind ?? ''}
        onChange={(e) => void store.setFilters({ kind: e.currentTarget.value || null })}
        aria-label={t('rpaErrors.kind')}
        data-testid="rpa-filter-kind"
      >
        <option value="">{t('rpaErrors.anyKind')}</option>
        {RPA_ERROR_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`rpaErrors.kinds.${k}`)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        value={store.filters.client ?? ''}
        onChange={(e) => void store.setFilters({ client: e.currentTarget.value ? Number(e.currentTarget.value) : null })}
        aria-label={t('rpaErrors.client')}
        data-testid="rpa-filter-client"
      >
        <option value="">{t('rpaErrors.anyClient')}</option>
        {company.sorted.map((c) => (
          <option key={c.company_no} value={c.company_no}>
            {c.company_no} {c.company_name}
          </option>
        ))}
      </HTMLSelect>
      <span className="portal-muted" data-testid="rpa-count">
        {t('rpaErrors.count', { shown: store.records.items.length, total: store.records.total })}
      </span>
    </ResponsiveBar>
  );
});

const ErrorList = observer(function ErrorList({ store, onResolve }: { store: RpaErrorsStore; onResolve(r: RpaErrorRecord): void }) {
  const { t, i18n } = useTranslation();
  const { company } = useStores();
  const columns: DataColumn<RpaErrorRecord>[] = [
    { id: 'kind', header: t('rpaErrors.columns.kind'), render: (r) => <KindTag kind={r.kind} />, width: '150px' },
    { id: 'subject', header: t('rpaErrors.columns.subject'), primary: true, render: (r) => <span className="portal-rpa-subject">{store.titleOf(r)}</span> },
    {
      id: 'client',
      header: t('rpaErrors.columns.client'),
      render: (r) => (r.client_no === null ? '–' : `${r.client_no} ${company.companies.get(r.client_no)?.company_name ?? ''}`),
    },
    {
      id: 'time',
      header: t('rpaErrors.columns.time'),
      render: (r) => (
        <span className="portal-nowrap" title={t('rpaErrors.firstFailed', { time: formatDateTime(r.first_failed_at, i18n.language) })}>
          {formatDateTime(r.last_failed_at, i18n.language)}
        </span>
      ),
    },
    { id: 'reason', header: t('rpaErrors.columns.reason'), render: (r) => <span className="portal-rpa-reason">{r.reason}</span> },
    { id: 'attempts', header: t('rpaErrors.columns.attempts'), numeric: true, render: (r) => <span data-testid={`rpa-attempts-${r.id}`}>{r.attempts}</span> },
    { id: 'actions', header: t('rpaErrors.columns.actions'), render: (r) => <ErrorActions store={store} record={r} onResolve={onResolve} /> },
  ];
  return (
    <DataTable
      label={t('rpaErrors.title')}
      rows={store.records.items}
      rowKey={(r) => r.id}
      columns={columns}
      testId="rpa-table"
      rowTestId={(r) => `rpa-row-${r.id}`}
    />
  );
});

/** /error (adm): every failed automated step with client, document link, time, reason and attempts; retry, resolve, open. */
const RpaErrorsScreen = observer(function RpaErrorsScreen() {
  const root = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [store] = useState(() => new RpaErrorsStore(root));
  const [resolving, setResolving] = useState<RpaErrorRecord | null>(null);
  useEffect(() => store.activate(), [store]);
  useEffect(() => void store.load(), [store]);
  return (
    <div className="portal-page portal-rpa" data-testid="rpa-errors-screen">
      <p className="portal-muted portal-rpa-intro">{t('rpaErrors.intro')}</p>
      <Filters store={store} />
      {store.records.error ? (
        <Callout intent="danger" icon="error">
          {t('rpaErrors.loadFailed', { message: errorOf(store.records.error) })}
        </Callout>
      ) : null}
      {store.records.loading && store.records.items.length === 0 ? <Spinner /> : null}
      {!store.records.loading && store.records.items.length === 0 ? (
        <NonIdealState icon="tick-circle" title={store.filters.status === 'open' ? t('rpaErrors.emptyOpen') : t('rpaErrors.empty')} />
      ) : null}
      {store.records.items.length ? <ErrorList store={store} onResolve={setResolving} /> : null}
      <ResolveDialog store={store} record={resolving} onClose={() => setResolving(null)} />
    </div>
  );
});

export default RpaErrorsScreen;
