import { Button, Callout, Classes, HTMLSelect, InputGroup, Menu, MenuItem, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import type { OpenItem } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate } from '../../i18n/format';
import { OPEN_ITEM_SORTS, type OpenItemSort, type OpenItemsStore } from './OpenItemsStore';
import { useErrorText } from '../../i18n/use-error-text';

function ItemRow({ item, locale, active }: { item: OpenItem; locale: string; active: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="portal-open-item-row">
      <div className="portal-open-item-line">
        <strong className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{item.party ?? item.title}</strong>
        <span className="portal-num" data-testid={`item-outstanding-${item.id}`}>
          {formatAmount(item.outstanding, item.currency, locale)}
        </span>
      </div>
      <div className="portal-open-item-line">
        <span className={active ? undefined : Classes.TEXT_MUTED}>
          {item.invoice_number ?? '–'} · {formatDate(item.invoice_date, locale)}
        </span>
        <span>
          {item.days_overdue > 0 ? (
            <Tag minimal intent={item.days_overdue > 30 ? 'danger' : 'warning'}>
              {t('unpaid.overdue')}: {item.days_overdue}
            </Tag>
          ) : (
            <Tag minimal>
              {t('unpaid.due')} {formatDate(item.due_date, locale)}
            </Tag>
          )}
          {item.dunning_level > 0 ? (
            <Tag minimal intent="danger" className="portal-tag-gap">
              M{item.dunning_level}
            </Tag>
          ) : null}
          {item.blocked ? <Tag minimal icon="lock" className="portal-tag-gap" aria-label={t('unpaid.blocked')} /> : null}
          {item.status !== 'open' ? (
            <Tag minimal intent="success" className="portal-tag-gap">
              {t(`unpaid.status_${item.status}`)}
            </Tag>
          ) : null}
        </span>
      </div>
    </div>
  );
}

/** The items of the chosen kind, filterable; selecting one opens it beside the list. */
export const OpenItemList = observer(function OpenItemList({
  store,
  locale,
  onSelect,
  onKind,
}: {
  store: OpenItemsStore;
  locale: string;
  onSelect: (id: number) => void;
  onKind: (kind: 'er' | 'ar') => void;
}) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  return (
    <nav className="portal-open-item-list" aria-label={t('unpaid.title')} data-testid="open-item-list">
      <div className="portal-open-item-filters">
        <HTMLSelect
          fill
          value={store.kind === 'receivable' ? 'ar' : 'er'}
          onChange={(e) => onKind(e.currentTarget.value as 'er' | 'ar')}
          aria-label={t('unpaid.kind')}
          data-testid="open-item-kind"
        >
          <option value="er">{t('unpaid.payables')}</option>
          <option value="ar">{t('unpaid.receivables')}</option>
        </HTMLSelect>
        <HTMLSelect
          fill
          value={store.status}
          onChange={(e) => void store.setFilter({ status: e.currentTarget.value as 'open' | 'all' })}
          aria-label={t('unpaid.status')}
          data-testid="open-item-status"
        >
          <option value="open">{t('unpaid.statuses.open')}</option>
          <option value="all">{t('unpaid.statuses.all')}</option>
        </HTMLSelect>
        <HTMLSelect
          fill
          value={store.sort}
          onChange={(e) => void store.setFilter({ sort: e.currentTarget.value as OpenItemSort })}
          aria-label={t('unpaid.sort')}
          data-testid="open-item-sort"
        >
          {OPEN_ITEM_SORTS.map((s) => (
            <option key={s} value={s}>
              {t(`unpaid.sorts.${s.replace(':-1', '_desc').replace(':1', '_asc')}`)}
            </option>
          ))}
        </HTMLSelect>
        <InputGroup
          type="search"
          leftIcon="search"
          placeholder={t('unpaid.search')}
          aria-label={t('unpaid.search')}
          value={store.search}
          onValueChange={(v) => void store.setFilter({ search: v })}
          data-testid="open-item-search"
        />
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="open-item-count">
          {t('unpaid.count', { shown: store.items.items.length, total: store.items.total })}
        </div>
      </div>
      {store.error ? <Callout intent="danger">{errorOf(store.error)}</Callout> : null}
      {store.items.loading && !store.items.loaded ? <Spinner size={30} /> : null}
      {store.items.loaded && store.items.items.length === 0 ? <NonIdealState icon="tick-circle" title={t('unpaid.empty')} /> : null}
      <Menu className="portal-open-item-rows">
        {store.items.items.map((item) => (
          <MenuItem
            key={item.id}
            active={item.id === store.selectedId}
            href={`#${item.id}`}
            multiline
            onClick={(e) => {
              e.preventDefault();
              onSelect(item.id);
            }}
            data-testid={`open-item-${item.id}`}
            text={<ItemRow item={item} locale={locale} active={item.id === store.selectedId} />}
          />
        ))}
      </Menu>
      {store.items.hasMore ? (
        <Button
          minimal
          fill
          icon="more"
          loading={store.items.loadingMore}
          text={t('unpaid.loadMore', { count: Math.min(100, store.items.total - store.items.items.length) })}
          onClick={() => void store.loadMore()}
          data-testid="open-item-more"
        />
      ) : null}
    </nav>
  );
});
