import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import type { ItemListPredicate, ItemRenderer } from '@blueprintjs/select';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { AccountOption } from '../../stores/AccountingStore';

const MAX_ITEMS = 50;

const filterOptions: ItemListPredicate<AccountOption> = (query, items) => {
  const q = query.trim().toLowerCase();
  return items.filter((o) => !q || o.value.startsWith(q) || o.label.toLowerCase().includes(q)).slice(0, MAX_ITEMS);
};

const renderOption: ItemRenderer<AccountOption> = (option, { handleClick, handleFocus, modifiers, ref }) => {
  if (!modifiers.matchesPredicate) return null;
  return (
    <MenuItem
      ref={ref}
      key={option.value}
      active={modifiers.active}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
      text={`${option.value} ${option.label}`}
      label={option.detail}
      data-testid={`account-option-${option.value}`}
    />
  );
};

export interface AccountPickerProps {
  id: string;
  value: string;
  options: AccountOption[];
  onChange: (value: string) => void;
  onBlur?: () => void;
  accessKey?: string;
  intent?: 'danger' | 'warning' | 'none';
  rightElement?: ReactElement;
  testId: string;
}

/** Picker of accounts (supplier / customer, expense, cost centre) by number or name; typing a number not in the list is allowed. */
export function AccountPicker({ id, value, options, onChange, onBlur, accessKey, intent, rightElement, testId }: AccountPickerProps) {
  const { t } = useTranslation();
  const selected = options.find((o) => o.value === value) ?? (value ? { value, label: '' } : null);
  return (
    <Suggest<AccountOption>
      items={options}
      selectedItem={selected}
      itemRenderer={renderOption}
      itemListPredicate={filterOptions}
      inputValueRenderer={(o) => (o.label ? `${o.value} ${o.label}` : o.value)}
      itemsEqual={(a, b) => a.value === b.value}
      onItemSelect={(o) => onChange(o.value)}
      // Typed account numbers take effect at once (validated live); typed names only search.
      onQueryChange={(query, event) => {
        if (event && /^\d*$/.test(query.trim())) onChange(query.trim());
      }}
      createNewItemFromQuery={(query) => ({ value: query.trim(), label: '' })}
      createNewItemRenderer={(query, active, handleClick) =>
        query.trim() ? <MenuItem key="new" icon="add" active={active} onClick={handleClick} roleStructure="listoption" text={t('invoices.picker.use', { value: query.trim() })} /> : undefined
      }
      noResults={<MenuItem disabled roleStructure="listoption" text={t('invoices.picker.noResults')} />}
      resetOnClose
      closeOnSelect
      fill
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{
        id,
        accessKey,
        intent,
        placeholder: t('invoices.picker.placeholder'),
        rightElement,
        onBlur,
        ...({ 'data-testid': testId } as object),
      }}
    />
  );
}
