import { Button, Callout, Classes, Popover, Spinner } from '@blueprintjs/core';
import type { PaymentQr } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../stores/UiStore';

export interface PaymentQrPopoverProps {
  documentId: number;
  load: (documentId: number) => Promise<PaymentQr>;
}

/** The EPC payment QR code (GiroCode) of an unpaid incoming invoice (permission pay), fetched when opened. */
export function PaymentQrPopover({ documentId, load }: PaymentQrPopoverProps) {
  const { t } = useTranslation();
  const [qr, setQr] = useState<PaymentQr | null>(null);
  const [error, setError] = useState<string | null>(null);
  const open = () => {
    if (qr?.documentId === documentId) return;
    setQr(null);
    setError(null);
    load(documentId).then(setQr, (e: unknown) => setError(errorMessage(e)));
  };
  return (
    <Popover
      onOpening={open}
      placement="bottom-end"
      content={
        <div className="portal-qr-popover" data-testid="payment-qr">
          <h5 className={Classes.HEADING}>{t('invoices.qr.title')}</h5>
          {error ? <Callout intent="warning">{t('invoices.qr.failed', { message: error })}</Callout> : null}
          {!error && !qr ? <Spinner size={40} /> : null}
          {qr ? (
            <>
              <img
                className="portal-qr-image"
                src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qr.svg)}`}
                alt={qr.payload}
                width={220}
                height={220}
              />
              <p className={Classes.TEXT_MUTED}>{t('invoices.qr.hint')}</p>
            </>
          ) : null}
        </div>
      }
    >
      <Button icon="barcode" data-testid="action-payment-qr">
        {t('invoices.actions.paymentQr')}
      </Button>
    </Popover>
  );
}
