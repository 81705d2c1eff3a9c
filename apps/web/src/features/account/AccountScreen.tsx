import { Callout, Card, FormGroup, H4, HTMLSelect } from '@blueprintjs/core';
import type { Locale } from '@portal/contracts';
import { LOCALES } from '@portal/contracts';
import { startRegistration } from '@simplewebauthn/browser';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './account.de.json';
import en from './account.en.json';
import { AccountStore, type CreateCredential } from './AccountStore';
import { DetailsCard } from './DetailsCard';
import { DevicesCard } from './DevicesCard';
import { PasswordCard } from './PasswordCard';
import { SecondFactorCard } from './SecondFactorCard';
import { SecurityKeysCard } from './SecurityKeysCard';
import './account.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('account', { en, de });

/** The browser asks the security key (WebAuthn) for a new credential with the server's options. */
const createCredential: CreateCredential = async (options) => ({
  ...(await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] })),
});

/** /account/preferences: language, personal details, password, second factor, security keys and logged-in devices. */
const AccountScreen = observer(function AccountScreen() {
  const root = useStores();
  const { ui, session } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const mobile = useIsMobile();
  const [store] = useState(() => new AccountStore(root, createCredential));
  useEffect(() => {
    void store.load();
  }, [store]);
  // Changed personal details are not left behind silently.
  useEffect(
    () =>
      ui.leave.protect({
        dirty: () => store.detailsChanged,
        save: async () => {
          await store.saveDetails(t('account.saved'), t('account.saveFailed'));
          return !store.detailsChanged;
        },
        discard: store.discardDetails,
      }),
    [ui, store, t],
  );
  if (!store.account) {
    return <div className="portal-page">{store.error ? <Callout intent="danger">{errorOf(store.error)}</Callout> : null}</div>;
  }
  return (
    <div className={`portal-page portal-account${mobile ? ' is-mobile' : ''}`} data-testid="account-screen">
      <Card>
        <H4>{t('account.language')}</H4>
        <FormGroup label={t('account.language')} labelFor="account-language" helperText={t('account.languageHint')}>
          <HTMLSelect
            id="account-language"
            value={ui.locale}
            onChange={(e) => void session.changeLocale(e.currentTarget.value as Locale)}
            options={LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
            data-testid="account-language"
          />
        </FormGroup>
      </Card>
      <DetailsCard store={store} />
      <PasswordCard store={store} />
      <SecondFactorCard store={store} />
      <SecurityKeysCard store={store} />
      <DevicesCard store={store} />
    </div>
  );
});

export default AccountScreen;
