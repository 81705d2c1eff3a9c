import { MenuItem } from '@blueprintjs/core';
import { Suggest } from '@blueprintjs/select';
import type { ItemListPredicate, ItemRenderer } from '@blueprintjs/select';
import type { Company } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { matchesCompany } from '../../stores/CompanyStore';
import { useStores } from '../../app/stores-context';
import { ACCESS_KEYS } from '../keyboard';

/** At most this many companies in the open list; typing narrows it down. */
const MAX_ITEMS = 50;

const renderCompany: ItemRenderer<Company> = (company, { handleClick, handleFocus, modifiers, ref }) => {
  if (!modifiers.matchesPredicate) return null;
  return (
    <MenuItem
      ref={ref}
      key={company.company_no}
      active={modifiers.active}
      disabled={modifiers.disabled}
      onClick={handleClick}
      onFocus={handleFocus}
      roleStructure="listoption"
      text={company.company_name}
      label={`${company.company_no} · ${company.company_place}`}
      data-testid={`company-option-${company.company_no}`}
    />
  );
};

const filterCompanies: ItemListPredicate<Company> = (query, items) => items.filter((c) => matchesCompany(c, query)).slice(0, MAX_ITEMS);

export interface CompanyPickerProps {
  onSelect: (company: Company) => void;
  /** Full width (the toolbar's own row below lg). */
  fill?: boolean;
}

/** Autocomplete by company name or number; each item shows number and place (spec §2). Access key c. */
export const CompanyPicker = observer(function CompanyPicker({ onSelect, fill = false }: CompanyPickerProps) {
  const { company } = useStores();
  const { t } = useTranslation();
  return (
    <Suggest<Company>
      items={company.sorted}
      selectedItem={company.selected}
      itemRenderer={renderCompany}
      itemListPredicate={filterCompanies}
      inputValueRenderer={(c) => `${c.company_no} ${c.company_name}`}
      itemsEqual={(a, b) => a.company_no === b.company_no}
      onItemSelect={onSelect}
      noResults={<MenuItem disabled roleStructure="listoption" text={t('toolbar.noCompany')} />}
      resetOnClose
      resetOnQuery
      closeOnSelect
      popoverProps={{ minimal: true, matchTargetWidth: true }}
      inputProps={{
        placeholder: t('toolbar.selectCompany'),
        accessKey: ACCESS_KEYS.company,
        leftIcon: 'office',
        'aria-label': t('toolbar.selectCompany'),
        name: 'company',
      }}
      fill={fill}
      className={fill ? 'portal-company-picker portal-company-picker--fill' : 'portal-company-picker'}
    />
  );
});
