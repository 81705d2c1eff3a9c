import { Button, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './einvoice-texts';

/** As the server requires it to confirm an e-invoice that breaks the rules. */
export const MIN_REASON = 5;
const MAX_REASON = 1000;

/** Asks why an invalid e-invoice is confirmed all the same; the reason goes with the confirmation into the history. */
export function ConfirmReasonDialog({
  isOpen,
  fatal,
  busy,
  onConfirm,
  onClose,
}: {
  isOpen: boolean;
  fatal: number;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [reason, setReason] = useState('');
  const [touched, setTouched] = useState(false);
  const tooShort = reason.trim().length < MIN_REASON;
  const submit = () => {
    setTouched(true);
    if (!tooShort) onConfirm(reason.trim());
  };
  return (
    <Dialog isOpen={isOpen} onClose={onClose} title={t('einvoices.confirmReason.title')} className="portal-einvoice-confirm-reason">
      <DialogBody>
        <p>{t('einvoices.confirmReason.explain', { count: fatal })}</p>
        <FormGroup
          label={t('einvoices.confirmReason.label')}
          labelFor="confirm-reason"
          intent={touched && tooShort ? 'danger' : 'none'}
          helperText={touched && tooShort ? t('einvoices.confirmReason.tooShort', { min: MIN_REASON }) : undefined}
        >
          <TextArea
            id="confirm-reason"
            fill
            rows={4}
            maxLength={MAX_REASON}
            autoFocus
            value={reason}
            placeholder={t('einvoices.confirmReason.placeholder')}
            onChange={(e) => setReason(e.currentTarget.value)}
            onBlur={() => setTouched(true)}
            data-testid="confirm-reason"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('einvoices.confirmReason.cancel')} onClick={onClose} />
            <Button
              intent="success"
              icon="tick"
              loading={busy}
              text={t('einvoices.confirmReason.confirm')}
              onClick={submit}
              data-testid="confirm-reason-submit"
            />
          </>
        }
      />
    </Dialog>
  );
}
