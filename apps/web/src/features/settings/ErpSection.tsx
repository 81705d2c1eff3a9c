import { Card, FormGroup, H4, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { ACCOUNT_SYSTEMS, type AccountSystem } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { SettingsStore } from './SettingsStore';
import { issueTexts } from './field-issues';
import { NumberField } from './NumberField';

/** ERP target with its consultant and client numbers, and the default expense account of the master data. */
export const ErpSection = observer(function ErpSection({ store }: { store: SettingsStore }) {
  const { t } = useTranslation();
  const draft = store.draft!;
  const disabled = !store.editable;
  const accountErrors = issueTexts(store, 'default_expense_account', t);
  const accountName = store.accountName(draft.default_expense_account);
  const accountHelper = accountErrors.length
    ? accountErrors.join(' · ')
    : draft.default_expense_account
      ? (accountName ?? (store.expenseAccounts.length ? t('settings.notInMasterData') : undefined))
      : undefined;
  return (
    <Card className="portal-settings-card" data-testid="settings-erp">
      <H4>{t('settings.sections.erp')}</H4>
      <div className="portal-settings-grid">
        <FormGroup label={t('settings.fields.account_system')} labelFor="settings-erp-target">
          <HTMLSelect
            id="settings-erp-target"
            fill
            disabled={disabled}
            value={draft.account_system}
            onChange={(e) => store.set('account_system', e.currentTarget.value as AccountSystem)}
            data-testid="settings-erp-target"
          >
            {ACCOUNT_SYSTEMS.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <NumberField
          label={t('settings.fields.erp_consultant_no')}
          value={draft.erp_consultant_no}
          nullable
          onChange={(v) => store.set('erp_consultant_no', v)}
          onReadable={(ok) => store.markReadable('erp_consultant_no', ok)}
          errors={issueTexts(store, 'erp_consultant_no', t)}
          disabled={disabled}
          testId="settings-consultant"
        />
        <NumberField
          label={t('settings.fields.erp_client_no')}
          value={draft.erp_client_no}
          nullable
          onChange={(v) => store.set('erp_client_no', v)}
          onReadable={(ok) => store.markReadable('erp_client_no', ok)}
          errors={issueTexts(store, 'erp_client_no', t)}
          helper={t('settings.fields.erp_client_no_hint', { no: store.client })}
          disabled={disabled}
          testId="settings-client-no"
        />
        <FormGroup
          label={t('settings.fields.default_expense_account')}
          labelFor="settings-expense-account"
          helperText={accountHelper}
          intent={accountErrors.length ? 'danger' : 'none'}
        >
          <InputGroup
            id="settings-expense-account"
            value={draft.default_expense_account ?? ''}
            onValueChange={(v) => store.set('default_expense_account', v.trim() === '' ? null : v.trim())}
            placeholder={t('settings.none')}
            inputMode="numeric"
            maxLength={6}
            intent={accountErrors.length ? 'danger' : 'none'}
            disabled={disabled}
            list="settings-expense-accounts"
            data-testid="settings-expense-account"
          />
          <datalist id="settings-expense-accounts">
            {store.expenseAccounts.map((a) => (
              <option key={a.account} value={a.account}>
                {a.name}
              </option>
            ))}
          </datalist>
        </FormGroup>
      </div>
    </Card>
  );
});
