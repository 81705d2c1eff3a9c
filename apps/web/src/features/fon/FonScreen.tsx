import { Callout, Classes, FormGroup, HTMLSelect, NonIdealState, Spinner, Tab, Tabs } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { ResponsiveBar, useIsMobile } from '../../components/layout';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDateTime } from '../../i18n/format';
import de from './fon.de.json';
import en from './fon.en.json';
import { FonStore } from './FonStore';
import { AdminTab } from './AdminTab';
import { ConflictsTab } from './ConflictsTab';
import { ImportsTab } from './ImportsTab';
import { ItemsTab } from './ItemsTab';
import { QuotaTab } from './QuotaTab';
import { RegistersTab } from './RegistersTab';
import './fon.css';

addFeatureTranslations('fon', { en, de });

const TABS = ['quota', 'items', 'conflicts', 'registers', 'admin', 'imports'] as const;
type TabId = (typeof TABS)[number];
const isTab = (v: string | null): v is TabId => (TABS as readonly string[]).includes(v ?? '');

/** Firm and tax year, and the spec's warning while the latest import of the firm failed. */
const FonBar = observer(function FonBar({ store }: { store: FonStore }) {
  const { t, i18n } = useTranslation();
  const failed = store.imports.latestFailed;
  return (
    <>
      <ResponsiveBar label={t('fon.firm')} testId="fon-bar">
        <FormGroup label={t('fon.firm')} labelFor="fon-firm" inline className="portal-fon-picker">
          <HTMLSelect
            id="fon-firm"
            value={store.firmId ?? ''}
            onChange={(e) => void store.setFirm(e.currentTarget.value)}
            data-testid="fon-firm"
            disabled={store.admin.firms.items.length === 0}
          >
            {store.admin.firms.items.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('fon.taxYear')} labelFor="fon-year" inline className="portal-fon-picker">
          <HTMLSelect id="fon-year" value={store.taxYear} onChange={(e) => void store.setTaxYear(Number(e.currentTarget.value))} data-testid="fon-year">
            {store.years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <span className="portal-spacer" />
        {store.imports.running ? (
          <span className="portal-fon-running" data-testid="fon-import-running">
            <Spinner size={16} /> {t('fon.importRunning')}
          </span>
        ) : null}
      </ResponsiveBar>
      {failed ? (
        <Callout intent="warning" icon="warning-sign" title={t('fon.importFailed')} data-testid="fon-import-failed">
          {t('fon.importFailedDetail', {
            source: t(`fon.imports.sources.${failed.source}`),
            time: formatDateTime(failed.finished_at ?? failed.started_at, i18n.language),
            reason: failed.reason ?? '',
          })}
        </Callout>
      ) : null}
    </>
  );
});

/** /fon-monitoring (adm): quota per tax office, items, conflicts, cash registers, FON users and firms, imports. */
const FonScreen = observer(function FonScreen() {
  const root = useStores();
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const [store] = useState(() => new FonStore(root));
  const [params, setParams] = useSearchParams();
  const tab: TabId = isTab(params.get('tab')) ? (params.get('tab') as TabId) : 'quota';
  const choose = (next: TabId) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  useEffect(() => store.activate(), [store]);

  if (!store.loaded) return <Spinner className="portal-fon-loading" />;
  const panels: Record<TabId, ReactElement> = {
    quota: <QuotaTab store={store} />,
    items: <ItemsTab store={store} />,
    conflicts: <ConflictsTab store={store} />,
    registers: <RegistersTab store={store} />,
    admin: <AdminTab store={store} />,
    imports: <ImportsTab store={store} />,
  };
  const noFirm = !store.admin.firm && tab !== 'admin';
  return (
    <div className={`portal-page portal-fon${mobile ? ' portal-fon-mobile' : ''}`} data-testid="fon-screen">
      {store.error ? (
        <Callout intent="danger" icon="error">
          {t('fon.loadFailed', { message: (store.error as Error).message ?? String(store.error) })}
        </Callout>
      ) : null}
      <FonBar store={store} />
      {mobile ? (
        <FormGroup label={t('fon.section')} labelFor="fon-section" className="portal-fon-section">
          <HTMLSelect id="fon-section" fill value={tab} onChange={(e) => choose(e.currentTarget.value as TabId)} data-testid="fon-section">
            {TABS.map((id) => (
              <option key={id} value={id}>
                {t(`fon.tabs.${id}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      ) : (
        <Tabs id="fon-tabs" selectedTabId={tab} onChange={(id) => choose(id as TabId)} renderActiveTabPanelOnly className="portal-fon-tabs">
          {TABS.map((id) => (
            <Tab
              key={id}
              id={id}
              title={t(`fon.tabs.${id}`)}
              data-testid={`fon-tab-${id}`}
              tagContent={
                id === 'conflicts' && store.quota.facets?.conflict_kinds
                  ? Object.values(store.quota.facets.conflict_kinds).reduce((a, b) => a + b, 0) || undefined
                  : undefined
              }
              tagProps={{ intent: 'warning', round: true }}
            />
          ))}
        </Tabs>
      )}
      <section
        className="portal-fon-panel"
        aria-label={mobile ? t(`fon.tabs.${tab}`) : undefined}
        data-testid={`fon-panel-${tab}`}
        {...(mobile ? {} : { role: 'tabpanel', id: `${Classes.TAB_PANEL}_fon-tabs_${tab}`, 'aria-labelledby': `${Classes.TAB}-title_fon-tabs_${tab}` })}
      >
        {noFirm ? (
          <NonIdealState icon="office" title={t('fon.noFirm')} description={<span className={Classes.TEXT_MUTED}>{t('fon.noFirmHint')}</span>} />
        ) : (
          panels[tab]
        )}
      </section>
    </div>
  );
});

export default FonScreen;
