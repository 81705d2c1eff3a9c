import { Alert, Button, Callout, Card, Checkbox, Classes, Dialog, DialogBody, DialogFooter, Menu, MenuItem, Popover, Tag } from '@blueprintjs/core';
import type { BankAccess } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateTime } from '../../i18n/format';
import type { BankingStore } from './BankingStore';
import { validityIntent, validityText } from './validity';

const UpdateDialog = observer(function UpdateDialog({ store, access, onClose }: { store: BankingStore; access: BankAccess; onClose: () => void }) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<string[]>(access.account_ids);
  return (
    <Dialog isOpen onClose={onClose} title={t('banking.accesses.updateTitle', { bank: access.institution_name })}>
      <DialogBody>
        {store.accounts.list.items.map((a) => (
          <Checkbox
            key={a.id}
            label={`${a.label} (${a.iban})`}
            checked={chosen.includes(a.id)}
            onChange={() => setChosen(chosen.includes(a.id) ? chosen.filter((x) => x !== a.id) : [...chosen, a.id])}
          />
        ))}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('banking.accesses.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('banking.accesses.save')}
              disabled={chosen.length === 0}
              onClick={() => void store.accesses.updateAccounts(access, chosen).then(onClose)}
            />
          </>
        }
      />
    </Dialog>
  );
});

const AccessCard = observer(function AccessCard({ store, access, locale }: { store: BankingStore; access: BankAccess; locale: string }) {
  const { t } = useTranslation();
  const [revoking, setRevoking] = useState(false);
  const [updating, setUpdating] = useState(false);
  const busy = store.accesses.busyId === access.id;
  const live = access.validity !== 'revoked';
  return (
    <Card className="portal-banking-access" data-testid={`access-${access.id}`}>
      <div className="portal-banking-access-head">
        <strong>{access.institution_name}</strong>
        <Tag intent={validityIntent(access.validity)} data-testid="access-validity" round>
          {validityText(t, access)}
        </Tag>
      </div>
      <div className={Classes.TEXT_MUTED}>
        {access.valid_until && access.validity !== 'expired'
          ? t('banking.accesses.validUntil', { date: formatDate(access.valid_until.slice(0, 10), locale) })
          : null}
        {access.valid_until && access.validity === 'expired'
          ? t('banking.accesses.expiredOn', { date: formatDate(access.valid_until.slice(0, 10), locale) })
          : null}
        {access.days_left !== null && access.days_left > 0 ? ` · ${t('banking.accesses.daysLeft', { count: access.days_left })}` : null}
      </div>
      <div className={Classes.TEXT_MUTED}>
        {t('banking.accesses.accounts', { count: access.account_ids.length })}
        {access.last_sync_at ? ` · ${t('banking.accesses.lastSync', { date: formatDateTime(access.last_sync_at, locale) })}` : null}
      </div>
      {access.link ? (
        <Callout intent="primary" compact className="portal-banking-consent">
          <a href={access.link} target="_blank" rel="noopener noreferrer">
            {t('banking.accesses.openConsent')}
          </a>{' '}
          <Button small text={t('banking.accesses.complete')} onClick={() => void store.accesses.complete(access)} loading={busy} />
        </Callout>
      ) : null}
      {live ? (
        <div className="portal-banking-access-actions">
          {access.validity !== 'pending' ? (
            <Button
              small
              icon="refresh"
              intent={access.validity === 'valid' ? 'none' : 'primary'}
              text={t('banking.accesses.renew')}
              onClick={() => void store.accesses.renew(access)}
              loading={busy}
              data-testid="access-renew"
            />
          ) : null}
          {access.validity === 'valid' || access.validity === 'expiring' ? (
            <Button small icon="import" text={t('banking.accesses.sync')} onClick={() => void store.accesses.sync(access)} disabled={busy} />
          ) : null}
          {access.validity !== 'pending' ? (
            <Button small icon="edit" text={t('banking.accesses.update')} onClick={() => setUpdating(true)} disabled={busy} />
          ) : null}
          <Button small icon="disable" intent="danger" minimal text={t('banking.accesses.revoke')} onClick={() => setRevoking(true)} disabled={busy} />
        </div>
      ) : null}
      <Alert
        isOpen={revoking}
        intent="danger"
        icon="disable"
        confirmButtonText={t('banking.accesses.revoke')}
        cancelButtonText={t('banking.accesses.cancel')}
        onConfirm={() => void store.accesses.revoke(access).then(() => setRevoking(false))}
        onCancel={() => setRevoking(false)}
      >
        {t('banking.accesses.revokeConfirm', { bank: access.institution_name })}
      </Alert>
      {updating ? <UpdateDialog store={store} access={access} onClose={() => setUpdating(false)} /> : null}
    </Card>
  );
});

/** The client's bank accesses with validity and days left; connect, renew, update, read, revoke. */
export const AccessList = observer(function AccessList({ store, locale }: { store: BankingStore; locale: string }) {
  const { t } = useTranslation();
  return (
    <section className="portal-banking-section" aria-labelledby="banking-accesses-heading">
      <div className="portal-banking-section-head">
        <h2 id="banking-accesses-heading" className={Classes.HEADING}>
          {t('banking.accesses.heading')}
        </h2>
        <Popover
          placement="bottom-end"
          content={
            <Menu>
              {store.accesses.institutions.map((i) => (
                <MenuItem key={i.id} text={i.name} label={i.source === 'sandbox' ? 'Sandbox' : undefined} onClick={() => void store.accesses.connect(i)} />
              ))}
            </Menu>
          }
        >
          <Button icon="add" text={t('banking.accesses.connect')} loading={store.accesses.busyId === 'new'} data-testid="connect-bank" />
        </Popover>
      </div>
      {store.accesses.error ? (
        <Callout intent="danger" compact>
          {t('banking.accesses.failed', { message: store.accesses.error })}
        </Callout>
      ) : null}
      {store.accesses.list.items.length === 0 ? <p className={Classes.TEXT_MUTED}>{t('banking.accesses.empty')}</p> : null}
      {store.accesses.list.items.map((a) => (
        <AccessCard key={a.id} store={store} access={a} locale={locale} />
      ))}
      {store.accesses.institutions.some((i) => i.source === 'sandbox') ? (
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('banking.accesses.sandboxNote')}</p>
      ) : null}
    </section>
  );
});
