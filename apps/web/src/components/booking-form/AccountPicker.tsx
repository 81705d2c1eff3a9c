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
  /** Offered for a typed name (not a number): "Create supplier Moser…" opens the create dialog with it. */
  onCreate?: (name: string) => void;
  createLabel?: (name: string) => string;
}

const isNumber = (text: string) => /^\d+$/.test(text.trim());

/** Picker of accounts (supplier / customer, expense, cost centre) by number or name; typing a number not in the list is allowed. */
export function AccountPicker({ id, value, options, onChange, onBlur, accessKey, intent, rightElement, testId, onCreate, createLabel }: AccountPickerProps) {
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
      onItemSelect={(o) => (o.label === '' && !isNumber(o.value) ? onCreate?.(o.value) : onChange(o.value))}
      // Typed account numbers take effect at once (validated live); typed names only search.
      onQueryChange={(query, event) => {
        if (event && /^\d*$/.test(query.trim())) onChange(query.trim());
      }}
      createNewItemFromQuery={(query) => ({ value: query.trim(), label: '' })}
      // A typed number is used as it is; a typed name is never "used" (it would fail as not six digits): with
      // a create action it offers to create that account, otherwise nothing.
      createNewItemRenderer={(query, active, handleClick) => {
        const text = query.trim();
        if (!text) return undefined;
        if (isNumber(text))
          return (
            <MenuItem key="new" icon="add" active={active} onClick={handleClick} roleStructure="listoption" text={t('invoices.picker.use', { value: text })} />
          );
        if (!onCreate) return undefined;
        return (
          <MenuItem
            key="create"
            icon="new-person"
            active={active}
            onClick={handleClick}
            roleStructure="listoption"
            text={createLabel ? createLabel(text) : text}
            data-testid="account-create"
          />
        );
      }}
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
