import { Tag, type IconName, type Intent } from '@blueprintjs/core';
import type { DocumentRecord, EInvoiceValidity } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import './einvoice-texts';

const LOOK: Record<EInvoiceValidity, { intent: Intent; icon: IconName }> = {
  valid: { intent: 'success', icon: 'tick-circle' },
  warnings: { intent: 'warning', icon: 'warning-sign' },
  invalid: { intent: 'danger', icon: 'error' },
};

/**
 * The e-invoice's validity as a badge (lists and work screen); nothing for a document without a verdict. `iconOnly`
 * for a table cell that already holds the status tags: the icon in the verdict's colour, its words as the label.
 */
export function ValidityTag({ record, minimal = true, iconOnly = false }: { record: Pick<DocumentRecord, 'einvoice_validity' | 'einvoice_validation'>; minimal?: boolean; iconOnly?: boolean }) {
  const { t } = useTranslation();
  const validity = record.einvoice_validity;
  if (!validity) return null;
  const counts = record.einvoice_validation?.counts ?? { fatal: 0, warning: 0, information: 0 };
  const { intent, icon } = LOOK[validity];
  const words = t(`einvoices.validity.${validity}`);
  return (
    <Tag
      intent={intent}
      icon={icon}
      minimal={minimal}
      round
      title={iconOnly ? `${words} – ${t('einvoices.validity.title', counts)}` : t('einvoices.validity.title', counts)}
      // A labelled image for assistive technology: a plain span may not carry a label.
      role={iconOnly ? 'img' : undefined}
      aria-label={iconOnly ? words : undefined}
      data-testid="einvoice-validity"
      data-validity={validity}
    >
      {iconOnly ? null : words}
    </Tag>
  );
}
