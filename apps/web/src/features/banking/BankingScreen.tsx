import { Button, Callout, Classes, NonIdealState, Tab, Tabs } from '@blueprintjs/core';
import type { BankAccount } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './banking.de.json';
import en from './banking.en.json';
import { BankingStore } from './BankingStore';
import { DropZone } from '../documents/DropZone';
import { AccessList } from './AccessList';
import { AccountDialog } from './AccountDialog';
import { AccountCards } from './AccountCards';
import { BalanceChart } from './BalanceChart';
import { ImportHistory, ImportResult } from './ImportHistory';
import { MatchDrawer } from './MatchDrawer';
import { ReconciliationFindings } from './ReconciliationFindings';
import { StatementImportDialog } from './StatementImportDialog';
import { TransactionList } from './TransactionList';
import '../documents/documents.css';
import './banking.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('banking', { en, de });

type Pane = 'accounts' | 'transactions' | 'accesses' | 'imports';

/** The account dialog: null closed, 'new' opening one, or the account being changed. */
type Editing = null | 'new' | BankAccount;

const Accounts = observer(function Accounts({
  store,
  locale,
  dark,
  onEdit,
}: {
  store: BankingStore;
  locale: string;
  dark: boolean;
  onEdit: (editing: Editing) => void;
}) {
  const { t } = useTranslation();
  const account = store.accounts.selected;
  return (
    <section className="portal-banking-section" aria-labelledby="banking-accounts-heading">
      <div className="portal-banking-section-head">
        <h2 id="banking-accounts-heading" className={Classes.HEADING}>
          {t('banking.accounts.heading')}
        </h2>
        <div className="portal-banking-section-actions">
          {account ? (
            <Button
              small
              icon="edit"
              text={t('banking.accountForm.edit', { account: account.label || account.bank_name })}
              onClick={() => onEdit(account)}
              data-testid="account-edit"
            />
          ) : null}
          <Button small icon="plus" text={t('banking.accountForm.createTitle')} onClick={() => onEdit('new')} data-testid="account-new" />
        </div>
      </div>
      <AccountCards store={store} locale={locale} />
      {account ? <ReconciliationFindings account={account} locale={locale} /> : null}
      {account ? <BalanceChart series={store.balances.series} label={account.label || account.iban} locale={locale} dark={dark} /> : null}
    </section>
  );
});

/** /banking/:client — accounts with balances and chart, transactions, bank accesses with validity, imports; statements by drag and drop. */
const BankingScreen = observer(function BankingScreen() {
  const root = useStores();
  const { company, ui } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { client } = useParams();
  const mobile = useIsMobile();
  const [store] = useState(() => new BankingStore(root));
  const [pane, setPane] = useState<Pane>('accounts');
  const [editing, setEditing] = useState<Editing>(null);
  const clientNo = company.loaded ? company.resolveClient(client) : null;

  useEffect(() => store.activate(), [store]);
  useEffect(() => {
    void store.setClient(clientNo);
  }, [store, clientNo]);

  if (company.loaded && clientNo === null) return <NonIdealState icon="office" title={t('banking.noClient')} />;
  const locale = ui.locale;
  const listHeight = mobile ? 480 : 560;
  const panes: Record<Pane, ReactElement> = {
    accounts: <Accounts store={store} locale={locale} dark={ui.darkMode} onEdit={setEditing} />,
    transactions: <TransactionList store={store} locale={locale} height={listHeight} />,
    accesses: <AccessList store={store} locale={locale} />,
    imports: <ImportHistory store={store} locale={locale} />,
  };

  return (
    <DropZone
      onFiles={(files) => void store.imports.upload(files)}
      disabled={clientNo === null}
      title={t('banking.imports.drop')}
      description={t('banking.imports.choose')}
    >
      <div className={`portal-page portal-banking${mobile ? ' portal-banking-mobile' : ''}`} data-testid="banking-screen">
        {store.error ? (
          <Callout intent="danger" icon="error">
            {t('banking.loadFailed', { message: errorOf(store.error) })}
          </Callout>
        ) : null}
        <ImportResult store={store} locale={locale} />
        {mobile ? (
          <>
            <Tabs id="banking-panes" selectedTabId={pane} onChange={(id) => setPane(id as Pane)} className="portal-banking-tabs" fill renderActiveTabPanelOnly>
              {(Object.keys(panes) as Pane[]).map((p) => (
                <Tab
                  key={p}
                  id={p}
                  title={t(`banking.tabs.${p}`)}
                  data-testid={`banking-tab-${p}`}
                  tagContent={p === 'accesses' && store.accesses.alertCount ? store.accesses.alertCount : undefined}
                  tagProps={{ intent: 'warning', round: true }}
                  panel={panes[p]}
                />
              ))}
            </Tabs>
          </>
        ) : (
          <div className="portal-banking-grid">
            <div className="portal-banking-main">
              {panes.accounts}
              {panes.transactions}
            </div>
            <aside className="portal-banking-side">
              {panes.accesses}
              {panes.imports}
            </aside>
          </div>
        )}
        <MatchDrawer store={store} locale={locale} mobile={mobile} />
        {editing === null ? <StatementImportDialog store={store} locale={locale} onNewAccount={() => setEditing('new')} /> : null}
        {editing !== null ? (
          <AccountDialog store={store} account={editing === 'new' ? null : editing} locale={locale} onClose={() => setEditing(null)} />
        ) : null}
      </div>
    </DropZone>
  );
});

export default BankingScreen;
