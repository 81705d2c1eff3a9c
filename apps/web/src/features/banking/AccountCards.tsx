import { Card, Classes, Tag } from '@blueprintjs/core';
import type { BankAccount } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../i18n/format';
import type { BankingStore } from './BankingStore';
import { reconciliationFindings } from './ReconciliationFindings';

const ibanText = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();

/** The client's accounts with balances; choosing one filters the transactions and shows its chart. */
export const AccountCards = observer(function AccountCards({ store, locale }: { store: BankingStore; locale: string }) {
  const { t } = useTranslation();
  if (store.accounts.list.items.length === 0 && !store.loading)
    return (
      <p className={Classes.TEXT_MUTED} data-testid="accounts-empty">
        {t('banking.accounts.empty')}
      </p>
    );
  return (
    <div className="portal-banking-accounts" aria-label={t('banking.accounts.heading')} role="group">
      {store.accounts.totals.map((total) => (
        <div key={total.currency} className="portal-banking-total" data-testid={`total-${total.currency}`}>
          <span className={Classes.TEXT_MUTED}>{t('banking.accounts.total')}</span>
          <strong className={total.cents < 0 ? 'portal-amount-negative' : undefined}>{formatAmount(total.cents / 100, total.currency, locale)}</strong>
        </div>
      ))}
      {store.accounts.list.items.map((a: BankAccount) => (
        <Card
          key={a.id}
          role="button"
          interactive
          selected={a.id === store.accounts.selectedId}
          className="portal-banking-account"
          onClick={() => store.selectAccount(a.id === store.accounts.selectedId ? null : a.id)}
          onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), store.selectAccount(a.id === store.accounts.selectedId ? null : a.id))}
          tabIndex={0}
          aria-pressed={a.id === store.accounts.selectedId}
          data-testid={`account-${a.iban}`}
        >
          <div className="portal-banking-account-head">
            <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{a.label || a.bank_name}</strong>
            <Tag minimal>{t(`banking.accounts.types.${a.type}`)}</Tag>
            {a.archived ? (
              <Tag minimal intent="warning">
                {t('banking.accounts.archived')}
              </Tag>
            ) : null}
            {reconciliationFindings(a).length > 0 ? (
              <Tag minimal intent="warning" icon="warning-sign" data-testid="account-findings">
                {t('banking.accounts.findings', { count: reconciliationFindings(a).length })}
              </Tag>
            ) : null}
          </div>
          <div className={`${Classes.TEXT_MUTED} portal-banking-iban`}>{ibanText(a.iban)}</div>
          <div className={`portal-banking-balance${a.balance_cents < 0 ? ' portal-amount-negative' : ''}`} data-testid="account-balance">
            {formatAmount(a.balance_cents / 100, a.currency, locale)}
          </div>
          <div className={Classes.TEXT_MUTED}>
            {t('banking.accounts.transactions', { count: a.booked_count })}
            {a.pending_count ? ` · ${t('banking.accounts.pending', { count: a.pending_count })}` : ''}
            {' · '}
            {a.last_statement_date
              ? t('banking.accounts.lastStatement', { date: formatDate(a.last_statement_date, locale) })
              : t('banking.accounts.noStatement')}
          </div>
        </Card>
      ))}
    </div>
  );
});
