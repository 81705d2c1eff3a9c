import { Alert, Button, Callout, Card, H3, HTMLTable, Switch, Tag } from '@blueprintjs/core';
import type { AddressRecord } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { countryName, formatDate, formatDateTime } from '../../i18n/format';
import type { AddressesStore } from './AddressesStore';
import { addressErrorText } from './address-error';
import { AddressForm, draftOf, fieldsOf, type AddressDraft } from './AddressForm';
import { AddressHistory } from './AddressHistory';
import { MergeDialog } from './MergeDialog';
import { SameVatIdNote } from './SameVatIdNote';
import { VatCheckTag } from './VatCheckTag';
import { vatFaultText } from './vat-fault';

const FIELDS = ['legal_form', 'street', 'postcode', 'place', 'country', 'vat_id', 'tax_number', 'register_number', 'email', 'phone'] as const;

const Facts = observer(function Facts({ address }: { address: AddressRecord }) {
  const { t, i18n } = useTranslation();
  const { company } = useStores();
  return (
    <>
      <dl className="portal-address-facts" data-testid="address-facts">
        {FIELDS.filter((f) => address[f]).map((f) => (
          <div key={f}>
            <dt>{t(`addresses.fields.${f}`)}</dt>
            <dd data-testid={`address-fact-${f}`}>
              {f === 'country' && address.country ? `${countryName(address.country, i18n.language)} (${address.country})` : address[f]}
            </dd>
          </div>
        ))}
        {address.ibans.length ? (
          <div>
            <dt>{t('addresses.fields.ibans')}</dt>
            <dd>
              {address.ibans.map((i) => (
                <div key={i} className="portal-mono">
                  {i.replace(/(.{4})(?=.)/g, '$1 ')}
                </div>
              ))}
            </dd>
          </div>
        ) : null}
      </dl>
      <h4 className="portal-address-subhead">{t('addresses.accounts')}</h4>
      {address.accounts.length === 0 ? (
        <p className="portal-muted">{t('addresses.noAccounts')}</p>
      ) : (
        <div className="portal-table-scroll">
          <HTMLTable compact className="portal-table" data-testid="address-accounts">
            <thead>
              <tr>
                <th>{t('addresses.client')}</th>
                <th>{t('addresses.supplierAccount')}</th>
                <th>{t('addresses.customerAccount')}</th>
              </tr>
            </thead>
            <tbody>
              {address.accounts.map((a) => (
                <tr key={a.client_no}>
                  <td>
                    {a.client_no} {company.companies.get(a.client_no)?.company_name ?? ''}
                  </td>
                  <td className="portal-num">{a.supplier_account ?? '–'}</td>
                  <td className="portal-num">{a.customer_account ?? '–'}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </div>
      )}
    </>
  );
});

/** The selected address: facts or the edit form, RPA, VAT check, merge, delete and its history. */
export const AddressDetail = observer(function AddressDetail({
  store,
  address,
  onDeleted,
}: {
  store: AddressesStore;
  address: AddressRecord;
  onDeleted(): void;
}) {
  const { t, i18n } = useTranslation();
  const { ui } = useStores();
  const [draft, setDraft] = useState<AddressDraft | null>(null);
  const [merging, setMerging] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const active = address.status === 'active';
  const check = address.vat_check;

  const save = async () => {
    if (!draft) return;
    if (await store.save(address.id, fieldsOf(draft), draft.accounts)) {
      ui.success(t('addresses.saved'));
      setDraft(null);
    }
  };

  return (
    <div className="portal-address-detail" data-testid="address-detail">
      <Card className="portal-address-card">
        <div className="portal-address-title">
          <H3 data-testid="address-name">{address.name || t('addresses.noName')}</H3>
          {address.rpa ? (
            <Tag intent="primary" title={t('addresses.rpaTitle', { since: formatDate(address.rpa_since, i18n.language) })} data-testid="address-rpa-tag">
              {t('addresses.rpa')}
            </Tag>
          ) : null}
          {address.status === 'deleted' ? <Tag intent="danger">{t('addresses.deleted')}</Tag> : null}
        </div>
        {address.status === 'merged' && address.merged_into ? (
          <Callout intent="warning" icon="git-merge" compact>
            {t('addresses.merged', { id: address.merged_into })}{' '}
            <Link to={`/admin/addresses/${address.merged_into}`}>{t('addresses.openMerged', { id: address.merged_into })}</Link>
          </Callout>
        ) : null}
        {active ? (
          // Side by side buttons, not a ButtonGroup: a group never wraps, and on a phone it cut off "Löschen".
          <div className="portal-address-actions" data-testid="address-actions">
            {draft ? null : (
              <Button icon="edit" onClick={() => setDraft(draftOf(address))} data-testid="address-edit">
                {t('addresses.edit')}
              </Button>
            )}
            <Button icon="git-merge" onClick={() => setMerging(true)} data-testid="address-merge">
              {t('addresses.merge')}
            </Button>
            <Button icon="trash" intent="danger" variant="outlined" onClick={() => setDeleting(true)} data-testid="address-delete">
              {t('addresses.delete')}
            </Button>
          </div>
        ) : null}
        {store.errorOf('save', 'rpa', 'checkVat', 'remove') ? (
          <Callout intent="danger" icon="error" data-testid="address-action-error">
            {addressErrorText(store.errorOf('save', 'rpa', 'checkVat', 'remove')!, store.failedAction === 'remove' ? 'delete' : 'save', t, i18n.language)}
          </Callout>
        ) : null}
        {active ? (
          <div className="portal-address-rpa">
            <Switch
              checked={address.rpa}
              disabled={store.busy === 'rpa'}
              onChange={(e) => void store.setRpa(address.id, e.currentTarget.checked)}
              label={t('addresses.rpaSwitch')}
              data-testid="address-rpa-switch"
            />
            <span className="portal-muted">{t('addresses.rpaHint')}</span>
          </div>
        ) : null}
        <div className="portal-address-vat" data-testid="address-vat">
          <strong>{t('addresses.fields.vat_id')}:</strong> <span className="portal-mono">{address.vat_id ?? '–'}</span>
          <VatCheckTag check={check} testId="address-vat-result" />
          <span className="portal-muted">
            {check ? t('addresses.checkedAt', { time: formatDateTime(check.checked_at, i18n.language) }) : t('addresses.notChecked')}
          </span>
          {check?.fault ? (
            <span className="portal-muted" data-testid="address-vat-fault">
              {t('addresses.fault', { fault: vatFaultText(check, t) })}
            </span>
          ) : null}
          {active ? (
            <Button
              size="small"
              icon="endorsed"
              loading={store.busy === 'checkVat'}
              onClick={() => void store.checkVat(address.id)}
              data-testid="address-check-vat"
            >
              {t('addresses.checkVat')}
            </Button>
          ) : null}
        </div>
        {draft || !active ? null : <SameVatIdNote store={store} vatId={address.vat_id} exceptId={address.id} />}
        {draft ? (
          <>
            <AddressForm draft={draft} onChange={setDraft} idPrefix="edit-address" store={store} addressId={address.id} />
            <div className="portal-address-actions">
              <Button onClick={() => setDraft(null)}>{t('addresses.cancel')}</Button>
              <Button intent="primary" icon="floppy-disk" loading={store.busy === 'save'} onClick={() => void save()} data-testid="address-save">
                {t('addresses.save')}
              </Button>
            </div>
          </>
        ) : (
          <Facts address={address} />
        )}
      </Card>
      <AddressHistory store={store} />
      {active ? <MergeDialog store={store} target={address} isOpen={merging} onClose={() => setMerging(false)} /> : null}
      <Alert
        isOpen={deleting}
        intent="danger"
        icon="trash"
        confirmButtonText={t('addresses.delete')}
        cancelButtonText={t('addresses.cancel')}
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          void store.remove(address.id).then((r) => {
            if (r) {
              ui.success(t('addresses.removed'));
              onDeleted();
            }
          });
        }}
      >
        {t('addresses.deleteConfirm', { name: address.name || t('addresses.noName') })}
      </Alert>
    </div>
  );
});
