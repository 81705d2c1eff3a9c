import { Button, Classes, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { accountTextMatches, type BankAccount } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

/** The account a number the file names without IBAN goes to: the one chosen, else the one whose IBAN holds it. */
export function accountOfText(text: string, chosen: Record<string, string>, accounts: BankAccount[]): string {
  return chosen[text] ?? accounts.find((a) => accountTextMatches(text, a.iban) === 'same')?.id ?? '';
}

/**
 * One account select per account a file names without IBAN (an export of several accounts, an MT940 of several
 * accounts by bank code and number): `choices` holds the account of each text, '' where none is chosen yet.
 * `onNewAccount`: where no account of the file exists yet, one is opened from here (the dialog has no other way then).
 */
export function AccountTextChoices({
  choices,
  accounts,
  onChoose,
  onNewAccount,
}: {
  choices: Record<string, string>;
  accounts: BankAccount[];
  onChoose: (text: string, accountId: string) => void;
  onNewAccount?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="import-row-accounts-title" data-testid="import-row-accounts">
      <h4 id="import-row-accounts-title" className={Classes.HEADING}>
        {t('banking.importDialog.rowAccounts')}
      </h4>
      <p>{t('banking.importDialog.rowAccountsHint')}</p>
      <div className="portal-banking-form-row">
        {Object.entries(choices).map(([text, accountId], i) => (
          <FormGroup key={text} label={t('banking.importDialog.accountOf', { account: text })} labelFor={`import-row-account-${i}`}>
            <HTMLSelect id={`import-row-account-${i}`} fill value={accountId} onChange={(e) => onChoose(text, e.currentTarget.value)}>
              <option value="">—</option>
              {accounts.map((a) => (
                <option key={a.id} value={a.id}>{`${a.label || a.bank_name} · ${a.iban}`}</option>
              ))}
            </HTMLSelect>
          </FormGroup>
        ))}
      </div>
      {onNewAccount ? <Button icon="plus" text={t('banking.accountForm.createTitle')} onClick={onNewAccount} data-testid="import-row-new-account" /> : null}
    </section>
  );
}
