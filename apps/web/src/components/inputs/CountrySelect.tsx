import { HTMLSelect } from '@blueprintjs/core';
import { ISO_COUNTRIES } from '@portal/contracts';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../i18n/format';

/** The ISO countries by their names in the UI language ("Österreich (AT)"), sorted as that language sorts. */
export function countryOptions(locale: string): { value: string; label: string }[] {
  const collator = new Intl.Collator(locale);
  return ISO_COUNTRIES.map((code) => ({ value: code, label: `${countryName(code, locale)} (${code})` })).sort((a, b) => collator.compare(a.label, b.label));
}

/** A country chosen from the ISO list instead of typed; empty for none. A stored code outside the list stays choosable. */
export function CountrySelect({ id, value, onChange, testId }: { id?: string; value: string | null; onChange(code: string | null): void; testId?: string }) {
  const { t, i18n } = useTranslation();
  const options = useMemo(() => countryOptions(i18n.language), [i18n.language]);
  const known = !value || options.some((o) => o.value === value);
  return (
    <HTMLSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.currentTarget.value || null)} fill data-testid={testId}>
      <option value="">{t('countryInput.none')}</option>
      {known ? null : <option value={value}>{value}</option>}
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </HTMLSelect>
  );
}
