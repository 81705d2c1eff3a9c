import { Button, Callout, Card, FormGroup, H4, InputGroup } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { AccountStore } from './AccountStore';

/** Names, phone and e-mail address: the fields the provider lets the page save, the others read-only. */
export const DetailsCard = observer(function DetailsCard({ store }: { store: AccountStore }) {
  const { t } = useTranslation();
  const account = store.account!;
  const { editable } = account;
  const embedded = account.provider === 'embedded';
  return (
    <Card>
      <H4>{t('account.details')}</H4>
      {!editable.names && !editable.email ? <Callout intent="primary">{t('account.detailsAtProvider')}</Callout> : null}
      <div className="portal-account-grid">
        <FormGroup label={t('account.username')} labelFor="account-username">
          <InputGroup id="account-username" value={account.username} readOnly />
        </FormGroup>
        <FormGroup
          label={t('account.email')}
          labelFor="account-email"
          helperText={account.pendingEmail ? t('account.emailPending', { email: account.pendingEmail }) : undefined}
        >
          <InputGroup id="account-email" value={account.email} readOnly type="email" data-testid="account-email" />
        </FormGroup>
        <FormGroup label={t('account.firstName')} labelFor="account-first-name">
          <InputGroup
            id="account-first-name"
            value={store.details.firstName}
            readOnly={!editable.names}
            onValueChange={(v) => store.setDetail('firstName', v)}
            autoComplete="given-name"
            data-testid="account-first-name"
          />
        </FormGroup>
        <FormGroup label={t('account.lastName')} labelFor="account-last-name">
          <InputGroup
            id="account-last-name"
            value={store.details.lastName}
            readOnly={!editable.names}
            onValueChange={(v) => store.setDetail('lastName', v)}
            autoComplete="family-name"
            data-testid="account-last-name"
          />
        </FormGroup>
        {editable.phone ? (
          <FormGroup label={t('account.telNr')} labelFor="account-tel">
            <InputGroup
              id="account-tel"
              value={store.details.telNr}
              onValueChange={(v) => store.setDetail('telNr', v)}
              type="tel"
              autoComplete="tel"
              data-testid="account-tel"
            />
          </FormGroup>
        ) : null}
      </div>
      {editable.names || editable.phone ? (
        <Button
          intent="primary"
          text={t('account.save')}
          disabled={!store.detailsChanged || store.saving}
          onClick={() => void store.saveDetails(t('account.saved'), t('account.saveFailed'))}
          data-testid="account-save"
        />
      ) : null}
      {editable.email ? (
        <form
          className="portal-account-email"
          onSubmit={(e) => {
            e.preventDefault();
            void store.changeEmail((email) => (embedded ? t('account.emailLinkSent', { email }) : t('account.emailSaved')));
          }}
        >
          <FormGroup
            label={t('account.newEmail')}
            labelFor="account-new-email"
            intent={store.emailError ? 'danger' : 'none'}
            helperText={store.emailError ?? undefined}
          >
            <InputGroup
              id="account-new-email"
              type="email"
              autoComplete="email"
              value={store.emailDraft}
              onValueChange={store.setEmailDraft}
              intent={store.emailError ? 'danger' : 'none'}
              data-testid="account-new-email"
            />
          </FormGroup>
          <Button
            type="submit"
            icon="envelope"
            text={embedded ? t('account.sendLink') : t('account.emailChange')}
            disabled={store.emailDraft.trim() === '' || store.saving}
            data-testid="account-change-email"
          />
        </form>
      ) : null}
    </Card>
  );
});
