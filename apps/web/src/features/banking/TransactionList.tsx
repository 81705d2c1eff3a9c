import { Button, Classes, HTMLSelect, InputGroup, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { BankTransaction } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatNumber } from '../../i18n/format';
import type { BankingStore } from './BankingStore';
import type { TransactionFilters } from './BankTransactionsStore';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';
import { MatchStatusTag } from './MatchStatusTag';

const ROW_HEIGHT = 60;
const OVERSCAN = 8;

const Filters = observer(function Filters({ store }: { store: BankingStore }) {
  const { t } = useTranslation();
  const f = store.transactions.filters;
  const [search, setSearch] = useState(f.search);
  useEffect(() => setSearch(f.search), [f.search]);
  useEffect(() => {
    const timer = setTimeout(() => search !== store.transactions.filters.search && store.transactions.setFilter('search', search), 300);
    return () => clearTimeout(timer);
  }, [search, store]);
  const select = <K extends 'direction' | 'status' | 'match'>(key: K, options: readonly TransactionFilters[K][], label: string) => (
    <label className={Classes.LABEL}>
      {label}
      <HTMLSelect
        value={f[key]}
        onChange={(e) => store.transactions.setFilter(key, e.currentTarget.value as TransactionFilters[K])}
        options={options.map((o) => ({
          value: o,
          label: t(`banking.transactions.${key === 'direction' ? 'directions' : key === 'status' ? 'statuses' : 'matches'}.${o}`),
        }))}
      />
    </label>
  );
  return (
    <div className="portal-banking-filters" role="search">
      <InputGroup
        leftIcon="search"
        type="search"
        value={search}
        onChange={(e) => setSearch(e.currentTarget.value)}
        placeholder={t('banking.transactions.search')}
        aria-label={t('banking.transactions.search')}
        className="portal-banking-search"
        data-testid="transaction-search"
      />
      <label className={Classes.LABEL}>
        {t('banking.transactions.account')}
        <HTMLSelect
          value={store.accounts.selectedId ?? ''}
          onChange={(e) => store.selectAccount(e.currentTarget.value || null)}
          options={[
            { value: '', label: t('banking.transactions.allAccounts') },
            ...store.accounts.list.items.map((a) => ({ value: a.id, label: a.label || a.iban })),
          ]}
        />
      </label>
      <label className={Classes.LABEL}>
        {t('banking.transactions.from')}
        <LocaleDateInput value={f.from} onChange={(v) => store.transactions.setFilter('from', v)} />
      </label>
      <label className={Classes.LABEL}>
        {t('banking.transactions.to')}
        <LocaleDateInput value={f.to} onChange={(v) => store.transactions.setFilter('to', v)} />
      </label>
      <label className={Classes.LABEL}>
        {t('banking.transactions.minAmount')}
        <input
          className={`${Classes.INPUT} portal-banking-amount-input`}
          inputMode="decimal"
          value={f.minAmount}
          onChange={(e) => store.transactions.setFilter('minAmount', e.currentTarget.value)}
        />
      </label>
      <label className={Classes.LABEL}>
        {t('banking.transactions.maxAmount')}
        <input
          className={`${Classes.INPUT} portal-banking-amount-input`}
          inputMode="decimal"
          value={f.maxAmount}
          onChange={(e) => store.transactions.setFilter('maxAmount', e.currentTarget.value)}
        />
      </label>
      {select('direction', ['all', 'credit', 'debit'], t('banking.transactions.direction'))}
      {select('status', ['all', 'booked', 'pending'], t('banking.transactions.status'))}
      {select('match', ['all', 'unmatched', 'matched'], t('banking.transactions.match'))}
      <Button minimal icon="filter-remove" text={t('banking.transactions.clear')} onClick={store.transactions.clearFilters} />
    </div>
  );
});

const Row = ({ tx, top, locale, onOpen }: { tx: BankTransaction | undefined; top: number; locale: string; onOpen: (tx: BankTransaction) => void }) => {
  const { t } = useTranslation();
  if (!tx) return <div className="portal-banking-row portal-banking-row-loading" style={{ top }} aria-hidden />;
  return (
    <div
      className="portal-banking-row"
      style={{ top }}
      role="row"
      tabIndex={0}
      onClick={() => onOpen(tx)}
      onKeyDown={(e) => e.key === 'Enter' && onOpen(tx)}
      data-testid="transaction-row"
      data-id={tx.id}
    >
      <span className="portal-banking-row-date" role="cell">
        {formatDate(tx.booking_date, locale)}
      </span>
      <span className="portal-banking-row-text" role="cell">
        <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{tx.counterparty_name || tx.bank_code || '—'}</strong>
        <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}>{tx.remittance}</span>
      </span>
      <span className="portal-banking-row-tags" role="cell">
        {tx.reversal ? (
          <Tag minimal intent="warning">
            {t('banking.transactions.reversal')}
          </Tag>
        ) : null}
        <MatchStatusTag tx={tx} />
      </span>
      <span className={`portal-banking-row-amount${tx.amount_cents < 0 ? ' portal-amount-negative' : ' portal-amount-positive'}`} role="cell">
        {formatAmount(tx.amount_cents / 100, tx.currency, locale)}
      </span>
    </div>
  );
};

/** The transactions of the account and filters: a virtualised list that loads pages as they scroll into view. */
export const TransactionList = observer(function TransactionList({ store, locale, height }: { store: BankingStore; locale: string; height: number }) {
  const { t } = useTranslation();
  const scroller = useRef<HTMLDivElement>(null);
  const [scrollTop, setScrollTop] = useState(0);
  const first = Math.max(0, Math.floor(scrollTop / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(store.transactions.total, Math.ceil((scrollTop + height) / ROW_HEIGHT) + OVERSCAN);
  useEffect(() => {
    for (let i = first; i < last; i += 50) void store.transactions.ensureRow(i);
    if (last > first) void store.transactions.ensureRow(last - 1);
  }, [first, last, store, store.transactions.rows]);
  useEffect(() => {
    scroller.current?.scrollTo({ top: 0 });
    setScrollTop(0);
  }, [store.transactions.query]);
  const rows = [];
  for (let i = first; i < last; i++)
    rows.push(<Row key={i} tx={store.transactions.rows.get(i)} top={i * ROW_HEIGHT} locale={locale} onOpen={(tx) => void store.matches.open(tx)} />);
  return (
    <section className="portal-banking-section portal-banking-transactions" aria-labelledby="banking-transactions-heading">
      <div className="portal-banking-section-head">
        <h2 id="banking-transactions-heading" className={Classes.HEADING}>
          {t('banking.transactions.heading')}
        </h2>
        <span className={Classes.TEXT_MUTED} data-testid="transaction-count">
          {t('banking.transactions.count', { count: store.transactions.total, formatted: formatNumber(store.transactions.total, locale) })}
        </span>
      </div>
      <Filters store={store} />
      {/* A table only with rows: an empty one is no table to assistive technology (aria-required-children). */}
      <div
        ref={scroller}
        className="portal-banking-scroller"
        style={{ height }}
        onScroll={(e) => setScrollTop(e.currentTarget.scrollTop)}
        {...(store.transactions.total > 0 ? { role: 'table', 'aria-rowcount': store.transactions.total, 'aria-label': t('banking.transactions.heading') } : {})}
      >
        <div style={{ height: store.transactions.total * ROW_HEIGHT, position: 'relative' }} role={store.transactions.total > 0 ? 'rowgroup' : undefined}>
          {rows}
        </div>
        {store.transactions.total === 0 ? (
          store.loading ? (
            <Spinner size={24} />
          ) : (
            <NonIdealState icon="search" description={t('banking.transactions.empty')} />
          )
        ) : null}
      </div>
    </section>
  );
});
