import { Button, Checkbox, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DocumentsStore } from './DocumentsStore';
import '../einvoices/einvoice-texts';

/** Search waits this long after the last keystroke. */
const SEARCH_DELAY_MS = 300;

type TriState = 'all' | 'yes' | 'no';
const toTri = (v: boolean | undefined): TriState => (v === undefined ? 'all' : v ? 'yes' : 'no');
const fromTri = (v: string): boolean | undefined => (v === 'all' ? undefined : v === 'yes');

/** Full-text search box and the state filters of spec §4 (confirmed, booked, locked, invalid). */
export const FilterBar = observer(function FilterBar({ store, autoFocus }: { store: DocumentsStore; autoFocus?: boolean }) {
  const { t } = useTranslation();
  const [text, setText] = useState(store.search);
  useEffect(() => setText(store.search), [store.search]);
  useEffect(() => {
    if (text === store.search) return undefined;
    const timer = setTimeout(() => void store.setSearch(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, store]);
  const f = store.filters;
  const filtered = f.confirmed !== undefined || f.booked !== undefined || f.locked || f.invalid || f.einvoice_validity;
  return (
    <div className="portal-documents-filters">
      <InputGroup
        leftIcon="search"
        type="search"
        placeholder={t('documents.filters.search')}
        aria-label={t('documents.filters.searchLabel')}
        value={text}
        onValueChange={setText}
        onKeyDown={(e) => e.key === 'Enter' && void store.setSearch(text)}
        className="portal-documents-search"
        autoFocus={autoFocus}
        data-testid="documents-search"
      />
      <HTMLSelect
        aria-label={t('documents.filters.confirmed')}
        value={toTri(f.confirmed)}
        onChange={(e) => void store.setFilter('confirmed', fromTri(e.currentTarget.value))}
        options={[
          { value: 'all', label: `${t('documents.filters.confirmed')}: ${t('documents.filters.all')}` },
          { value: 'yes', label: t('documents.flags.confirmed') },
          { value: 'no', label: t('documents.flags.unconfirmed') },
        ]}
        data-testid="filter-confirmed"
      />
      <HTMLSelect
        aria-label={t('documents.filters.booked')}
        value={toTri(f.booked)}
        onChange={(e) => void store.setFilter('booked', fromTri(e.currentTarget.value))}
        options={[
          { value: 'all', label: `${t('documents.filters.booked')}: ${t('documents.filters.all')}` },
          { value: 'yes', label: t('documents.flags.booked') },
          { value: 'no', label: t('documents.flags.notBooked') },
        ]}
        data-testid="filter-booked"
      />
      <Checkbox
        checked={!!f.locked}
        label={t('documents.filters.locked')}
        onChange={(e) => void store.setFilter('locked', e.currentTarget.checked ? true : undefined)}
        inline
        data-testid="filter-locked"
      />
      <Checkbox
        checked={!!f.invalid}
        label={t('documents.filters.invalid')}
        onChange={(e) => void store.setFilter('invalid', e.currentTarget.checked ? true : undefined)}
        inline
        data-testid="filter-invalid"
      />
      <Checkbox
        checked={f.einvoice_validity === 'invalid'}
        label={t('einvoices.filter')}
        onChange={(e) => void store.setFilter('einvoice_validity', e.currentTarget.checked ? 'invalid' : undefined)}
        inline
        data-testid="filter-einvoice-invalid"
      />
      {filtered ? (
        <Button
          variant="minimal"
          icon="filter-remove"
          text={t('documents.filters.clear')}
          onClick={() => {
            void store.setFilter('confirmed', undefined);
            void store.setFilter('booked', undefined);
            void store.setFilter('locked', undefined);
            void store.setFilter('invalid', undefined);
            void store.setFilter('einvoice_validity', undefined);
          }}
        />
      ) : null}
    </div>
  );
});
