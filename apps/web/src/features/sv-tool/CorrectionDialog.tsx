import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import { SV_BOOKING_STATES, type SvBookingStateCode, type SvTransaction } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDecimalInput } from '../../i18n/format';
import { parseNumber } from '../../components/booking-form/booking-values';
import type { SvCorrection, SvToolStore } from './SvToolStore';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const PERIOD = /^\d{4}-(0[1-9]|1[0-2])$/;

/** Corrects one booking: only the changed fields go out, with the reason (an event with who and when). */
export const CorrectionDialog = observer(function CorrectionDialog({
  store,
  booking,
  onClose,
}: {
  store: SvToolStore;
  booking: SvTransaction;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const amount = (n: number) => (n ? formatDecimalInput(n, ui.locale, 2) : '');
  const [date, setDate] = useState(booking.buchungsDatum);
  const [text, setText] = useState(booking.buchungstext);
  const [period, setPeriod] = useState(booking.beitragszeitraum ?? '');
  const [debit, setDebit] = useState(amount(booking.soll));
  const [credit, setCredit] = useState(amount(booking.haben));
  const [state, setState] = useState<SvBookingStateCode>(booking.buchungszustand);
  const [reason, setReason] = useState('');
  // parseNumber: null for empty, undefined for unreadable.
  const rawDebit = parseNumber(debit);
  const rawCredit = parseNumber(credit);
  const soll = rawDebit === undefined || rawDebit === null ? 0 : rawDebit;
  const haben = rawCredit === undefined || rawCredit === null ? 0 : rawCredit;
  const amountsValid = rawDebit !== undefined && rawCredit !== undefined && soll >= 0 && haben >= 0 && soll > 0 !== haben > 0;
  const valid = DATE.test(date) && text.trim() !== '' && (period === '' || PERIOD.test(period)) && amountsValid && reason.trim() !== '';
  const save = () => {
    const c: SvCorrection = { reason: reason.trim() };
    if (date !== booking.buchungsDatum) c.buchungsDatum = date;
    if (text.trim() !== booking.buchungstext) c.buchungstext = text.trim();
    if ((period || null) !== booking.beitragszeitraum) c.beitragszeitraum = period || null;
    if (soll !== booking.soll) c.soll = soll;
    if (haben !== booking.haben) c.haben = haben;
    if (state !== booking.buchungszustand) c.buchungszustand = state;
    store.correctBooking(booking.id, c).then(
      () => {
        ui.success(t('sv-tool.correction.saved'));
        onClose();
      },
      (e: unknown) => ui.error(e),
    );
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('sv-tool.correction.title')} data-testid="sv-correction-dialog">
      <DialogBody>
        <div className="portal-sv-dialog-grid">
          <FormGroup label={t('sv-tool.transactions.date')} labelFor="sv-corr-date">
            <LocaleDateInput id="sv-corr-date" value={date} onChange={setDate} />
          </FormGroup>
          <FormGroup label={t('sv-tool.transactions.period')} labelFor="sv-corr-period">
            <InputGroup id="sv-corr-period" value={period} placeholder="2025-03" onValueChange={setPeriod} />
          </FormGroup>
          <FormGroup label={t('sv-tool.transactions.debit')} labelFor="sv-corr-debit">
            <InputGroup id="sv-corr-debit" inputMode="decimal" value={debit} onValueChange={setDebit} data-testid="sv-corr-debit" />
          </FormGroup>
          <FormGroup label={t('sv-tool.transactions.credit')} labelFor="sv-corr-credit">
            <InputGroup id="sv-corr-credit" inputMode="decimal" value={credit} onValueChange={setCredit} data-testid="sv-corr-credit" />
          </FormGroup>
          <FormGroup label={t('sv-tool.transactions.state')} labelFor="sv-corr-state">
            <HTMLSelect
              id="sv-corr-state"
              fill
              value={state}
              onChange={(e) => setState(e.currentTarget.value as SvBookingStateCode)}
              options={SV_BOOKING_STATES.map((s) => ({ value: s, label: t(`sv-tool.states.${s || 'none'}`) }))}
            />
          </FormGroup>
        </div>
        <FormGroup label={t('sv-tool.transactions.text')} labelFor="sv-corr-text">
          <InputGroup id="sv-corr-text" value={text} onValueChange={setText} />
        </FormGroup>
        <FormGroup label={t('sv-tool.correction.reason')} labelFor="sv-corr-reason" helperText={t('sv-tool.correction.reasonHelp')}>
          <TextArea id="sv-corr-reason" fill value={reason} onChange={(e) => setReason(e.currentTarget.value)} data-testid="sv-corr-reason" />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('sv-tool.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('sv-tool.correction.save')} disabled={!valid} loading={store.busy} onClick={save} data-testid="sv-corr-save" />
          </>
        }
      />
    </Dialog>
  );
});
