import { Button, Card, H4 } from '@blueprintjs/core';
import { MAX_DUNNING_LEVELS } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SettingsStore } from './SettingsStore';
import { issueTexts } from './field-issues';
import { NumberField } from './NumberField';

/** One to three dunning levels: days after the due date and the fee. */
export const DunningSection = observer(function DunningSection({ store }: { store: SettingsStore }) {
  const { t } = useTranslation();
  const levels = store.draft!.dunning_levels;
  const disabled = !store.editable;
  const errors = issueTexts(store, 'dunning_levels', t);
  const setLevel = (index: number, change: Partial<{ days_after_due: number; fee: number }>) =>
    store.set(
      'dunning_levels',
      levels.map((l, i) => (i === index ? { ...l, ...change } : l)),
    );
  return (
    <Card className="portal-settings-card" data-testid="settings-dunning">
      <H4>{t('settings.sections.dunning')}</H4>
      {levels.map((level, index) => (
        <div className="portal-settings-row" key={level.level} data-testid={`settings-dunning-${level.level}`}>
          <span className="portal-settings-row-label">{t('settings.fields.dunning_level', { level: level.level })}</span>
          <NumberField
            label={t('settings.fields.days_after_due')}
            value={level.days_after_due}
            onChange={(v) => setLevel(index, { days_after_due: v ?? 0 })}
            onReadable={(ok) => store.markReadable(`dunning_levels.${index}.days`, ok)}
            disabled={disabled}
            testId={`settings-dunning-${level.level}-days`}
          />
          <NumberField
            label={t('settings.fields.fee')}
            value={level.fee}
            decimals={2}
            onChange={(v) => setLevel(index, { fee: v ?? 0 })}
            onReadable={(ok) => store.markReadable(`dunning_levels.${index}.fee`, ok)}
            disabled={disabled}
            testId={`settings-dunning-${level.level}-fee`}
          />
          {index === levels.length - 1 && levels.length > 1 ? (
            <Button
              icon="trash"
              variant="minimal"
              disabled={disabled}
              aria-label={t('settings.fields.remove_level', { level: level.level })}
              title={t('settings.fields.remove_level', { level: level.level })}
              onClick={() => store.set('dunning_levels', levels.slice(0, -1))}
            />
          ) : (
            <span className="portal-settings-row-spacer" />
          )}
        </div>
      ))}
      {errors.length ? (
        <p className="portal-settings-error" role="alert" data-testid="settings-dunning-error">
          {errors.join(' · ')}
        </p>
      ) : null}
      {levels.length < MAX_DUNNING_LEVELS ? (
        <Button
          icon="add"
          variant="minimal"
          disabled={disabled}
          onClick={() => {
            const last = levels[levels.length - 1];
            store.set('dunning_levels', [...levels, { level: levels.length + 1, days_after_due: (last?.days_after_due ?? 0) + 14, fee: last?.fee ?? 0 }]);
          }}
          data-testid="settings-add-dunning"
        >
          {t('settings.fields.add_level')}
        </Button>
      ) : null}
    </Card>
  );
});
