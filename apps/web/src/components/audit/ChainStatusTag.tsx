import { Callout, Tag } from '@blueprintjs/core';
import type { ChainStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/**
 * The verdict of a stream's hash chain: a green tag when intact, a red callout naming the entry where it broke
 * by its time and kind (the revision and the checker's reason are internal; the reason is the tooltip).
 */
export function ChainStatusTag({ chain, timeOf, compact = false }: { chain: ChainStatus; timeOf: (revision: number) => string | null; compact?: boolean }) {
  const { t } = useTranslation();
  if (chain.intact) {
    return (
      <Tag intent="success" icon="endorsed" minimal={compact} round data-testid="chain-status" data-intact="true">
        {t('invoices.audit.chainIntact')}
      </Tag>
    );
  }
  const at = timeOf(chain.revision);
  const text = at === null ? t('invoices.audit.chainBrokenSomewhere') : t('invoices.audit.chainBroken', { at });
  if (compact) {
    return (
      <Tag intent="danger" icon="error" round title={chain.reason} data-testid="chain-status" data-intact="false">
        {text}
      </Tag>
    );
  }
  return (
    <Callout intent="danger" icon="error" compact title={chain.reason} data-testid="chain-status" data-intact="false">
      {text}
    </Callout>
  );
}
