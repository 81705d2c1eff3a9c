import { HTMLSelect, InputGroup, NonIdealState } from '@blueprintjs/core';
import { FON_CONFLICT_KINDS, FON_ITEM_STATES, type FonConflictKind, type FonItemState, type FonQuotaItem } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar, useIsMobile, type DataColumn } from '../../components/layout';
import { formatDate, formatNumber } from '../../i18n/format';
import type { FonStore } from './FonStore';
import { ItemDialog } from './ItemDialog';
import { ItemStateTag } from './fon-tags';

const ROW_HEIGHT = 34;

/** The filters of spec §4: state, responsible employee, tax office, conflict kind, and a search. */
const ItemFiltersBar = observer(function ItemFiltersBar({ store }: { store: FonStore }) {
  const { t, i18n } = useTranslation();
  const facets = store.quota.facets;
  const f = store.items.filters;
  const [search, setSearch] = useState(f.search);
  useEffect(() => {
    const timer = setTimeout(() => search !== store.items.filters.search && void store.items.setFilters({ search }), 300);
    return () => clearTimeout(timer);
  }, [search, store]);
  const n = (count: number | undefined) => (count === undefined ? '' : ` (${formatNumber(count, i18n.language)})`);
  return (
    <ResponsiveBar label={t('fon.items.filters')} testId="fon-item-filters">
      <HTMLSelect
        aria-label={t('fon.columns.status')}
        value={f.status ?? ''}
        onChange={(e) => void store.items.setFilters({ status: (e.currentTarget.value || null) as FonItemState | null })}
        data-testid="fon-filter-status"
      >
        <option value="">{t('fon.items.anyStatus')}</option>
        {FON_ITEM_STATES.map((s) => (
          <option key={s} value={s}>
            {t(`fon.states.${s}`)}
            {n(facets?.statuses[s])}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('fon.columns.zustMa')}
        value={f.employee ?? '*'}
        onChange={(e) => void store.items.setFilters({ employee: e.currentTarget.value === '*' ? null : e.currentTarget.value })}
        data-testid="fon-filter-employee"
      >
        <option value="*">{t('fon.items.anyEmployee')}</option>
        {(facets?.employees ?? []).map((e) => (
          <option key={e.name ?? ''} value={e.name ?? ''}>
            {e.name ?? t('fon.items.noEmployee')}
            {n(e.items)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('fon.items.anyOffice')}
        value={f.office ?? ''}
        onChange={(e) => void store.items.setFilters({ office: e.currentTarget.value || null })}
        data-testid="fon-filter-office"
      >
        <option value="">{t('fon.items.anyOffice')}</option>
        {(facets?.tax_offices ?? []).map((o) => (
          <option key={o.code} value={o.code}>
            {o.name} ({o.code}){n(o.items)}
          </option>
        ))}
      </HTMLSelect>
      <HTMLSelect
        aria-label={t('fon.conflicts.columns.kind')}
        value={f.conflict ?? ''}
        onChange={(e) => void store.items.setFilters({ conflict: (e.currentTarget.value || null) as FonConflictKind | null })}
        data-testid="fon-filter-conflict"
      >
        <option value="">{t('fon.items.anyConflict')}</option>
        {FON_CONFLICT_KINDS.map((k) => (
          <option key={k} value={k}>
            {t(`fon.conflicts.kinds.${k}`)}
            {n(facets?.conflict_kinds[k])}
          </option>
        ))}
      </HTMLSelect>
      <InputGroup
        type="search"
        leftIcon="search"
        aria-label={t('fon.items.search')}
        placeholder={t('fon.items.search')}
        value={search}
        onValueChange={setSearch}
        data-testid="fon-filter-search"
      />
      <span className="portal-spacer" />
      <span className="portal-muted" data-testid="fon-item-count">
        {t('fon.items.count', {
          shown: formatNumber(store.items.list.items.length, i18n.language),
          total: formatNumber(store.items.list.total, i18n.language),
        })}
      </span>
    </ResponsiveBar>
  );
});

/** The returns with the spec's columns (status, name, taxId, ntcsPersNr, abgabedatum, eingangsDatum, quotenArt, zustMa, regKassa), virtualised, pages loaded as the user scrolls. */
export const ItemsTab = observer(function ItemsTab({ store }: { store: FonStore }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const mobile = useIsMobile();
  const [open, setOpen] = useState<FonQuotaItem | null>(null);
  const locale = ui.locale;
  const columns: DataColumn<FonQuotaItem>[] = [
    { id: 'status', header: t('fon.columns.status'), render: (i) => <ItemStateTag state={i.status} />, width: '150px' },
    { id: 'name', header: t('fon.columns.name'), primary: true, render: (i) => <span className="portal-fon-name">{i.name}</span>, width: '240px' },
    { id: 'taxId', header: t('fon.columns.taxId'), render: (i) => <span className="portal-num">{i.taxId}</span> },
    { id: 'ntcsPersNr', header: t('fon.columns.ntcsPersNr'), render: (i) => i.ntcsPersNr ?? '–' },
    { id: 'abgabedatum', header: t('fon.columns.abgabedatum'), render: (i) => formatDate(i.abgabedatum, locale) || '–' },
    { id: 'eingangsDatum', header: t('fon.columns.eingangsDatum'), render: (i) => formatDate(i.eingangsDatum, locale) || '–' },
    { id: 'quotenArt', header: t('fon.columns.quotenArt'), render: (i) => <abbr title={t(`fon.returnTypes.${i.quotenArt}`)}>{i.quotenArt}</abbr> },
    { id: 'zustMa', header: t('fon.columns.zustMa'), render: (i) => i.zustMa ?? '–' },
    {
      id: 'regKassa',
      header: t('fon.columns.regKassa'),
      render: (i) =>
        i.regKassa ? t('fon.items.registers', { count: i.regKassa.count, state: i.regKassa.worst ? t(`fon.registers.states.${i.regKassa.worst}`) : '' }) : '–',
    },
  ];
  const height = mobile ? 520 : Math.max(320, window.innerHeight - 300);
  return (
    <div className="portal-fon-items">
      <ItemFiltersBar store={store} />
      <DataTable
        label={t('fon.items.label')}
        rows={store.items.list.items}
        rowKey={(i) => i.id}
        columns={columns}
        onRowClick={setOpen}
        selectedKey={open?.id ?? null}
        empty={<NonIdealState icon="filter" title={t('fon.items.empty')} />}
        virtual={{ rowHeight: ROW_HEIGHT, maxHeight: height }}
        onNearEnd={store.items.loadMore}
        testId="fon-items"
        rowTestId={(i) => `fon-item-${i.id}`}
      />
      {open ? <ItemDialog store={store} item={store.items.list.items.find((i) => i.id === open.id) ?? open} onClose={() => setOpen(null)} /> : null}
    </div>
  );
});
