import { Button, Callout, FormGroup, HTMLSelect, Radio, RadioGroup } from '@blueprintjs/core';
import { EXPORT_FORMATS, type ExportFormat } from '@portal/contracts';
import type { FeathersError } from '../../api/errors';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useStores } from '../../app/stores-context';
import type { ExportsStore } from './ExportsStore';
import { useErrorText } from '../../i18n/use-error-text';

/** Spec 8 texts for the refusals of erp-exports create: 422 nothing waiting / period not open, 409 already running. */
function refusal(t: TFunction, error: FeathersError, accounting: number | null, errorOf: (error: unknown) => string): string {
  if (error.code === 422) return t('exports.errors.nothingWaiting', { accounting });
  if (error.code === 409) return t('exports.errors.running', { accounting });
  return t('exports.errors.startFailed', { message: errorOf(error) });
}

/** Choose the period (current preselected) and the format (the client's account system), then start. */
export const ExportForm = observer(function ExportForm({ store }: { store: ExportsStore }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { ui } = useStores();
  const start = async () => {
    if (await store.start()) ui.success(t('exports.started'));
  };
  if (store.periods.length === 0) return <Callout intent="warning">{t('exports.errors.noPeriods')}</Callout>;
  return (
    <section className="portal-export-form" data-testid="export-form">
      <FormGroup label={t('exports.form.period')} labelFor="export-period">
        <HTMLSelect
          id="export-period"
          value={store.accounting ?? ''}
          onChange={(e) => store.chooseAccounting(Number(e.currentTarget.value))}
          options={store.periods.map((p) => ({
            value: p.accounting,
            label: `${t('exports.form.periodOption', { accounting: p.accounting, start: p.start, end: p.end })}${p.current ? ` · ${t('exports.form.current')}` : ''}`,
          }))}
          data-testid="export-period"
        />
      </FormGroup>
      <RadioGroup
        label={t('exports.form.format')}
        inline
        selectedValue={store.format}
        onChange={(e) => store.chooseFormat(e.currentTarget.value as ExportFormat)}
      >
        {EXPORT_FORMATS.map((f) => (
          <Radio key={f} value={f} label={f} data-testid={`export-format-${f}`} />
        ))}
      </RadioGroup>
      <p className="portal-export-hint">{t('exports.form.hint')}</p>
      <Button intent="primary" icon="export" disabled={!store.canStart} loading={store.starting} onClick={() => void start()} data-testid="export-start">
        {t('exports.form.start')}
      </Button>
      {store.startError ? (
        <Callout intent={store.startError.code === 409 ? 'warning' : 'danger'} compact className="portal-export-refusal" data-testid="export-start-error">
          {refusal(t, store.startError, store.accounting, errorOf)}
        </Callout>
      ) : null}
    </section>
  );
});
