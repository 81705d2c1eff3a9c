import { Button, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';

/** Asks save / discard / stay before unsaved changes would be left; guards closing the tab too (Back / Forward: app/history-guard.ts). */
export const LeaveDialog = observer(function LeaveDialog() {
  const { ui } = useStores();
  const { t } = useTranslation();
  const leave = ui.leave;

  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (!leave.blocksUnload) return;
      e.preventDefault();
      e.returnValue = '';
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, [leave]);

  return (
    <Dialog
      isOpen={leave.pending !== null}
      onClose={() => void leave.choose('stay')}
      title={t('leave.title')}
      icon="warning-sign"
      className="portal-leave-dialog"
    >
      <DialogBody>
        <p className={Classes.RUNNING_TEXT}>{t('leave.body')}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={() => void leave.choose('stay')} data-testid="leave-stay" text={t('leave.stay')} autoFocus />
            <Button intent="danger" variant="outlined" onClick={() => void leave.choose('discard')} data-testid="leave-discard" text={t('leave.discard')} />
            <Button
              intent="primary"
              icon="floppy-disk"
              loading={leave.saving}
              onClick={() => void leave.choose('save')}
              data-testid="leave-save"
              text={t('leave.save')}
            />
          </>
        }
      />
    </Dialog>
  );
});
