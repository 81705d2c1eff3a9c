import { Card, FormGroup, H4, HTMLSelect, Switch } from '@blueprintjs/core';
import { BANK_IMPORT_FORMATS, MIN_RETENTION_YEARS, type BankImportFormat } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SettingsStore } from './SettingsStore';
import { issueTexts } from './field-issues';
import { NumberField } from './NumberField';

/** Bank import options (format, matching and its tolerances, duplicates). */
export const BankImportSection = observer(function BankImportSection({ store }: { store: SettingsStore }) {
  const { t } = useTranslation();
  const bank = store.draft!.bank_import;
  const disabled = !store.editable;
  const set = (change: Partial<typeof bank>) => store.set('bank_import', { ...bank, ...change });
  return (
    <Card className="portal-settings-card" data-testid="settings-bank">
      <H4>{t('settings.sections.bank')}</H4>
      <div className="portal-settings-grid">
        <FormGroup label={t('settings.fields.format')} labelFor="settings-bank-format">
          <HTMLSelect
            id="settings-bank-format"
            fill
            disabled={disabled}
            value={bank.format}
            onChange={(e) => set({ format: e.currentTarget.value as BankImportFormat })}
            data-testid="settings-bank-format"
          >
            {BANK_IMPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {f}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <NumberField
          label={t('settings.fields.amount_tolerance')}
          value={bank.amount_tolerance}
          decimals={2}
          onChange={(v) => set({ amount_tolerance: v ?? 0 })}
          onReadable={(ok) => store.markReadable('bank_import.amount_tolerance', ok)}
          errors={issueTexts(store, 'bank_import.amount_tolerance', t)}
          disabled={disabled}
          testId="settings-bank-amount"
        />
        <NumberField
          label={t('settings.fields.date_tolerance_days')}
          value={bank.date_tolerance_days}
          onChange={(v) => set({ date_tolerance_days: v ?? 0 })}
          onReadable={(ok) => store.markReadable('bank_import.date_tolerance_days', ok)}
          errors={issueTexts(store, 'bank_import.date_tolerance_days', t)}
          disabled={disabled}
          testId="settings-bank-days"
        />
      </div>
      <Switch
        checked={bank.auto_match}
        disabled={disabled}
        onChange={(e) => set({ auto_match: e.currentTarget.checked })}
        label={t('settings.fields.auto_match')}
        data-testid="settings-bank-auto"
      />
      <Switch
        checked={bank.skip_duplicates}
        disabled={disabled}
        onChange={(e) => set({ skip_duplicates: e.currentTarget.checked })}
        label={t('settings.fields.skip_duplicates')}
        data-testid="settings-bank-duplicates"
      />
    </Card>
  );
});

/** Retention years with the legal minimum of the client's country. */
export const RetentionSection = observer(function RetentionSection({ store }: { store: SettingsStore }) {
  const { t } = useTranslation();
  const draft = store.draft!;
  return (
    <Card className="portal-settings-card" data-testid="settings-retention-card">
      <H4>{t('settings.sections.retention')}</H4>
      <div className="portal-settings-grid">
        <NumberField
          label={t('settings.fields.retention_years')}
          value={draft.retention_years}
          onChange={(v) => store.set('retention_years', v ?? 0)}
          onReadable={(ok) => store.markReadable('retention_years', ok)}
          errors={issueTexts(store, 'retention_years', t)}
          helper={t('settings.fields.retention_hint', {
            min: MIN_RETENTION_YEARS[draft.country],
            country: t(`settings.countries.${draft.country}`),
            law: t(`settings.laws.${draft.country}`),
          })}
          disabled={!store.editable}
          testId="settings-retention"
        />
      </div>
    </Card>
  );
});
