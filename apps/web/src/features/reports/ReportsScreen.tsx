import { Button, ButtonGroup, Callout, Spinner } from '@blueprintjs/core';
import { REPORT_KINDS, type ReportKind } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDate, formatDateTime } from '../../i18n/format';
import de from './reports.de.json';
import en from './reports.en.json';
import { ReportsStore } from './ReportsStore';
import { ReportFilters } from './ReportFilters';
import { ComparisonView, ExportsView, PartiesView, ProcessingView, VatView } from './ReportTables';
import './reports.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('reports', { en, de });

/** /reports/{client} (rep): the four reports, live or as of any past moment, with CSV and PDF downloads. */
const ReportsScreen = observer(function ReportsScreen() {
  const root = useStores();
  const { company, ui } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const params = useParams();
  const [search] = useSearchParams();
  const [store] = useState(() => {
    const opened = new ReportsStore(root);
    // A link can open the report as of a point in the history (a log position), e.g. one an auditor was shown.
    const position = Number(search.get('asOfPosition'));
    if (Number.isInteger(position) && position > 0) opened.asOfPosition = position;
    return opened;
  });
  const client = company.resolveClient(params.client);
  useEffect(() => store.activate(), [store]);
  useEffect(() => {
    if (client !== null) void store.open(client);
  }, [store, client]);
  const result = store.result;
  const locale = ui.locale;
  const moment = (m: string | null, position: number | null = null) =>
    position !== null ? t('reports.earlierState') : m ? formatDateTime(m, locale) : t('reports.now');
  const body = result?.body;
  return (
    <div className="portal-page portal-reports portal-below-picker" data-testid="reports-screen">
      <ButtonGroup className="portal-report-kinds" role="group" aria-label={t('reports.title')}>
        {REPORT_KINDS.map((k) => (
          <Button
            key={k}
            active={store.report === k}
            aria-pressed={store.report === k}
            text={t(`reports.kinds.${k}`)}
            onClick={() => void store.set({ report: k as ReportKind })}
            data-testid={`report-tab-${k}`}
          />
        ))}
      </ButtonGroup>
      <ReportFilters store={store} onError={(e) => ui.error(e)} locale={ui.locale} />
      {store.error ? (
        <Callout intent="danger" data-testid="report-error">
          {errorOf(store.error)}
        </Callout>
      ) : null}
      {result ? (
        <p className="portal-muted" data-testid="report-as-of-line">
          {t('reports.showing', { moment: moment(result.asOf, result.asOfPosition) })} · {formatDate(result.from, locale)} – {formatDate(result.to, locale)}
          {store.loading ? <Spinner size={14} className="portal-inline-spinner" /> : null}
        </p>
      ) : store.loading ? (
        <Spinner />
      ) : null}
      {result?.compare ? <ComparisonView result={result} momentOf={moment} locale={locale} /> : null}
      {body?.kind === 'vat' && client !== null ? <VatView body={body} locale={locale} client={client} /> : null}
      {body?.kind === 'parties' ? <PartiesView body={body} locale={locale} /> : null}
      {body?.kind === 'processing' ? <ProcessingView body={body} locale={locale} /> : null}
      {body?.kind === 'exports' ? <ExportsView body={body} locale={locale} /> : null}
    </div>
  );
});

export default ReportsScreen;
