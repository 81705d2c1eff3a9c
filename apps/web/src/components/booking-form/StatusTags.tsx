import { Tag } from '@blueprintjs/core';
import type { Intent } from '@blueprintjs/core';
import type { DocumentFlag } from '@portal/contracts';
import { DOCUMENT_FLAGS } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const INTENTS: Record<DocumentFlag, Intent> = {
  Confirmed: 'success',
  Booked: 'primary',
  ERPImported: 'primary',
  ERPError: 'danger',
  ERPInfo: 'warning',
  BadRendering: 'warning',
  Broken: 'danger',
};

export interface StatusTagsProps {
  flags: number;
  deleted?: boolean;
  /** Small tags for list rows. */
  minimal?: boolean;
  /** Show "Open" when no flag is set. */
  showOpen?: boolean;
}

/** The document flag bits of spec §3 as tags. */
export function StatusTags({ flags, deleted = false, minimal = false, showOpen = false }: StatusTagsProps) {
  const { t } = useTranslation();
  const set = (Object.keys(DOCUMENT_FLAGS) as DocumentFlag[]).filter((f) => (flags & DOCUMENT_FLAGS[f]) !== 0);
  return (
    <span className="portal-status-tags" data-testid="status-tags">
      {set.map((f) => (
        <Tag key={f} intent={INTENTS[f]} minimal={minimal} round data-flag={f}>
          {t(`invoices.flags.${f}`)}
        </Tag>
      ))}
      {deleted ? (
        <Tag intent="warning" minimal={minimal} round data-flag="deleted">
          {t('invoices.flags.deleted')}
        </Tag>
      ) : null}
      {showOpen && set.length === 0 && !deleted ? (
        <Tag minimal round data-flag="open">
          {t('invoices.flags.open')}
        </Tag>
      ) : null}
    </span>
  );
}
