import { Button, Callout, Card, FormGroup, H4, HTMLSelect } from '@blueprintjs/core';
import { zoneOffsetMinutes } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { FeathersError } from '../../api/errors';
import { formatDateTime } from '../../i18n/format';
import { useErrorText } from '../../i18n/use-error-text';

/** "UTC+01:00" for an offset of 60 minutes. */
function offsetText(minutes: number): string {
  const sign = minutes < 0 ? '−' : '+';
  const abs = Math.abs(minutes);
  return `UTC${sign}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

/** Every zone the browser knows, with its offset now; the zone in force stays listed even if the browser lacks it. */
function zoneOptions(current: string, now: Date): Array<{ value: string; label: string }> {
  const names = Intl.supportedValuesOf('timeZone');
  const all = names.includes(current) ? names : [current, ...names];
  return all.map((value) => ({ value, label: `${value.replace(/_/g, ' ')} (${offsetText(-zoneOffsetMinutes(value, now))})` }));
}

/**
 * The firm's time zone, firm-wide (every client, every user): every time on screen, in reports, PDFs and CSV
 * files is written in it. It lives on the settings screen because that is where administrators (adm) change
 * the portal; it is saved on its own, apart from the client's settings below.
 */
export const FirmTimeZoneCard = observer(function FirmTimeZoneCard() {
  const { config, ui } = useStores();
  const { t, i18n } = useTranslation();
  const errorOf = useErrorText();
  const current = config.timeZone ?? '';
  const [chosen, setChosen] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<FeathersError | null>(null);
  const options = useMemo(() => zoneOptions(current, new Date()), [current]);
  const value = chosen ?? current;
  const changed = chosen !== null && chosen !== current;
  const save = async () => {
    if (!changed) return;
    setSaving(true);
    setError(null);
    try {
      await config.setTimeZone(value);
      setChosen(null);
      ui.success(t('settings.firm.saved'));
    } catch (e) {
      setError(e as FeathersError);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card className="portal-settings-card portal-settings-firm" data-testid="settings-firm">
      <H4>{t('settings.firm.heading')}</H4>
      <p className="portal-muted">{t('settings.firm.scope')}</p>
      <form
        className="portal-settings-firm-row"
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        <FormGroup
          label={t('settings.firm.timeZone')}
          labelFor="settings-time-zone"
          helperText={t('settings.firm.now', { time: formatDateTime(new Date().toISOString(), i18n.language) })}
          className="portal-settings-firm-zone"
        >
          <HTMLSelect id="settings-time-zone" fill value={value} onChange={(e) => setChosen(e.currentTarget.value)} data-testid="settings-time-zone">
            {options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <Button type="submit" intent="primary" icon="time" disabled={!changed || saving} loading={saving} data-testid="settings-time-zone-save">
          {t('settings.firm.save')}
        </Button>
      </form>
      {error ? (
        <Callout intent="danger" compact data-testid="settings-time-zone-failed">
          {t('settings.saveFailed', { message: errorOf(error) })}
        </Callout>
      ) : null}
    </Card>
  );
});
