import { Button, ButtonGroup, Callout, Card, Classes, HTMLTable, NonIdealState, Tag } from '@blueprintjs/core';
import type { BankOverviewRow } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatAmount, formatDate } from '../../i18n/format';
import de from './banking.de.json';
import en from './banking.en.json';
import { BankOverviewStore, type OverviewFilter, type OverviewSort } from './BankOverviewStore';
import { validityIntent, validityText } from './validity';
import './banking.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('banking', { en, de });

const FILTERS: OverviewFilter[] = ['all', 'expired', 'expiring', 'stale'];

/** /admin/adm-banking/overview — every client's accesses and accounts by days left, last statement and balance. */
const BankOverviewScreen = observer(function BankOverviewScreen() {
  const root = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const mobile = useIsMobile();
  const locale = root.ui.locale;
  const [store] = useState(() => new BankOverviewStore(root));
  useEffect(() => {
    const stop = store.activate();
    void store.load();
    return stop;
  }, [store]);

  const sortButton = (field: OverviewSort, label: string) => (
    <Button
      minimal
      small
      text={label}
      rightIcon={store.sort === field ? (store.direction === 1 ? 'chevron-up' : 'chevron-down') : 'double-caret-vertical'}
      onClick={() => store.setSort(field)}
      aria-label={`${t('banking.overview.sort')} ${label}`}
    />
  );
  const validity = (row: BankOverviewRow) =>
    row.validity ? (
      <Tag intent={validityIntent(row.validity)} round data-testid="overview-validity">
        {validityText(t, { validity: row.validity, days_left: row.days_left })}
      </Tag>
    ) : (
      <span>{t('banking.overview.noAccess')}</span>
    );
  const lastStatement = (row: BankOverviewRow) => (
    <>
      {formatDate(row.last_statement_date, locale) || '—'} {row.stale ? <Tag intent="warning">{t('banking.overview.stale')}</Tag> : null}
    </>
  );

  return (
    <div className="portal-banking-overview" data-testid="banking-overview">
      <ButtonGroup className="portal-banking-overview-filters" fill={mobile}>
        {FILTERS.map((f) => (
          <Button
            key={f}
            text={t(`banking.overview.filters.${f}`)}
            active={store.filter === f}
            onClick={() => store.setFilter(f)}
            data-testid={`overview-filter-${f}`}
          />
        ))}
      </ButtonGroup>
      {store.rows.error ? <Callout intent="danger">{t('banking.loadFailed', { message: errorOf(store.rows.error) })}</Callout> : null}
      {store.rows.items.length === 0 && !store.rows.loading ? <NonIdealState icon="bank-account" description={t('banking.overview.empty')} /> : null}
      {mobile ? (
        <div className="portal-banking-overview-cards">
          {store.rows.items.map((row) => (
            <Card key={row.id} className="portal-banking-access" data-testid="overview-row">
              <div className="portal-banking-access-head">
                <Link to={`/banking/${row.client_no}`}>
                  {row.client_no} {row.company_name}
                </Link>
                {validity(row)}
              </div>
              <div>{row.institution_name}</div>
              <div className={Classes.TEXT_MUTED}>{row.ibans.join(', ')}</div>
              <div className={Classes.TEXT_MUTED}>
                {t('banking.overview.lastStatement')}: {lastStatement(row)}
              </div>
              <strong className={row.balance_cents < 0 ? 'portal-amount-negative' : undefined}>
                {formatAmount(row.balance_cents / 100, row.currency, locale)}
              </strong>
            </Card>
          ))}
        </div>
      ) : store.rows.items.length > 0 ? (
        <div className="portal-banking-overview-scroll">
          <HTMLTable striped interactive className="portal-banking-overview-table">
            <thead>
              <tr>
                <th>{sortButton('client_no', t('banking.overview.client'))}</th>
                <th>{t('banking.overview.bank')}</th>
                <th>{t('banking.overview.accounts')}</th>
                <th>{sortButton('days_left', t('banking.overview.validity'))}</th>
                <th>{sortButton('last_statement_date', t('banking.overview.lastStatement'))}</th>
                <th style={{ textAlign: 'right' }}>{sortButton('balance_cents', t('banking.overview.balance'))}</th>
              </tr>
            </thead>
            <tbody>
              {store.rows.items.map((row) => (
                <tr key={row.id} data-testid="overview-row">
                  <td>
                    <Link to={`/banking/${row.client_no}`}>
                      {row.client_no} {row.company_name}
                    </Link>
                  </td>
                  <td>{row.institution_name}</td>
                  <td>{row.ibans.join(', ')}</td>
                  <td>{validity(row)}</td>
                  <td>{lastStatement(row)}</td>
                  <td style={{ textAlign: 'right' }} className={row.balance_cents < 0 ? 'portal-amount-negative' : undefined}>
                    {formatAmount(row.balance_cents / 100, row.currency, locale)}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      ) : null}
    </div>
  );
});

export default BankOverviewScreen;
