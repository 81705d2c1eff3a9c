import { Callout, Tag } from '@blueprintjs/core';
import type { ChainStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** The verdict of a stream's hash chain: a green tag when intact, a red callout naming where it broke. */
export function ChainStatusTag({ chain, compact = false }: { chain: ChainStatus; compact?: boolean }) {
  const { t } = useTranslation();
  if (chain.intact) {
    return (
      <Tag intent="success" icon="endorsed" minimal={compact} round data-testid="chain-status" data-intact="true">
        {t('invoices.audit.chainIntact')}
      </Tag>
    );
  }
  const text = t('invoices.audit.chainBroken', { revision: chain.revision, reason: chain.reason });
  if (compact) {
    return (
      <Tag intent="danger" icon="error" round data-testid="chain-status" data-intact="false">
        {text}
      </Tag>
    );
  }
  return (
    <Callout intent="danger" icon="error" compact data-testid="chain-status" data-intact="false">
      {text}
    </Callout>
  );
}
