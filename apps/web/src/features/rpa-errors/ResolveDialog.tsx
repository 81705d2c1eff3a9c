import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { RpaErrorRecord } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RpaErrorsStore } from './RpaErrorsStore';
import { useErrorText } from '../../i18n/use-error-text';

/** Mark a failure resolved: a remark is required (what was done about it). */
export const ResolveDialog = observer(function ResolveDialog({
  store,
  record,
  onClose,
}: {
  store: RpaErrorsStore;
  record: RpaErrorRecord | null;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [remark, setRemark] = useState('');
  const [touched, setTouched] = useState(false);
  const missing = remark.trim() === '';
  const error = record ? store.actionErrors.get(record.id) : undefined;
  const close = () => {
    setRemark('');
    setTouched(false);
    onClose();
  };
  const submit = async () => {
    setTouched(true);
    if (!record || missing) return;
    if (await store.resolve(record.id, remark)) close();
  };
  return (
    <Dialog isOpen={record !== null} onClose={close} title={t('rpaErrors.resolveTitle')} icon="tick-circle">
      <DialogBody>
        <div data-testid="rpa-resolve-dialog">
          <FormGroup
            label={t('rpaErrors.remark')}
            labelFor="rpa-remark"
            helperText={touched && missing ? t('rpaErrors.remarkRequired') : t('rpaErrors.remarkHint')}
            intent={touched && missing ? 'danger' : 'none'}
          >
            <TextArea
              id="rpa-remark"
              value={remark}
              onChange={(e) => setRemark(e.currentTarget.value)}
              fill
              rows={3}
              maxLength={500}
              autoFocus
              data-testid="rpa-remark"
            />
          </FormGroup>
          {error ? (
            <Callout intent="danger" compact>
              {errorOf(error)}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close}>{t('rpaErrors.cancel')}</Button>
            <Button intent="primary" loading={record ? store.busy.has(record.id) : false} onClick={() => void submit()} data-testid="rpa-resolve-confirm">
              {t('rpaErrors.confirmResolve')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
});
