import { Tag } from '@blueprintjs/core';
import type { BankTransaction } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** Where a transaction stands: pending at the bank, or matched, partly matched or unmatched to open items. */
export function MatchStatusTag({ tx }: { tx: BankTransaction }) {
  const { t } = useTranslation();
  const status = tx.status === 'pending' ? 'pending' : tx.match_status;
  return (
    <Tag minimal intent={status === 'matched' ? 'success' : status === 'partial' ? 'primary' : 'none'} data-testid="match-status">
      {t(`banking.transactions.${status}`)}
    </Tag>
  );
}
