import { Button, Callout, Card, FormGroup, H4, InputGroup } from '@blueprintjs/core';
import type { Locale, SecurityKeyView } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDateTime } from '../../i18n/format';
import type { AccountStore } from './AccountStore';
import { ProviderActionButton } from './ProviderActionButton';

function KeyRow({ store, entry, locale }: { store: AccountStore; entry: SecurityKeyView; locale: Locale }) {
  const { t } = useTranslation();
  const [name, setName] = useState<string | null>(null);
  const keycloak = store.account?.provider === 'keycloak';
  const used = entry.lastUsedAt ? t('account.keyLastUsed', { at: formatDateTime(entry.lastUsedAt, locale) }) : t('account.keyNeverUsed');
  return (
    <li className="portal-security-key" data-testid="security-key">
      {name === null ? (
        <div className="portal-security-key-name">
          <strong data-testid="security-key-label">{entry.label}</strong>
          <span className="portal-muted">
            {entry.createdAt ? `${t('account.keyAddedAt', { at: formatDateTime(entry.createdAt, locale) })} · ` : ''}
            {used}
          </span>
        </div>
      ) : (
        <form
          className="portal-security-key-name"
          onSubmit={(e) => {
            e.preventDefault();
            void store.renameSecurityKey(entry.id, name, t('account.keyRenamed')).then((done) => done && setName(null));
          }}
        >
          <InputGroup
            aria-label={t('account.keyLabel')}
            value={name}
            onValueChange={setName}
            maxLength={60}
            autoFocus
            data-testid="security-key-rename-input"
          />
          <Button type="submit" intent="primary" text={t('account.save')} disabled={name.trim() === ''} data-testid="security-key-rename-save" />
          <Button variant="minimal" text={t('account.cancel')} onClick={() => setName(null)} />
        </form>
      )}
      {name === null ? (
        <div className="portal-security-key-actions">
          <Button
            size="small"
            variant="outlined"
            icon="edit"
            text={t('account.rename')}
            onClick={() => setName(entry.label)}
            data-testid="security-key-rename"
          />
          {keycloak ? (
            <ProviderActionButton
              store={store}
              action={`delete_credential:${entry.id}`}
              size="small"
              variant="outlined"
              intent="danger"
              icon="trash"
              text={t('account.remove')}
            />
          ) : (
            <Button
              size="small"
              variant="outlined"
              intent="danger"
              icon="trash"
              text={t('account.remove')}
              onClick={() => void store.removeSecurityKey(entry.id, t('account.keyRemoved'))}
              data-testid="security-key-remove"
            />
          )}
        </div>
      ) : null}
    </li>
  );
}

/** Security keys (WebAuthn): listed by name, renamed, removed; added here (embedded) or on Keycloak's page. */
export const SecurityKeysCard = observer(function SecurityKeysCard({ store }: { store: AccountStore }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const account = store.account!;
  const keycloak = account.provider === 'keycloak';
  return (
    <Card data-testid="security-keys">
      <H4>{t('account.securityKeys')}</H4>
      <p className="portal-muted">{t('account.securityKeysHint')}</p>
      {account.securityKeys.length === 0 ? (
        <p className="portal-muted">{t('account.noSecurityKeys')}</p>
      ) : (
        <ul className="portal-security-keys">
          {account.securityKeys.map((entry) => (
            <KeyRow key={entry.id} store={store} entry={entry} locale={ui.locale} />
          ))}
        </ul>
      )}
      {keycloak ? (
        account.actions.includes('webauthn-register') ? (
          <ProviderActionButton store={store} action="webauthn-register" icon="key" text={t('account.addKey')} />
        ) : null
      ) : (
        <form
          className="portal-account-password"
          onSubmit={(e) => {
            e.preventDefault();
            void store.addSecurityKey({ added: t('account.keyAdded'), noAnswer: t('account.keyFailed') });
          }}
        >
          <FormGroup label={t('account.keyLabel')} labelFor="account-key-label">
            <InputGroup id="account-key-label" value={store.keyLabel} onValueChange={store.setKeyLabel} maxLength={60} data-testid="security-key-label-input" />
          </FormGroup>
          {store.keyError ? (
            <Callout intent="danger" className="portal-key-error" data-testid="security-key-error">
              {store.keyError}
            </Callout>
          ) : null}
          <Button type="submit" icon="key" text={t('account.addKey')} disabled={store.keyLabel.trim() === '' || store.saving} data-testid="security-key-add" />
        </form>
      )}
    </Card>
  );
});
