import { Button, Callout, HTMLSelect, InputGroup, Menu, MenuItem, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import { VAT_CHECK_RESULTS, type VatCheckResult } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AddressesStore } from './AddressesStore';
import { VatCheckTag } from './VatCheckTag';
import { useErrorText } from '../../i18n/use-error-text';

/** Search, filters and the paged list of addresses; a click opens the address. */
export const AddressList = observer(function AddressList({ store, onOpen }: { store: AddressesStore; onOpen(id: number): void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [search, setSearch] = useState(store.filters.search);
  // Search as the user types, a moment after the last key.
  useEffect(() => {
    const timer = setTimeout(() => {
      if (search !== store.filters.search) void store.setFilters({ search });
    }, 250);
    return () => clearTimeout(timer);
  }, [search, store]);
  return (
    <div className="portal-addresses-list" data-testid="addresses-list">
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={t('addresses.search')}
        aria-label={t('addresses.search')}
        value={search}
        onValueChange={setSearch}
        data-testid="addresses-search"
      />
      <div className="portal-addresses-filters">
        <Switch
          checked={store.filters.rpaOnly}
          onChange={(e) => void store.setFilters({ rpaOnly: e.currentTarget.checked })}
          label={t('addresses.rpaOnly')}
          data-testid="addresses-rpa-only"
        />
        <HTMLSelect
          value={store.filters.vatResult ?? ''}
          onChange={(e) => void store.setFilters({ vatResult: (e.currentTarget.value || null) as VatCheckResult | null })}
          aria-label={t('addresses.vatFilter')}
          data-testid="addresses-vat-filter"
        >
          <option value="">{t('addresses.anyVat')}</option>
          {VAT_CHECK_RESULTS.map((r) => (
            <option key={r} value={r}>
              {t(`addresses.vat.${r}`)}
            </option>
          ))}
        </HTMLSelect>
        <span className="portal-muted" data-testid="addresses-count">
          {t('addresses.count', { shown: store.addresses.items.length, total: store.addresses.total })}
        </span>
      </div>
      {store.addresses.error ? (
        <Callout intent="danger" compact>
          {t('addresses.loadFailed', { message: errorOf(store.addresses.error) })}
        </Callout>
      ) : null}
      {store.addresses.items.length === 0 && !store.addresses.loading ? (
        <NonIdealState
          icon="th-list"
          title={store.filters.search || store.filters.rpaOnly || store.filters.vatResult ? t('addresses.noMatch') : t('addresses.empty')}
        />
      ) : null}
      <Menu className="portal-addresses-menu" aria-label={t('addresses.title')}>
        {store.addresses.items.map((a) => (
          <MenuItem
            key={a.id}
            active={a.id === store.selectedId}
            onClick={() => onOpen(a.id)}
            data-testid={`address-row-${a.id}`}
            text={
              <div className="portal-address-row">
                <div className="portal-address-row-name">{a.name || t('addresses.noName')}</div>
                <div className="portal-address-row-meta">
                  {[a.vat_id, [a.postcode, a.place].filter(Boolean).join(' '), a.country].filter(Boolean).join(' · ')}
                </div>
              </div>
            }
            labelElement={
              <span className="portal-address-row-tags">
                {a.rpa ? (
                  <Tag intent="primary" data-testid={`address-rpa-${a.id}`}>
                    {t('addresses.rpa')}
                  </Tag>
                ) : null}
                <VatCheckTag check={a.vat_check} />
              </span>
            }
          />
        ))}
      </Menu>
      {store.addresses.loading || store.addresses.loadingMore ? <Spinner size={20} /> : null}
      {store.addresses.hasMore && !store.addresses.loading && !store.addresses.loadingMore ? (
        <Button variant="minimal" fill onClick={() => void store.addresses.loadMore()} data-testid="addresses-more">
          {t('addresses.loadMore')}
        </Button>
      ) : null}
    </div>
  );
});
