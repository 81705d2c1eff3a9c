import { Button, Callout, Classes, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import type { ScannerWithSecret } from '@portal/contracts';
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';

/** The secret, once, with the three addresses a scanner is set up with. */
export function SecretDialog({ scanner, onClose }: { scanner: ScannerWithSecret; onClose: () => void }) {
  const { t } = useTranslation();
  const { config } = useStores();
  const [copied, setCopied] = useState(false);
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const host = typeof window === 'undefined' ? 'portal' : window.location.hostname;
  const copy = () => {
    void navigator.clipboard?.writeText(scanner.secret).then(
      () => setCopied(true),
      () => undefined,
    );
  };
  const row = (id: string, label: string, value: string, extra?: ReactElement) => (
    <FormGroup label={label} labelFor={id}>
      <InputGroup id={id} value={value} readOnly onFocus={(e) => e.currentTarget.select()} rightElement={extra} data-testid={id} />
    </FormGroup>
  );
  return (
    <Dialog isOpen onClose={onClose} title={t('scanners.secret.title', { name: scanner.name })} icon="key" canOutsideClickClose={false}>
      <DialogBody>
        <Callout intent="warning" icon="warning-sign" className="portal-scanner-once">
          {t('scanners.secret.once')}
        </Callout>
        {row(
          'scanner-secret',
          t('scanners.secret.secret'),
          scanner.secret,
          <Button
            variant="minimal"
            icon={copied ? 'tick' : 'duplicate'}
            onClick={copy}
            aria-label={t(copied ? 'scanners.secret.copied' : 'scanners.secret.copy')}
          />,
        )}
        {row('scanner-http', t('scanners.secret.http'), `${origin}/api/scanners/${scanner.id}/scans`)}
        {config.scanMail ? (
          row('scanner-email', t('scanners.secret.email'), `scan+${scanner.id}@${host}`)
        ) : (
          <p className={Classes.TEXT_MUTED} data-testid="scanner-email-unavailable">
            {t('scanners.secret.emailUnavailable')}
          </p>
        )}
        {row('scanner-folder', t('scanners.secret.folder'), `consume/${scanner.id}/`)}
        <p className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>ID: {scanner.id}</p>
      </DialogBody>
      <DialogFooter
        actions={
          <Button intent="primary" onClick={onClose} data-testid="scanner-secret-done">
            {t('scanners.secret.done')}
          </Button>
        }
      />
    </Dialog>
  );
}
