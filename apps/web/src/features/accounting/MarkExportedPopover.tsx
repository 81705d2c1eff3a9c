import { Button, Classes, FormGroup, Popover, Radio, RadioGroup, TextArea } from '@blueprintjs/core';
import type { ErpStatus } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/actions/ActionButton';

export interface MarkExportedPopoverProps {
  disabled: boolean;
  /** Why it is disabled (shown in a tooltip). */
  disabledReason?: string | null;
  loading: boolean;
  onSubmit: (status: ErpStatus, reason: string) => Promise<boolean>;
}

/** Mark exported (exp): imported into the accounting system, or an import error / note with its reason. */
export function MarkExportedPopover({ disabled, disabledReason, loading, onSubmit }: MarkExportedPopoverProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<ErpStatus>('imported');
  const [reason, setReason] = useState('');
  const needsReason = status !== 'imported' && reason.trim() === '';
  const submit = async () => {
    if (await onSubmit(status, reason.trim())) {
      setOpen(false);
      setReason('');
    }
  };
  if (disabled && disabledReason)
    return <ActionButton icon="export" disabledReason={disabledReason} data-testid="action-mark-exported" text={t('invoices.actions.markExported')} />;
  return (
    <Popover
      isOpen={open}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      content={
        <div className="portal-export-popover" data-testid="export-popover">
          <h5 className={Classes.HEADING}>{t('invoices.export.title')}</h5>
          <RadioGroup label={t('invoices.export.status')} selectedValue={status} onChange={(e) => setStatus(e.currentTarget.value as ErpStatus)}>
            <Radio value="imported" label={t('invoices.export.imported')} />
            <Radio value="error" label={t('invoices.export.error')} />
            <Radio value="info" label={t('invoices.export.info')} />
          </RadioGroup>
          <FormGroup label={t('invoices.export.reason')} labelFor="export-reason" helperText={needsReason ? t('invoices.export.reasonRequired') : undefined}>
            <TextArea id="export-reason" fill value={reason} onChange={(e) => setReason(e.currentTarget.value)} maxLength={500} />
          </FormGroup>
          <Button intent="primary" disabled={needsReason} loading={loading} onClick={() => void submit()} data-testid="export-submit">
            {t('invoices.export.submit')}
          </Button>
        </div>
      }
    >
      <Button icon="export" disabled={disabled} loading={loading} data-testid="action-mark-exported" text={t('invoices.actions.markExported')} />
    </Popover>
  );
}
