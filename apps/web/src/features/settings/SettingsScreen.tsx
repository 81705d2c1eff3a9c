import { Button, Callout, H3, NonIdealState, Spinner, Tag } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDateTime } from '../../i18n/format';
import de from './settings.de.json';
import en from './settings.en.json';
import { SettingsStore } from './SettingsStore';
import { BankImportSection, RetentionSection } from './BankRetentionSection';
import { DunningSection } from './DunningSection';
import { ErpSection } from './ErpSection';
import { FirmTimeZoneCard } from './FirmTimeZoneCard';
import { GeneralSection } from './GeneralSection';
import { TermsSection } from './TermsSection';
import './settings.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('settings', { en, de });

const SaveBar = observer(function SaveBar({ store }: { store: SettingsStore }) {
  const { t, i18n } = useTranslation();
  const errorOf = useErrorText();
  const { ui } = useStores();
  const conflict = store.saveError?.name === 'Conflict';
  const refused = store.saveError && store.saveError.name !== 'Unprocessable' && !conflict;
  return (
    <div className="portal-settings-bar" data-testid="settings-bar">
      {store.changedElsewhere ? (
        <Callout intent="warning" compact icon="people" data-testid="settings-changed-elsewhere">
          {t('settings.changedElsewhere')}
        </Callout>
      ) : null}
      {conflict ? (
        <Callout intent="danger" compact data-testid="settings-conflict">
          {t('settings.conflict')}
        </Callout>
      ) : null}
      {refused ? (
        <Callout intent="danger" compact data-testid="settings-save-failed">
          {t('settings.saveFailed', { message: errorOf(store.saveError) })}
        </Callout>
      ) : null}
      <div className="portal-settings-bar-actions">
        {store.dirty ? (
          <Tag intent="warning" minimal data-testid="settings-unsaved">
            {t('settings.unsaved')}
          </Tag>
        ) : store.record ? (
          <span className="portal-muted" data-testid="settings-last-change">
            {t('settings.lastChange', { time: formatDateTime(store.record.updated_at, i18n.language) })}
          </span>
        ) : null}
        <span className="portal-settings-bar-spacer" />
        <Button disabled={!store.dirty || store.saving} onClick={store.discard} data-testid="settings-discard">
          {t('settings.discard')}
        </Button>
        <Button
          intent="primary"
          icon="floppy-disk"
          loading={store.saving}
          disabled={!store.canSave}
          onClick={() => void store.save().then((ok) => ok && ui.success(t('settings.saved')))}
          data-testid="settings-save"
        >
          {t('settings.save')}
        </Button>
      </div>
    </div>
  );
});

/** /settings/{client} (adm): the firm's time zone (firm-wide), then the client's account system, ERP numbers, tax rates, payment terms, dunning, bank import and retention. */
const SettingsScreen = observer(function SettingsScreen() {
  const root = useStores();
  const { company } = root;
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const { client } = useParams();
  const [store] = useState(() => new SettingsStore(root));
  const clientNo = company.loaded ? company.resolveClient(client) : null;

  useEffect(() => store.activate(), [store]);
  // Leaving changed settings (another screen, another company, Back, closing the tab) asks first.
  useEffect(() => root.ui.leave.protect({ dirty: () => store.dirty, save: store.save, discard: store.discard }), [root, store]);
  useEffect(() => {
    if (clientNo !== null) void store.open(clientNo);
  }, [store, clientNo]);

  if (company.loaded && clientNo === null) return <NonIdealState icon="office" title={t('settings.noClient')} />;
  if (store.loadError) {
    return (
      <Callout intent="danger" icon="error" data-testid="settings-load-error">
        {t('settings.loadFailed', { message: errorOf(store.loadError) })}
      </Callout>
    );
  }
  if (!store.draft) return <Spinner className="portal-settings-spinner" />;
  const name = company.companies.get(clientNo ?? 0)?.company_name ?? String(clientNo);
  return (
    <div className="portal-page portal-settings" data-testid="settings-screen">
      <FirmTimeZoneCard />
      <H3 className="portal-settings-heading">{t('settings.heading', { client: `${clientNo} ${name}` })}</H3>
      {!store.editable ? (
        <Callout intent="primary" compact>
          {t('settings.readOnly')}
        </Callout>
      ) : null}
      <form
        className="portal-settings-columns"
        onSubmit={(e) => {
          e.preventDefault();
          if (store.canSave) void store.save().then((ok) => ok && root.ui.success(t('settings.saved')));
        }}
      >
        <div className="portal-settings-column">
          <GeneralSection store={store} />
          <ErpSection store={store} />
          <RetentionSection store={store} />
          <BankImportSection store={store} />
        </div>
        <div className="portal-settings-column">
          <TermsSection store={store} />
          <DunningSection store={store} />
        </div>
      </form>
      <SaveBar store={store} />
    </div>
  );
});

export default SettingsScreen;
