import { Button, FormGroup, HTMLSelect, InputGroup, TextArea } from '@blueprintjs/core';
import type { AddressClientAccounts, AddressFields } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { CountrySelect } from '../../components/inputs/CountrySelect';
import type { AddressesStore } from './AddressesStore';
import { SameVatIdNote } from './SameVatIdNote';

export type AddressDraft = Omit<AddressFields, 'ibans'> & { ibans: string; accounts: AddressClientAccounts[] };

const TEXT_FIELDS = ['name', 'legal_form', 'street', 'postcode', 'place', 'country', 'vat_id', 'tax_number', 'register_number', 'email', 'phone'] as const;
const WIDE = new Set(['name', 'street', 'register_number', 'email']);

export function draftOf(fields: Partial<AddressFields> & { accounts?: AddressClientAccounts[] }): AddressDraft {
  return {
    name: fields.name ?? '',
    legal_form: fields.legal_form ?? null,
    street: fields.street ?? null,
    postcode: fields.postcode ?? null,
    place: fields.place ?? null,
    country: fields.country ?? null,
    vat_id: fields.vat_id ?? null,
    tax_number: fields.tax_number ?? null,
    register_number: fields.register_number ?? null,
    email: fields.email ?? null,
    phone: fields.phone ?? null,
    ibans: (fields.ibans ?? []).join('\n'),
    accounts: fields.accounts ?? [],
  };
}

/** The draft as the service takes it: empty texts as null, IBANs one per line. */
export function fieldsOf(draft: AddressDraft): AddressFields {
  const clean = (v: string | null) => (v === null || v.trim() === '' ? null : v.trim());
  return {
    name: draft.name.trim(),
    legal_form: clean(draft.legal_form),
    street: clean(draft.street),
    postcode: clean(draft.postcode),
    place: clean(draft.place),
    country: clean(draft.country)?.toUpperCase() ?? null,
    vat_id: clean(draft.vat_id),
    tax_number: clean(draft.tax_number),
    register_number: clean(draft.register_number),
    email: clean(draft.email),
    phone: clean(draft.phone),
    ibans: draft.ibans
      .split(/[\n,;]+/)
      .map((i) => i.replace(/\s+/g, ''))
      .filter(Boolean),
  };
}

/** The per-client supplier and customer accounts (acc-suppliers numbers). */
const AccountsEditor = observer(function AccountsEditor({
  accounts,
  onChange,
}: {
  accounts: AddressClientAccounts[];
  onChange(accounts: AddressClientAccounts[]): void;
}) {
  const { t } = useTranslation();
  const { company } = useStores();
  const set = (index: number, change: Partial<AddressClientAccounts>) => onChange(accounts.map((a, i) => (i === index ? { ...a, ...change } : a)));
  const free = company.sorted.filter((c) => !accounts.some((a) => a.client_no === c.company_no));
  return (
    <fieldset className="portal-address-accounts" data-testid="address-accounts-editor">
      <legend>{t('addresses.accounts')}</legend>
      {accounts.map((a, index) => (
        <div key={index} className="portal-address-account-row">
          <HTMLSelect value={a.client_no} onChange={(e) => set(index, { client_no: Number(e.currentTarget.value) })} aria-label={t('addresses.client')}>
            {company.sorted
              .filter((c) => c.company_no === a.client_no || !accounts.some((x) => x.client_no === c.company_no))
              .map((c) => (
                <option key={c.company_no} value={c.company_no}>
                  {c.company_no} {c.company_name}
                </option>
              ))}
          </HTMLSelect>
          <InputGroup
            value={a.supplier_account ?? ''}
            onValueChange={(v) => set(index, { supplier_account: v.trim() || null })}
            placeholder={t('addresses.supplierAccount')}
            aria-label={t('addresses.supplierAccount')}
            inputMode="numeric"
            maxLength={6}
            data-testid={`address-supplier-${index}`}
          />
          <InputGroup
            value={a.customer_account ?? ''}
            onValueChange={(v) => set(index, { customer_account: v.trim() || null })}
            placeholder={t('addresses.customerAccount')}
            aria-label={t('addresses.customerAccount')}
            inputMode="numeric"
            maxLength={6}
          />
          <Button
            icon="trash"
            variant="minimal"
            aria-label={t('addresses.removeClient', { client: a.client_no })}
            onClick={() => onChange(accounts.filter((_, i) => i !== index))}
          />
        </div>
      ))}
      {free.length ? (
        <Button
          icon="add"
          variant="minimal"
          onClick={() => onChange([...accounts, { client_no: free[0]!.company_no, supplier_account: null, customer_account: null }])}
          data-testid="address-add-client"
        >
          {t('addresses.addClient')}
        </Button>
      ) : null}
    </fieldset>
  );
});

/** The address fields, IBANs and accounts; used by "New address" and by editing. */
export const AddressForm = observer(function AddressForm({
  draft,
  onChange,
  idPrefix,
  store,
  addressId,
}: {
  draft: AddressDraft;
  onChange(draft: AddressDraft): void;
  idPrefix: string;
  store: AddressesStore;
  addressId: number | null;
}) {
  const { t } = useTranslation();
  return (
    <div className="portal-address-form">
      <div className="portal-address-grid">
        {TEXT_FIELDS.map((field) => (
          <FormGroup
            key={field}
            label={t(`addresses.fields.${field}`)}
            labelFor={`${idPrefix}-${field}`}
            className={WIDE.has(field) ? 'portal-address-wide' : undefined}
          >
            {field === 'country' ? (
              <CountrySelect
                id={`${idPrefix}-${field}`}
                value={draft.country}
                onChange={(country) => onChange({ ...draft, country })}
                testId={`${idPrefix}-${field}`}
              />
            ) : (
              <InputGroup
                id={`${idPrefix}-${field}`}
                value={draft[field] ?? ''}
                onValueChange={(v) => onChange({ ...draft, [field]: v })}
                maxLength={200}
                data-testid={`${idPrefix}-${field}`}
              />
            )}
          </FormGroup>
        ))}
        <FormGroup
          label={t('addresses.fields.ibans')}
          labelFor={`${idPrefix}-ibans`}
          helperText={t('addresses.fields.ibansHint')}
          className="portal-address-wide"
        >
          <TextArea
            id={`${idPrefix}-ibans`}
            value={draft.ibans}
            onChange={(e) => onChange({ ...draft, ibans: e.currentTarget.value })}
            fill
            rows={2}
            data-testid={`${idPrefix}-ibans`}
          />
        </FormGroup>
      </div>
      <SameVatIdNote store={store} vatId={draft.vat_id} exceptId={addressId} />
      <AccountsEditor accounts={draft.accounts} onChange={(accounts) => onChange({ ...draft, accounts })} />
    </div>
  );
});
