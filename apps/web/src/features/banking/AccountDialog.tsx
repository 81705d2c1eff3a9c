import { Button, Callout, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { BANK_ACCOUNT_TYPES, type BankAccount, type BankAccountType } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDecimalInput } from '../../i18n/format';
import { firmToday } from '../../i18n/firm-calendar';
import type { BankingStore } from './BankingStore';
import { parseNumber } from '../../components/booking-form/booking-values';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';

interface Form {
  iban: string;
  bic: string;
  bank_name: string;
  type: BankAccountType;
  currency: string;
  label: string;
  opening: string;
  opening_date: string;
}

const today = firmToday;

/** Opening an account (null) or changing one: IBAN (fixed once opened), BIC, bank, type, currency, label, opening balance and date; archive or restore. */
export const AccountDialog = observer(function AccountDialog({
  store,
  account,
  locale,
  onClose,
}: {
  store: BankingStore;
  account: BankAccount | null;
  locale: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form, setForm] = useState<Form>(() => ({
    iban: account?.iban ?? '',
    bic: account?.bic ?? '',
    bank_name: account?.bank_name ?? '',
    type: account?.type ?? 'checking',
    currency: account?.currency ?? 'EUR',
    label: account?.label ?? '',
    opening: account ? formatDecimalInput(account.opening_balance_cents / 100, locale, 2) : '',
    opening_date: account?.opening_date ?? today(),
  }));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const set = (changes: Partial<Form>) => setForm((f) => ({ ...f, ...changes }));
  const opening = form.opening.trim() === '' ? 0 : parseNumber(form.opening);
  const openingInvalid = opening === undefined || opening === null;
  const run = async (work: () => Promise<unknown>) => {
    setBusy(true);
    setError(null);
    try {
      await work();
      onClose();
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const save = () =>
    run(() =>
      store.accounts.save(account?.id ?? null, {
        iban: form.iban,
        bic: form.bic.trim() || null,
        bank_name: form.bank_name.trim(),
        type: form.type,
        currency: form.currency.trim().toUpperCase(),
        label: form.label.trim(),
        opening_balance_cents: Math.round((opening as number) * 100),
        opening_date: form.opening_date,
      }),
    );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={account ? t('banking.accountForm.editTitle', { account: account.label || account.iban }) : t('banking.accountForm.createTitle')}
      icon="bank-account"
    >
      {/* Blueprint's Dialog drops data attributes: the wrapper names it for tests without changing its layout. */}
      <div className="portal-dialog-contents" data-testid="account-dialog">
        <DialogBody>
          <FormGroup label={t('banking.accountForm.iban')} labelFor="account-iban" helperText={account ? t('banking.accountForm.ibanFixed') : undefined}>
            <InputGroup
              id="account-iban"
              value={form.iban}
              onValueChange={(iban) => set({ iban })}
              disabled={account !== null}
              autoFocus={account === null}
              data-testid="account-iban"
            />
          </FormGroup>
          <div className="portal-banking-form-row">
            <FormGroup label={t('banking.accountForm.bic')} labelFor="account-bic">
              <InputGroup id="account-bic" value={form.bic} onValueChange={(bic) => set({ bic })} data-testid="account-bic" />
            </FormGroup>
            <FormGroup label={t('banking.accountForm.bankName')} labelFor="account-bank">
              <InputGroup id="account-bank" value={form.bank_name} onValueChange={(bank_name) => set({ bank_name })} data-testid="account-bank" />
            </FormGroup>
          </div>
          <FormGroup label={t('banking.accountForm.label')} labelFor="account-label">
            <InputGroup id="account-label" value={form.label} onValueChange={(label) => set({ label })} data-testid="account-label" />
          </FormGroup>
          <div className="portal-banking-form-row">
            <FormGroup label={t('banking.accountForm.type')} labelFor="account-type">
              <HTMLSelect
                id="account-type"
                fill
                value={form.type}
                onChange={(e) => set({ type: e.currentTarget.value as BankAccountType })}
                options={BANK_ACCOUNT_TYPES.map((type) => ({ value: type, label: t(`banking.accounts.types.${type}`) }))}
                data-testid="account-type"
              />
            </FormGroup>
            <FormGroup label={t('banking.accountForm.currency')} labelFor="account-currency">
              <InputGroup
                id="account-currency"
                value={form.currency}
                maxLength={3}
                onValueChange={(currency) => set({ currency })}
                data-testid="account-currency"
              />
            </FormGroup>
          </div>
          <div className="portal-banking-form-row">
            <FormGroup
              label={t('banking.accountForm.opening')}
              labelFor="account-opening"
              intent={openingInvalid ? 'danger' : 'none'}
              helperText={openingInvalid ? t('banking.accountForm.openingInvalid') : undefined}
            >
              <InputGroup
                id="account-opening"
                inputMode="decimal"
                value={form.opening}
                intent={openingInvalid ? 'danger' : 'none'}
                onValueChange={(value) => set({ opening: value })}
                data-testid="account-opening"
              />
            </FormGroup>
            <FormGroup label={t('banking.accountForm.openingDate')} labelFor="account-opening-date">
              <LocaleDateInput
                id="account-opening-date"
                value={form.opening_date}
                onChange={(opening_date) => set({ opening_date })}
                data-testid="account-opening-date"
              />
            </FormGroup>
          </div>
          {error ? (
            <Callout intent="danger" icon="error" data-testid="account-error">
              {t('banking.accountForm.failed', { message: error })}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            <>
              {account ? (
                <Button
                  icon={account.archived ? 'unarchive' : 'archive'}
                  intent={account.archived ? 'none' : 'warning'}
                  text={t(account.archived ? 'banking.accountForm.restore' : 'banking.accountForm.archive')}
                  loading={busy}
                  onClick={() => void run(() => store.accounts.setArchived(account, !account.archived))}
                  data-testid="account-archive"
                />
              ) : null}
              <Button text={t('banking.accesses.cancel')} onClick={onClose} />
              <Button
                intent="primary"
                text={t(account ? 'banking.accesses.save' : 'banking.accountForm.create')}
                loading={busy}
                disabled={form.iban.trim() === '' || openingInvalid || !/^\d{4}-\d{2}-\d{2}$/.test(form.opening_date)}
                onClick={() => void save()}
                data-testid="account-save"
              />
            </>
          }
        />
      </div>
    </Dialog>
  );
});
