import { Button, HTMLSelect, NonIdealState, Switch, Tag } from '@blueprintjs/core';
import type { SvAccount } from '@portal/contracts';
import { SV_BOOKING_STATES } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar, ResponsiveSplit } from '../../components/layout';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatAmount } from '../../i18n/format';
import de from './sv-tool.de.json';
import en from './sv-tool.en.json';
import { SvToolStore, type StateFilter } from './SvToolStore';
import { AccountDialog } from './AccountDialog';
import { RatesDialog } from './RatesDialog';
import { SvAccountDetail } from './SvAccountDetail';
import './sv-tool.css';

addFeatureTranslations('sv-tool', { en, de });

/** /admin/sv-tool: the clients' social-insurance contribution accounts, arrears and interest. */
const SvToolScreen = observer(function SvToolScreen() {
  const root = useStores();
  const { ui, company } = root;
  const { t } = useTranslation();
  const [store] = useState(() => new SvToolStore(root));
  const [pane, setPane] = useState('accounts');
  const [dialog, setDialog] = useState<'new' | 'rates' | null>(null);
  useEffect(() => store.activate(), [store]);
  const locale = ui.locale;
  const name = (no: number) => company.sorted.find((c) => c.company_no === no)?.company_name ?? String(no);
  const open = (a: SvAccount) => {
    void store.select(a.id).catch(ui.error);
    setPane('detail');
  };
  const columns = [
    { id: 'client', header: t('sv-tool.columns.client'), primary: true, render: (a: SvAccount) => `${a.company_no} ${name(a.company_no)}` },
    { id: 'account', header: t('sv-tool.columns.account'), render: (a: SvAccount) => a.kontonr },
    { id: 'balance', header: t('sv-tool.columns.balance'), numeric: true, render: (a: SvAccount) => formatAmount(a.saldo, 'EUR', locale) },
    { id: 'state', header: t('sv-tool.columns.state'), render: (a: SvAccount) => (a.state ? <Tag intent="warning">{a.state}</Tag> : '') },
    { id: 'interest', header: t('sv-tool.columns.interest'), numeric: true, render: (a: SvAccount) => formatAmount(a.interest_to_date, 'EUR', locale) },
    { id: 'mandate', header: t('sv-tool.columns.mandate'), render: (a: SvAccount) => (a.sepa ? t('sv-tool.yes') : t('sv-tool.no')) },
    { id: 'responsible', header: t('sv-tool.columns.responsible'), render: (a: SvAccount) => a.responsible ?? '' },
  ];
  return (
    <div className="portal-sv-tool portal-fill-page" data-testid="sv-tool-screen">
      <ResponsiveBar label={t('sv-tool.filters.label')}>
        <Switch
          checked={store.onlyArrears}
          onChange={(e) => store.setOnlyArrears(e.currentTarget.checked)}
          label={t('sv-tool.filters.onlyArrears')}
          data-testid="sv-only-arrears"
        />
        <HTMLSelect
          aria-label={t('sv-tool.filters.state')}
          value={store.stateFilter}
          onChange={(e) => store.setStateFilter(e.currentTarget.value as StateFilter)}
          options={[
            { value: 'all', label: t('sv-tool.filters.all') },
            ...SV_BOOKING_STATES.filter(Boolean).map((s) => ({ value: s, label: t(`sv-tool.states.${s}`) })),
          ]}
          data-testid="sv-state-filter"
        />
        <span className="portal-spacer" />
        <span className="bp6-text-muted" data-testid="sv-count">
          {t('sv-tool.count', { count: store.visible.length })}
        </span>
        <Button icon="percentage" text={t('sv-tool.rates.button')} onClick={() => setDialog('rates')} data-testid="sv-rates" />
        <Button icon="plus" intent="primary" text={t('sv-tool.account.new')} onClick={() => setDialog('new')} data-testid="sv-new-account" />
      </ResponsiveBar>
      {dialog === 'rates' ? <RatesDialog store={store} onClose={() => setDialog(null)} /> : null}
      {dialog === 'new' ? <AccountDialog store={store} account={null} onClose={() => setDialog(null)} /> : null}
      <ResponsiveSplit
        testId="sv-panes"
        activePane={pane}
        onActivePaneChange={setPane}
        panes={[
          {
            id: 'accounts',
            title: t('sv-tool.panes.accounts'),
            width: 'minmax(0, 1.25fr)',
            className: 'portal-sv-pane',
            content: (
              <DataTable
                label={t('sv-tool.panes.accounts')}
                rows={store.visible}
                rowKey={(a) => a.id}
                columns={columns}
                onRowClick={open}
                selectedKey={store.selectedId}
                empty={store.loaded ? <NonIdealState icon="filter" title={t('sv-tool.empty')} /> : undefined}
                testId="sv-accounts"
                rowTestId={(a) => `sv-account-${a.company_no}`}
              />
            ),
          },
          { id: 'detail', title: t('sv-tool.panes.detail'), width: 'minmax(0, 1fr)', className: 'portal-sv-pane', content: <SvAccountDetail store={store} /> },
        ]}
      />
    </div>
  );
});

export default SvToolScreen;
