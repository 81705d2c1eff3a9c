import { Button, ButtonGroup, Classes, Tag } from '@blueprintjs/core';
import type { ErpStatus } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { ActionButton } from '../../components/actions/ActionButton';
import { useStores } from '../../app/stores-context';
import type { CommandResult } from './InvoiceDetailStore';
import type { InvoiceWorkStore } from './InvoiceWorkStore';
import { MarkExportedPopover } from './MarkExportedPopover';
import { PaymentQrPopover } from './PaymentQrPopover';
import { useState } from 'react';
import { ConfirmReasonDialog } from '../einvoices/ConfirmReasonDialog';

/** Save / discard, Confirm (app), Book (acc), Mark exported (exp), Payment QR (pay): each shown by permission, enabled by state. */
export const InvoiceActions = observer(function InvoiceActions({ work }: { work: InvoiceWorkStore }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const { detail } = work;
  const [askingReason, setAskingReason] = useState(false);
  const record = detail.record;
  if (!record) return null;
  const invalidEInvoice = record.einvoice_validity === 'invalid';

  const why = (key: string | null) =>
    key === 'bookNeedsFields'
      ? t('invoices.why.bookNeedsFields', { fields: work.bookingGaps.map((f) => t(`invoices.fields.${f}`)).join(', ') })
      : key
        ? t(`invoices.why.${key}`)
        : null;
  const run = async (command: () => Promise<CommandResult>, done: string): Promise<boolean> => {
    try {
      const result = await command();
      if (result === 'done') ui.success(t(done));
      return result === 'done';
    } catch (e) {
      ui.error(e);
      return false;
    }
  };

  return (
    <div className="portal-invoice-actions" data-testid="invoice-actions">
      {work.canEdit || detail.dirty ? (
        <ButtonGroup>
          <ActionButton
            intent="primary"
            icon="floppy-disk"
            disabled={!detail.dirty || !work.canEdit}
            disabledReason={why(work.saveBlockedReason)}
            loading={detail.busy === 'saving'}
            onClick={() => void run(detail.save, 'invoices.done.saved')}
            data-testid="action-save"
            text={t('invoices.actions.save')}
          />
          <Button icon="undo" disabled={!detail.dirty} onClick={detail.discard} data-testid="action-discard">
            {t('invoices.actions.discard')}
          </Button>
        </ButtonGroup>
      ) : (
        <>
          <Tag minimal icon="lock" title={record.locked ? t('invoices.actions.lockedHint') : undefined}>
            {t('invoices.actions.readOnly')}
          </Tag>
          {/* Read-only says why, in the reader's terms (a client is told that the firm checks it). */}
          {!record.locked && work.saveBlockedReason ? (
            <span className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`} data-testid="read-only-reason">
              {why(work.saveBlockedReason)}
            </span>
          ) : null}
        </>
      )}
      {work.mayConfirm && !record.confirmed ? (
        <ActionButton
          intent="success"
          icon="tick"
          disabled={!work.canConfirm}
          disabledReason={why(work.confirmBlockedReason)}
          loading={detail.busy === 'confirm'}
          onClick={() => (invalidEInvoice ? setAskingReason(true) : void run(() => detail.confirm(), 'invoices.done.confirmed'))}
          data-testid="action-confirm"
          text={t('invoices.actions.confirm')}
        />
      ) : null}
      {invalidEInvoice ? (
        <ConfirmReasonDialog
          isOpen={askingReason}
          fatal={record.einvoice_validation?.counts.fatal ?? 0}
          busy={detail.busy === 'confirm'}
          onClose={() => setAskingReason(false)}
          onConfirm={(reason) => void run(() => detail.confirm(reason), 'invoices.done.confirmed').then((done) => done && setAskingReason(false))}
        />
      ) : null}
      {work.mayBook && !record.booked ? (
        <ActionButton
          intent="primary"
          icon="book"
          disabled={!work.canBook}
          disabledReason={why(work.bookBlockedReason)}
          loading={detail.busy === 'book'}
          onClick={() => void run(detail.book, 'invoices.done.booked')}
          data-testid="action-book"
          text={t('invoices.actions.book')}
        />
      ) : null}
      {work.mayMarkExported && !detail.hasFlag('ERPImported') ? (
        <MarkExportedPopover
          disabled={!work.canMarkExported}
          disabledReason={why(work.markExportedBlockedReason)}
          loading={detail.busy === 'mark-exported'}
          onSubmit={(status: ErpStatus, reason: string) => run(() => detail.markExported(status, reason), 'invoices.done.exported')}
        />
      ) : null}
      {work.canPay ? <PaymentQrPopover documentId={record.id} load={work.paymentQr} /> : null}
      {detail.dirty ? (
        <Tag intent="warning" minimal round data-testid="unsaved">
          {t('invoices.actions.unsaved')}
        </Tag>
      ) : null}
    </div>
  );
});
