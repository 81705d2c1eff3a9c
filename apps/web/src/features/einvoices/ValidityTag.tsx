import { Tag, type IconName, type Intent } from '@blueprintjs/core';
import type { DocumentRecord, EInvoiceValidity } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import './einvoice-texts';

const LOOK: Record<EInvoiceValidity, { intent: Intent; icon: IconName }> = {
  valid: { intent: 'success', icon: 'tick-circle' },
  warnings: { intent: 'warning', icon: 'warning-sign' },
  invalid: { intent: 'danger', icon: 'error' },
};

/** The e-invoice's validity as a badge (lists and work screen); nothing for a document without a verdict. */
export function ValidityTag({ record, minimal = true }: { record: Pick<DocumentRecord, 'einvoice_validity' | 'einvoice_validation'>; minimal?: boolean }) {
  const { t } = useTranslation();
  const validity = record.einvoice_validity;
  if (!validity) return null;
  const counts = record.einvoice_validation?.counts ?? { fatal: 0, warning: 0, information: 0 };
  const { intent, icon } = LOOK[validity];
  return (
    <Tag intent={intent} icon={icon} minimal={minimal} round title={t('einvoices.validity.title', counts)} data-testid="einvoice-validity" data-validity={validity}>
      {t(`einvoices.validity.${validity}`)}
    </Tag>
  );
}
