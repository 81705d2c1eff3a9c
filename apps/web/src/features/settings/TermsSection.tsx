import { Button, Card, FormGroup, H4, TagInput } from '@blueprintjs/core';
import { MAX_SKONTO_TIERS } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatPercent } from '../../i18n/format';
import type { SettingsStore } from './SettingsStore';
import { issueTexts } from './field-issues';
import { NumberField, readNumber } from './NumberField';

/** Tax rates in use, net days and up to two Skonto tiers. */
export const TermsSection = observer(function TermsSection({ store }: { store: SettingsStore }) {
  const { t, i18n } = useTranslation();
  const draft = store.draft!;
  const disabled = !store.editable;
  const locale = i18n.language;
  const terms = draft.payment_terms;
  const taxErrors = issueTexts(store, 'tax_rates', t);
  const skontoErrors = issueTexts(store, 'payment_terms.skonto', t);
  const setTier = (index: number, change: Partial<{ days: number; percent: number }>) =>
    store.set('payment_terms', { ...terms, skonto: terms.skonto.map((tier, i) => (i === index ? { ...tier, ...change } : tier)) });

  const addRates = (values: string[]) => {
    const read = values.map((v) => readNumber(v.replace('%', ''), locale));
    const numbers = read.filter((r): r is number => typeof r === 'number');
    store.markReadable('tax_rates', numbers.length === read.length);
    if (numbers.length)
      store.set(
        'tax_rates',
        [...draft.tax_rates, ...numbers].sort((a, b) => b - a),
      );
  };

  return (
    <Card className="portal-settings-card" data-testid="settings-terms">
      <H4>{t('settings.sections.tax')}</H4>
      <FormGroup
        label={t('settings.fields.tax_rates')}
        labelFor="settings-tax-rates"
        helperText={taxErrors.join(' · ') || (store.unreadable.has('tax_rates') ? t('settings.mustBeNumber') : t('settings.fields.tax_rates_hint'))}
        intent={taxErrors.length || store.unreadable.has('tax_rates') ? 'danger' : 'none'}
      >
        <TagInput
          inputProps={{ id: 'settings-tax-rates', inputMode: 'decimal', 'aria-label': t('settings.fields.tax_rates') }}
          values={draft.tax_rates.map((r) => formatPercent(r, locale))}
          onAdd={addRates}
          onRemove={(_, index) =>
            store.set(
              'tax_rates',
              draft.tax_rates.filter((__, i) => i !== index),
            )
          }
          disabled={disabled}
          addOnBlur
          intent={taxErrors.length ? 'danger' : 'none'}
          data-testid="settings-tax-rates"
        />
      </FormGroup>
      <H4>{t('settings.sections.terms')}</H4>
      <div className="portal-settings-grid">
        <NumberField
          label={t('settings.fields.net_days')}
          value={terms.net_days}
          onChange={(v) => store.set('payment_terms', { ...terms, net_days: v ?? 0 })}
          onReadable={(ok) => store.markReadable('payment_terms.net_days', ok)}
          errors={issueTexts(store, 'payment_terms.net_days', t)}
          disabled={disabled}
          testId="settings-net-days"
        />
      </div>
      {terms.skonto.map((tier, index) => (
        <div className="portal-settings-row" key={index} data-testid={`settings-skonto-${index + 1}`}>
          <span className="portal-settings-row-label">{t('settings.fields.skonto', { tier: index + 1 })}</span>
          <NumberField
            label={t('settings.fields.skonto_days')}
            value={tier.days}
            onChange={(v) => setTier(index, { days: v ?? 0 })}
            onReadable={(ok) => store.markReadable(`payment_terms.skonto.${index}.days`, ok)}
            disabled={disabled}
            testId={`settings-skonto-${index + 1}-days`}
          />
          <NumberField
            label={t('settings.fields.skonto_percent')}
            value={tier.percent}
            decimals={2}
            onChange={(v) => setTier(index, { percent: v ?? 0 })}
            onReadable={(ok) => store.markReadable(`payment_terms.skonto.${index}.percent`, ok)}
            disabled={disabled}
            testId={`settings-skonto-${index + 1}-percent`}
          />
          <Button
            icon="trash"
            variant="minimal"
            disabled={disabled}
            aria-label={t('settings.fields.remove_skonto', { tier: index + 1 })}
            title={t('settings.fields.remove_skonto', { tier: index + 1 })}
            onClick={() => store.set('payment_terms', { ...terms, skonto: terms.skonto.filter((_, i) => i !== index) })}
          />
        </div>
      ))}
      {skontoErrors.length ? (
        <p className="portal-settings-error" role="alert" data-testid="settings-skonto-error">
          {skontoErrors.join(' · ')}
        </p>
      ) : null}
      {terms.skonto.length < MAX_SKONTO_TIERS ? (
        <Button
          icon="add"
          variant="minimal"
          disabled={disabled}
          onClick={() => {
            const last = terms.skonto[terms.skonto.length - 1];
            store.set('payment_terms', {
              ...terms,
              skonto: [...terms.skonto, last ? { days: last.days + 7, percent: Math.max(0.5, last.percent - 1) } : { days: 14, percent: 2 }],
            });
          }}
          data-testid="settings-add-skonto"
        >
          {t('settings.fields.add_skonto')}
        </Button>
      ) : null}
    </Card>
  );
});
