import { Card, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import type { Company } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';

const Row = observer(function Row({ company }: { company: Company }) {
  const { t } = useTranslation();
  const no = company.company_no;
  return (
    <tr data-testid={`overview-row-${no}`}>
      <td className="portal-num">{no}</td>
      <td data-testid={`overview-name-${no}`}>{company.company_name}</td>
      <td>{company.company_place}</td>
      <td className="portal-num">{company.current_accounting ?? '–'}</td>
      <td className="portal-num">
        <Tag round minimal={!company.notifications.invoices} intent={company.notifications.invoices ? 'primary' : 'none'} data-testid={`overview-invoices-${no}`}>
          {company.notifications.invoices}
        </Tag>
      </td>
      <td className="portal-num">
        <Tag round minimal={!company.notifications.documents} intent={company.notifications.documents ? 'primary' : 'none'} data-testid={`overview-documents-${no}`}>
          {company.notifications.documents}
        </Tag>
      </td>
      <td className="portal-links">
        <Link to={`/invoices/${no}`}>{t('overview.invoicesLink')}</Link>
        <Link to={`/documents/${no}`}>{t('overview.documentsLink')}</Link>
      </td>
    </tr>
  );
});

/** /overview (permission ove): the client companies the user may see, with live counts, filterable. */
const OverviewScreen = observer(function OverviewScreen() {
  const { company } = useStores();
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const rows = company.filter(filter);
  const total = company.companies.size;
  return (
    <div className="portal-page">
      <div className="portal-page-bar">
        <InputGroup
          leftIcon="filter"
          placeholder={t('overview.filter')}
          value={filter}
          onValueChange={setFilter}
          type="search"
          aria-label={t('overview.filter')}
          data-testid="overview-filter"
          className="portal-filter"
        />
        <span className="portal-muted" data-testid="overview-count">
          {t('overview.count', { shown: rows.length, total })}
        </span>
      </div>
      {rows.length === 0 ? (
        <NonIdealState icon="office" title={total === 0 ? t('overview.empty') : t('overview.noMatch')} />
      ) : (
        <Card className="portal-table-card">
          <HTMLTable striped interactive compact className="portal-table" data-testid="overview-table">
            <thead>
              <tr>
                <th className="portal-num">{t('overview.number')}</th>
                <th>{t('overview.name')}</th>
                <th>{t('overview.place')}</th>
                <th className="portal-num">{t('overview.accountingPeriod')}</th>
                <th className="portal-num">{t('overview.openInvoices')}</th>
                <th className="portal-num">{t('overview.documents')}</th>
                <th />
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <Row key={c.company_no} company={c} />
              ))}
            </tbody>
          </HTMLTable>
        </Card>
      )}
    </div>
  );
});

export default OverviewScreen;
