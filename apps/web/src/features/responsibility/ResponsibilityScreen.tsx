import { Button, Callout, Card, Classes, H4, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './responsibility.de.json';
import en from './responsibility.en.json';
import { ResponsibilityStore, type Workload } from './ResponsibilityStore';
import { ReassignDialog } from './ReassignDialog';
import '../reports/reports.css';
import './responsibility.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('responsibility', { en, de });

/** /responsibility (adm): per employee their clients and workload; reassigning a client is one action. */
const ResponsibilityScreen = observer(function ResponsibilityScreen() {
  const root = useStores();
  const { company } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [store] = useState(() => new ResponsibilityStore(root));
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<number | null>(null);
  useEffect(() => store.activate(), [store]);
  const needle = filter.trim().toLowerCase();
  const nameOf = (id: string) =>
    id
      ? (store.staff.find((s) => s.id === id)?.name ?? [...store.assignments.values()].find((a) => a.responsible_id === id)?.responsible_name ?? id)
      : t('responsibility.nobody');
  const groups = [...store.byPerson.entries()]
    .map(([id, clients]) => {
      const person = nameOf(id);
      const matches = (no: number) =>
        !needle || person.toLowerCase().includes(needle) || `${no} ${company.companies.get(no)?.company_name ?? ''}`.toLowerCase().includes(needle);
      return { id, person, clients: clients.filter(matches) };
    })
    .filter((g) => g.clients.length > 0)
    .sort((a, b) => (a.id === '' ? 1 : b.id === '' ? -1 : a.person.localeCompare(b.person)));
  const editingCompany = editing !== null ? company.companies.get(editing) : undefined;
  return (
    <div className="portal-page portal-below-picker" data-testid="responsibility-screen">
      <div className="portal-page-bar">
        <InputGroup
          leftIcon="filter"
          type="search"
          placeholder={t('responsibility.filter')}
          aria-label={t('responsibility.filter')}
          value={filter}
          onValueChange={setFilter}
          className="portal-filter"
          data-testid="responsibility-filter"
        />
      </div>
      {store.error ? <Callout intent="danger">{errorOf(store.error)}</Callout> : null}
      {groups.length === 0 && store.loaded ? <NonIdealState icon="people" title={t('responsibility.empty')} /> : null}
      <div className="portal-responsibility-grid">
        {groups.map((g) => {
          const loads = g.clients.map((no) => store.workloadOf(no));
          const total = loads.some((w) => w === null)
            ? null
            : loads.reduce<Workload>(
                (s, w) => ({ unconfirmed: s.unconfirmed + w!.unconfirmed, overdue: s.overdue + w!.overdue, waiting: s.waiting + w!.waiting }),
                { unconfirmed: 0, overdue: 0, waiting: 0 },
              );
          return (
            <Card key={g.id || 'nobody'} className="portal-responsibility-card" data-testid={`responsibility-person-${g.id || 'nobody'}`}>
              <H4>{g.person}</H4>
              <div className="portal-workload">
                <span className={Classes.TEXT_MUTED}>{t('responsibility.clients', { count: g.clients.length })}</span>
                {total ? (
                  <>
                    <Tag minimal intent={total.unconfirmed ? 'primary' : 'none'}>
                      {t('responsibility.unconfirmed')}: {total.unconfirmed}
                    </Tag>
                    <Tag minimal intent={total.overdue ? 'danger' : 'none'}>
                      {t('responsibility.overdue')}: {total.overdue}
                    </Tag>
                    <Tag minimal intent={total.waiting ? 'warning' : 'none'}>
                      {t('responsibility.waiting')}: {total.waiting}
                    </Tag>
                  </>
                ) : null}
              </div>
              <div className="portal-scroll-x">
                <HTMLTable compact striped className="portal-table">
                  <thead>
                    <tr>
                      <th>{t('responsibility.client')}</th>
                      <th className="portal-num">{t('responsibility.unconfirmed')}</th>
                      <th className="portal-num">{t('responsibility.overdue')}</th>
                      <th className="portal-num">{t('responsibility.waiting')}</th>
                      <th>{t('responsibility.deputies')}</th>
                      <th />
                    </tr>
                  </thead>
                  <tbody>
                    {g.clients.map((no) => {
                      const w = store.workloadOf(no);
                      const a = store.assignments.get(no);
                      return (
                        <tr key={no} data-testid={`responsibility-client-${no}`}>
                          <td>
                            <Link to={`/invoices/${no}`}>
                              {no} {company.companies.get(no)?.company_name ?? ''}
                            </Link>
                          </td>
                          <td className="portal-num">{w?.unconfirmed ?? '–'}</td>
                          <td className="portal-num">{w?.overdue ?? '–'}</td>
                          <td className="portal-num">{w?.waiting ?? '–'}</td>
                          <td>
                            {a?.deputies.length ? (
                              a.deputies.map((d) => d.name).join(', ')
                            ) : (
                              <span className={Classes.TEXT_MUTED}>{t('responsibility.noDeputies')}</span>
                            )}
                          </td>
                          <td>
                            <Button small icon="exchange" text={t('responsibility.reassign')} onClick={() => setEditing(no)} data-testid={`reassign-${no}`} />
                          </td>
                        </tr>
                      );
                    })}
                  </tbody>
                </HTMLTable>
              </div>
            </Card>
          );
        })}
      </div>
      {editing !== null ? (
        <ReassignDialog store={store} clientNo={editing} clientName={editingCompany?.company_name ?? ''} onClose={() => setEditing(null)} />
      ) : null}
    </div>
  );
});

export default ResponsibilityScreen;
