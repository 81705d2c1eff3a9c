import { Alert, Button, Callout, Card, Classes, HTMLTable, NonIdealState, Spinner, Switch, Tag } from '@blueprintjs/core';
import type { ScannerRecord } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import { formatDateTime } from '../../i18n/format';
import de from './scanners.de.json';
import en from './scanners.en.json';
import { ScannersStore } from './ScannersStore';
import { ScannerDialog } from './ScannerDialog';
import { SecretDialog } from './SecretDialog';
import './scanners.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('scanners', { en, de });

type Pending = { kind: 'rotate' | 'remove'; scanner: ScannerRecord } | null;

const ScannerFacts = observer(function ScannerFacts({
  store,
  scanner,
  part,
}: {
  store: ScannersStore;
  scanner: ScannerRecord;
  part: 'client' | 'users' | 'seen' | 'counts';
}) {
  const { company, ui } = useStores();
  const { t } = useTranslation();
  if (part === 'client') {
    const c = company.companies.get(scanner.client_no);
    return (
      <>
        <div>{c ? `${c.company_no} ${c.company_name}` : scanner.client_no}</div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>
          {t(`scanners.target.${scanner.target}`, { group: t(`documents.tabs.${scanner.category}`) })}
        </div>
      </>
    );
  }
  if (part === 'users') return <>{scanner.assigned_users.map((id) => store.userName(id)).join(', ') || '—'}</>;
  if (part === 'seen')
    return (
      <span data-testid="scanner-last-seen">
        {scanner.last_seen
          ? t('scanners.seenVia', { time: formatDateTime(scanner.last_seen, ui.locale), channel: t(`scanners.channel.${scanner.last_channel ?? 'http'}`) })
          : t('scanners.never')}
      </span>
    );
  return (
    <>
      <div data-testid="scanner-counts">{t('scanners.counts', { deliveries: scanner.deliveries, refused: scanner.refused })}</div>
      {scanner.last_refusal ? (
        <div className={`${Classes.TEXT_SMALL} ${Classes.INTENT_DANGER}`}>{t('scanners.lastRefusal', { reason: scanner.last_refusal })}</div>
      ) : null}
    </>
  );
});

/** /scanner-admin — the scanner manager (Admin group, adm). */
const ScannersScreen = observer(function ScannersScreen() {
  const root = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const mobile = useIsMobile();
  const [store] = useState(() => new ScannersStore(root));
  const [editing, setEditing] = useState<ScannerRecord | 'new' | null>(null);
  const [pending, setPending] = useState<Pending>(null);

  useEffect(() => {
    void store.load();
    return () => store.dispose();
  }, [store]);

  const actions = (s: ScannerRecord) => (
    <span className="portal-scanner-actions">
      <Button size="small" icon="edit" onClick={() => (store.clearFailure(), setEditing(s))} data-testid="scanner-edit">
        {t('scanners.edit')}
      </Button>
      <Button size="small" icon="key" onClick={() => setPending({ kind: 'rotate', scanner: s })} data-testid="scanner-rotate">
        {t('scanners.rotate')}
      </Button>
      <Button
        size="small"
        icon="trash"
        intent="danger"
        variant="minimal"
        onClick={() => setPending({ kind: 'remove', scanner: s })}
        aria-label={`${t('scanners.remove')}: ${s.name}`}
        data-testid="scanner-remove"
      />
    </span>
  );
  const toggle = (s: ScannerRecord) => (
    <Switch
      checked={s.activated}
      onChange={() => void store.setActivated(s.id, !s.activated)}
      aria-label={t('scanners.activate', { name: s.name })}
      data-testid="scanner-activated"
      className="portal-scanner-switch"
    />
  );

  return (
    <div className="portal-page portal-scanners" data-testid="scanner-admin">
      <div className="portal-scanners-bar">
        <Callout icon="help" compact className="portal-scanners-help">
          {t('scanners.help')}
        </Callout>
        <Button icon="add" intent="primary" onClick={() => (store.clearFailure(), setEditing('new'))} data-testid="scanner-add">
          {t('scanners.add')}
        </Button>
      </div>
      {store.error ? <Callout intent="danger">{t('scanners.loadFailed', { message: errorOf(store.error) })}</Callout> : null}
      {store.failure && !editing ? (
        <Callout intent="danger" icon="error" data-testid="scanners-failure">
          {t('scanners.errors.saveFailed', { message: errorOf(store.failure) })}
        </Callout>
      ) : null}
      {store.loading && store.scanners.items.length === 0 ? <Spinner /> : null}
      {!store.loading && store.scanners.items.length === 0 ? <NonIdealState icon="print" title={t('scanners.empty')} /> : null}
      {mobile ? (
        <div className="portal-scanner-cards">
          {store.scanners.items.map((s) => (
            <Card key={s.id} compact data-testid="scanner-row" data-id={s.id}>
              <div className="portal-scanner-card-head">
                <strong>{s.name}</strong>
                {toggle(s)}
              </div>
              <div className={Classes.TEXT_MUTED}>{s.location}</div>
              <ScannerFacts store={store} scanner={s} part="client" />
              <div>
                {t('scanners.columns.assigned')}: <ScannerFacts store={store} scanner={s} part="users" />
              </div>
              <div>
                {t('scanners.columns.lastSeen')}: <ScannerFacts store={store} scanner={s} part="seen" />
              </div>
              <ScannerFacts store={store} scanner={s} part="counts" />
              {actions(s)}
            </Card>
          ))}
        </div>
      ) : store.scanners.items.length ? (
        <HTMLTable className="portal-scanner-table" data-testid="scanner-table">
          <thead>
            <tr>
              <th>{t('scanners.columns.name')}</th>
              <th>{t('scanners.columns.client')}</th>
              <th>{t('scanners.columns.assigned')}</th>
              <th>{t('scanners.columns.activated')}</th>
              <th>{t('scanners.columns.lastSeen')}</th>
              <th>{t('scanners.columns.deliveries')}</th>
              <th>{t('scanners.columns.actions')}</th>
            </tr>
          </thead>
          <tbody>
            {store.scanners.items.map((s) => (
              <tr key={s.id} data-testid="scanner-row" data-id={s.id}>
                <td>
                  <strong>{s.name}</strong>
                  <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{s.location}</div>
                  <Tag minimal className={Classes.TEXT_SMALL}>
                    {s.id}
                  </Tag>
                </td>
                <td>
                  <ScannerFacts store={store} scanner={s} part="client" />
                </td>
                <td>
                  <ScannerFacts store={store} scanner={s} part="users" />
                </td>
                <td>{toggle(s)}</td>
                <td>
                  <ScannerFacts store={store} scanner={s} part="seen" />
                </td>
                <td>
                  <ScannerFacts store={store} scanner={s} part="counts" />
                </td>
                <td>{actions(s)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      {editing ? <ScannerDialog store={store} scanner={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      {store.revealed ? <SecretDialog scanner={store.revealed} onClose={store.forgetSecret} /> : null}
      <Alert
        isOpen={pending !== null}
        intent={pending?.kind === 'remove' ? 'danger' : 'warning'}
        icon={pending?.kind === 'remove' ? 'trash' : 'key'}
        confirmButtonText={pending?.kind === 'remove' ? t('scanners.remove') : t('scanners.rotate')}
        cancelButtonText={t('scanners.cancel')}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          const p = pending;
          setPending(null);
          if (p?.kind === 'remove') void store.remove(p.scanner.id);
          else if (p) void store.rotateSecret(p.scanner.id);
        }}
      >
        {pending ? t(pending.kind === 'remove' ? 'scanners.removeConfirm' : 'scanners.rotateConfirm', { name: pending.scanner.name }) : null}
      </Alert>
    </div>
  );
});

export default ScannersScreen;
