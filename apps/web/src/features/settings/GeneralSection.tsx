import { Card, FormGroup, H4, HTMLSelect, Switch } from '@blueprintjs/core';
import { CHARTS_OF_ACCOUNTS, LOCALES, SETTINGS_COUNTRIES, type ChartOfAccounts, type Locale, type SettingsCountry } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatMonth } from '../../i18n/format';
import type { SettingsStore } from './SettingsStore';
import { issueTexts } from './field-issues';

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

/** Country, account system (chart of accounts), fiscal year start, document language, e-invoice confirmation. */
export const GeneralSection = observer(function GeneralSection({ store }: { store: SettingsStore }) {
  const { t, i18n } = useTranslation();
  const draft = store.draft!;
  const disabled = !store.editable;
  const errors = (field: string) => issueTexts(store, field, t);
  return (
    <Card className="portal-settings-card" data-testid="settings-general">
      <H4>{t('settings.sections.general')}</H4>
      <div className="portal-settings-grid">
        <FormGroup label={t('settings.fields.country')} labelFor="settings-country">
          <HTMLSelect
            id="settings-country"
            fill
            disabled={disabled}
            value={draft.country}
            onChange={(e) => store.set('country', e.currentTarget.value as SettingsCountry)}
            data-testid="settings-country"
          >
            {SETTINGS_COUNTRIES.map((c) => (
              <option key={c} value={c}>
                {t(`settings.countries.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('settings.fields.chart_of_accounts')} labelFor="settings-chart">
          <HTMLSelect
            id="settings-chart"
            fill
            disabled={disabled}
            value={draft.chart_of_accounts}
            onChange={(e) => store.set('chart_of_accounts', e.currentTarget.value as ChartOfAccounts)}
            data-testid="settings-chart"
          >
            {CHARTS_OF_ACCOUNTS.map((c) => (
              <option key={c} value={c}>
                {t(`settings.charts.${c}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup
          label={t('settings.fields.fiscal_year_start_month')}
          labelFor="settings-fiscal"
          helperText={errors('fiscal_year_start_month').join(' · ') || undefined}
          intent={errors('fiscal_year_start_month').length ? 'danger' : 'none'}
        >
          <HTMLSelect
            id="settings-fiscal"
            fill
            disabled={disabled}
            value={draft.fiscal_year_start_month}
            onChange={(e) => store.set('fiscal_year_start_month', Number(e.currentTarget.value))}
            data-testid="settings-fiscal"
          >
            {MONTHS.map((m) => (
              <option key={m} value={m}>
                {formatMonth(m, i18n.language)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <FormGroup label={t('settings.fields.document_language')} labelFor="settings-language">
          <HTMLSelect
            id="settings-language"
            fill
            disabled={disabled}
            value={draft.document_language}
            onChange={(e) => store.set('document_language', e.currentTarget.value as Locale)}
            data-testid="settings-language"
          >
            {LOCALES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      <Switch
        checked={draft.auto_confirm_einvoices}
        disabled={disabled}
        onChange={(e) => store.set('auto_confirm_einvoices', e.currentTarget.checked)}
        label={t('settings.fields.auto_confirm_einvoices')}
        data-testid="settings-auto-confirm"
      />
    </Card>
  );
});
