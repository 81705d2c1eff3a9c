import { Callout, Tag } from '@blueprintjs/core';
import { statementAccountMatches, type BankAccount, type StatementAccount, type StatementPreview } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { WarningList } from './ImportHistory';

const ibanText = (iban: string) => iban.replace(/(.{4})/g, '$1 ').trim();
const accountName = (a: StatementAccount) => (a.iban ? ibanText(a.iban) : (a.text ?? '—'));

/** The format as banks and users name it: camt with its version, MT940/MT942, CSV. */
export function formatName(preview: StatementPreview): string {
  if (preview.format) return preview.format.startsWith('camt') ? preview.format : preview.format.toUpperCase();
  return preview.kind === 'camt' ? 'camt' : preview.kind.toUpperCase();
}

/**
 * How the accounts a file names compare with the account it would go to: 'other' when one is verifiably another
 * account (the import would be refused, or go elsewhere than the user looks), 'unknown' when one cannot be
 * compared (a bare account number), else null.
 */
export function accountConflict(accounts: StatementAccount[], iban: string): { kind: 'other' | 'unknown'; account: StatementAccount } | null {
  const found = accounts.map((account) => ({ account, match: statementAccountMatches(account, iban) }));
  const other = found.find((f) => f.match === 'other');
  if (other) return { kind: 'other', account: other.account };
  const unknown = found.find((f) => f.match === 'unknown' && f.account.text !== null);
  return unknown ? { kind: 'unknown', account: unknown.account } : null;
}

/**
 * What the file was recognised as (bank, format, statements and entries), the accounts it names, and what
 * reconciling its statements found, before anything is recorded. `target`: the account the user chose for the
 * file, or the one they are looking at when the file names its own. `rowAccounts`: the rows of a CSV name their
 * accounts, so the chosen account is not the file's: the accounts with IBAN are listed (the dialog asks for the others).
 */
export function ImportSummary({
  preview,
  accounts,
  target,
  choosesAccount,
  rowAccounts = false,
  locale,
}: {
  preview: StatementPreview;
  accounts: BankAccount[];
  target: BankAccount | null;
  choosesAccount: boolean;
  rowAccounts?: boolean;
  locale: string;
}) {
  const { t } = useTranslation();
  const named = preview.accounts ?? preview.ibans.map((iban) => ({ iban, text: null, statements: 0 }));
  const conflict = target && !rowAccounts ? accountConflict(named, target.iban) : null;
  const listed = rowAccounts ? named.filter((a) => a.iban !== null) : choosesAccount ? [] : named;
  const warnings = preview.warnings ?? [];
  const existing = (iban: string) => accounts.find((a) => a.iban === iban) ?? null;
  // A CSV of a bank the portal does not know is read through its column mapping: before one is saved, nothing was read.
  const unread = preview.kind === 'csv' && preview.recognised !== true && !preview.statements;
  return (
    <div className="portal-banking-import-summary">
      <p data-testid="import-detected">
        <Tag minimal intent="primary">
          {formatName(preview)}
        </Tag>{' '}
        {unread
          ? t('banking.importDialog.detectedUnread', { bank: t('banking.importDialog.unknownBank') })
          : t('banking.importDialog.detected', {
              bank: preview.bank ?? t('banking.importDialog.unknownBank'),
              statements: t('banking.importDialog.statements', { count: preview.statements ?? 0 }),
              entries: t('banking.importDialog.entries', { count: preview.entries ?? 0 }),
            })}
      </p>
      {listed.length > 0 ? (
        <ul className="portal-banking-import-accounts" aria-label={t('banking.importDialog.fileAccounts')} data-testid="import-file-accounts">
          {listed.map((a) => {
            const known = a.iban ? existing(a.iban) : null;
            return (
              <li key={accountName(a)}>
                {accountName(a)} — {known ? known.label || known.bank_name : t('banking.importDialog.newAccount')}
              </li>
            );
          })}
        </ul>
      ) : null}
      {conflict ? (
        <Callout intent={conflict.kind === 'other' && choosesAccount ? 'danger' : 'warning'} compact data-testid={`import-account-${conflict.kind}`}>
          {t(`banking.importDialog.account${conflict.kind === 'other' ? (choosesAccount ? 'Other' : 'Elsewhere') : 'Unknown'}`, {
            file: accountName(conflict.account),
            account: ibanText(target!.iban),
          })}
        </Callout>
      ) : null}
      {warnings.length > 0 ? (
        <Callout intent="warning" compact title={t('banking.importDialog.findings')} data-testid="import-findings">
          <WarningList warnings={warnings} locale={locale} />
        </Callout>
      ) : null}
    </div>
  );
}
