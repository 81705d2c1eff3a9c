import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLTable, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDateTime, formatNumber } from '../../i18n/format';
import { firmYearMonth } from '../../i18n/firm-calendar';
import { parseNumber } from '../../components/booking-form/booking-values';
import type { SvToolStore } from './SvToolStore';

/** The yearly table of interest on arrears (§ 59 ASVG): every change is an event; the figures follow at once. */
export const RatesDialog = observer(function RatesDialog({ store, onClose }: { store: SvToolStore; onClose: () => void }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const locale = ui.locale;
  const [year, setYear] = useState(String(firmYearMonth().year + 1));
  const [rate, setRate] = useState('');
  const [busy, setBusy] = useState(false);
  const y = Number(year);
  const r = parseNumber(rate);
  const valid = Number.isInteger(y) && y >= 2000 && y <= 2100 && typeof r === 'number' && r >= 0 && r <= 30;
  const save = () => {
    setBusy(true);
    store
      .setRate(y, r as number)
      .then(
        () => {
          ui.success(t('sv-tool.rates.saved', { year: y }));
          setRate('');
        },
        (e: unknown) => ui.error(e),
      )
      .finally(() => setBusy(false));
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('sv-tool.rates.title')} data-testid="sv-rates-dialog">
      <DialogBody>
        <Callout compact icon="info-sign">
          {t('sv-tool.rates.rule')}
        </Callout>
        <HTMLTable compact striped className="portal-sv-rates" aria-label={t('sv-tool.rates.title')} data-testid="sv-rates-table">
          <thead>
            <tr>
              <th scope="col">{t('sv-tool.rates.year')}</th>
              <th scope="col" className="portal-num">
                {t('sv-tool.rates.rate')}
              </th>
              <th scope="col">{t('sv-tool.rates.setAt')}</th>
            </tr>
          </thead>
          <tbody>
            {store.rates.map((x) => (
              <tr key={x.year} data-testid={`sv-rate-${x.year}`}>
                <td>{x.year}</td>
                <td className="portal-num">{formatNumber(x.rate, locale, 2)} %</td>
                <td>{formatDateTime(x.set_at, locale)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
        <div className="portal-sv-dialog-grid">
          <FormGroup label={t('sv-tool.rates.year')} labelFor="sv-rate-year">
            <InputGroup id="sv-rate-year" inputMode="numeric" value={year} onValueChange={setYear} data-testid="sv-rate-year" />
          </FormGroup>
          <FormGroup label={t('sv-tool.rates.ratePercent')} labelFor="sv-rate-value">
            <InputGroup id="sv-rate-value" inputMode="decimal" value={rate} onValueChange={setRate} data-testid="sv-rate-value" />
          </FormGroup>
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('sv-tool.close')} onClick={onClose} data-testid="sv-rates-close" />
            <Button intent="primary" text={t('sv-tool.rates.save')} disabled={!valid} loading={busy} onClick={save} data-testid="sv-rate-save" />
          </>
        }
      />
    </Dialog>
  );
});
