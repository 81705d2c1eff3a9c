import { Callout } from '@blueprintjs/core';
import type { BankAccount, ImportWarning } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import { WarningList } from './ImportHistory';

/** Findings that ask the user to look: a file imported twice is no discrepancy. */
export const reconciliationFindings = (account: BankAccount): ImportWarning[] =>
  (account.reconciliation?.warnings ?? []).filter((w) => w.kind !== 'already-imported');

/** What reconciling the account's latest statement import found (balances that do not add up, a gap), with the figures. */
export function ReconciliationFindings({ account, locale }: { account: BankAccount; locale: string }) {
  const { t } = useTranslation();
  const findings = reconciliationFindings(account);
  if (!account.reconciliation || findings.length === 0) return null;
  return (
    <Callout
      intent="warning"
      icon="warning-sign"
      title={t('banking.accounts.reconciliation', { file: account.reconciliation.file_name, date: formatDateTime(account.reconciliation.checked_at, locale) })}
      data-testid="account-reconciliation"
    >
      <WarningList warnings={findings} locale={locale} />
    </Callout>
  );
}
