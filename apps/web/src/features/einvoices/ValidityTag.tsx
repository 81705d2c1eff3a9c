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
export function ValidityTag({
  record,
  minimal = true,
  iconOnly = false,
}: {
  record: Pick<DocumentRecord, 'einvoice_validity' | 'einvoice_validation'>;
  minimal?: boolean;
  iconOnly?: boolean;
}) {
  const { t } = useTranslation();
  const validity = record.einvoice_validity;
  if (!validity) return null;
  const counts = record.einvoice_validation?.counts ?? { fatal: 0, warning: 0, information: 0 };
  const { intent, icon } = LOOK[validity];
  const words = t(`einvoices.validity.${validity}`);
  const title = t('einvoices.validity.title', counts);
  if (iconOnly) {
    // A labelled image for assistive technology. Blueprint's Tag sets its own role, so the label sits on a wrapper.
    return (
      <span
        role="img"
        aria-label={words}
        title={`${words} – ${title}`}
        className="portal-validity-icon"
        data-testid="einvoice-validity"
        data-validity={validity}
      >
        <Tag intent={intent} icon={icon} minimal={minimal} round aria-hidden />
      </span>
    );
  }
  return (
    <Tag intent={intent} icon={icon} minimal={minimal} round title={title} data-testid="einvoice-validity" data-validity={validity}>
      {words}
    </Tag>
  );
}
