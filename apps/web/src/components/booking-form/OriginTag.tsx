import { Tag } from '@blueprintjs/core';
import { useTranslation } from 'react-i18next';
import { isHumanOrigin, originKey } from './origin-label';

/** Where a value came from (spec §3 origin code): PDF, OCR, XML, Human, ... */
export function OriginTag({ code }: { code: number | null | undefined }) {
  const { t } = useTranslation();
  if (code === null || code === undefined) return null;
  const name = t(`invoices.origins.${originKey(code)}`, { code });
  return (
    <Tag
      minimal
      round
      intent={isHumanOrigin(code) ? 'success' : 'none'}
      title={t('invoices.origins.title', { name })}
      data-origin={code}
      className="portal-origin-tag"
    >
      {name}
    </Tag>
  );
}
