import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import type { InputGroupProps } from '@blueprintjs/core';
import type { PersonAccount } from '@portal/contracts';
import { CUSTOMER_ACCOUNT_RANGE } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { AccountOption, PersonKind } from '../../stores/AccountingStore';

/** The next free six-digit account of the kind: customers within 200000–299999, suppliers from 300000. */
export function nextAccountNumber(kind: PersonKind, options: AccountOption[]): string {
  const inRange = (n: number) => (kind === 'customer' ? n >= CUSTOMER_ACCOUNT_RANGE.from && n <= CUSTOMER_ACCOUNT_RANGE.to : n >= 300_000 && n <= 999_999);
  const used = options.map((o) => Number(o.value)).filter((n) => Number.isInteger(n) && inRange(n));
  const start = kind === 'customer' ? CUSTOMER_ACCOUNT_RANGE.from : 300_000;
  return String(used.length ? Math.max(...used) + 1 : start);
}

export interface CreatePersonDialogProps {
  name: string | null;
  kind: PersonKind;
  client: number;
  accounting: number;
  options: AccountOption[];
  onClose: () => void;
  onCreated: (account: PersonAccount) => void;
}

/** "Create supplier Moser…" opens this with the typed name; the new account is put into the field. */
export function CreatePersonDialog({ name, kind, client, accounting, options, onClose, onCreated }: CreatePersonDialogProps) {
  const { accounting: store, ui } = useStores();
  const { t } = useTranslation();
  const [form, setForm] = useState({ name: '', account: '', city: '', iban: '' });
  const [busy, setBusy] = useState(false);
  const [openedFor, setOpenedFor] = useState<string | null>(null);
  if (name !== null && openedFor !== name) {
    setOpenedFor(name);
    setForm({ name, account: nextAccountNumber(kind, options), city: '', iban: '' });
  }
  const sixDigits = /^\d{6}$/.test(form.account);
  const submit = async () => {
    setBusy(true);
    try {
      const created = await store.createPersonAccount({
        client_no: client,
        accounting,
        account: form.account,
        name: form.name.trim(),
        iban: form.iban.trim() ? form.iban.replace(/\s+/g, '').toUpperCase() : null,
        address: form.city.trim() ? { city: form.city.trim() } : {},
      });
      ui.success(t('invoices.createPerson.created', { account: created.account, name: created.name }));
      onCreated(created);
      setOpenedFor(null);
    } catch (e) {
      ui.error(e);
    } finally {
      setBusy(false);
    }
  };
  const field = (key: keyof typeof form, label: string, extra: Partial<InputGroupProps> = {}) => (
    <FormGroup label={label} labelFor={`create-person-${key}`}>
      <InputGroup
        id={`create-person-${key}`}
        value={form[key]}
        onValueChange={(v) => setForm({ ...form, [key]: v })}
        data-testid={`create-person-${key}`}
        {...extra}
      />
    </FormGroup>
  );
  return (
    <Dialog
      isOpen={name !== null}
      onClose={onClose}
      title={t(kind === 'customer' ? 'invoices.createPerson.titleCustomer' : 'invoices.createPerson.titleSupplier')}
      icon="new-person"
      className="portal-create-person"
    >
      <DialogBody>
        {field('name', t('invoices.createPerson.name'))}
        {field('account', t('invoices.createPerson.account'), { inputMode: 'numeric', intent: sixDigits ? 'none' : 'danger' })}
        {field('city', t('invoices.createPerson.city'))}
        {field('iban', t('invoices.createPerson.iban'))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose} text={t('invoices.createPerson.cancel')} />
            <Button
              intent="primary"
              loading={busy}
              disabled={!sixDigits || !form.name.trim()}
              onClick={() => void submit()}
              data-testid="create-person-submit"
              text={t('invoices.createPerson.create')}
            />
          </>
        }
      />
    </Dialog>
  );
}
