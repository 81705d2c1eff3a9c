import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';

/** "Please check": the reading left this field empty because what the page showed did not check out. */
export function CheckTag({ field }: { field: string }) {
  const { t } = useTranslation();
  return (
    <Tag minimal round intent="warning" icon="eye-open" title={t('invoices.review.why')} className="portal-check-tag" data-testid={`check-${field}`}>
      {t('invoices.review.mark')}
    </Tag>
  );
}
