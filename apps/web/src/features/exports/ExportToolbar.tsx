import { Button, Callout, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { reasonText } from '../../api/error-text';
import { ExportsStore } from './ExportsStore';
import { ExportDrawer } from './ExportDrawer';
import './exports.css';

/**
 * The work screen's export toolbar (exp or acc): the Export button opening the drawer, and the spec §8
 * warning when the client's latest export failed.
 */
export const ExportToolbar = observer(function ExportToolbar({ client }: { client: number }) {
  const root = useStores();
  const { t, i18n } = useTranslation();
  const [store] = useState(() => new ExportsStore(root));
  const [open, setOpen] = useState(false);
  useEffect(() => store.activate(), [store]);
  useEffect(() => void store.setClient(client), [store, client]);
  if (!store.enabled) return null;
  const latest = store.latest;
  return (
    <div className="portal-export-bar" data-testid="export-bar">
      {store.latestFailed && latest ? (
        <Callout intent="warning" compact icon="warning-sign" className="portal-export-warning" data-testid="export-latest-failed">
          <span className="portal-export-warning-text">{t('exports.latestFailed')}</span>
          {latest.reason ? (
            <span className="portal-export-warning-reason">{t('exports.latestFailedReason', { reason: reasonText(latest.reason, t, i18n.language) })}</span>
          ) : null}
          <Button variant="minimal" size="small" onClick={() => setOpen(true)}>
            {t('exports.showExports')}
          </Button>
        </Callout>
      ) : (
        <span className="portal-export-fill" />
      )}
      <Button icon="export" endIcon={store.running ? <Spinner size={14} /> : undefined} onClick={() => setOpen(true)} data-testid="action-export">
        {t('exports.button')}
      </Button>
      <ExportDrawer store={store} isOpen={open} onClose={() => setOpen(false)} />
    </div>
  );
});
