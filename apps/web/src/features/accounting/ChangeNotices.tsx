import { Button, Callout } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { InvoiceDetailStore } from './InvoiceDetailStore';

/**
 * What happened underneath the user: a conflict (someone else changed what they edit, or a command lost
 * a race) with its choices, or a change applied live.
 */
export const ChangeNotices = observer(function ChangeNotices({ detail }: { detail: InvoiceDetailStore }) {
  const { t } = useTranslation();
  const fieldNames = (fields: readonly string[]) => fields.map((f) => t(`invoices.fields.${f}`)).join(', ');
  const { conflict, liveChange } = detail;
  if (conflict) {
    return (
      <Callout intent="warning" icon="warning-sign" title={t('invoices.conflict.title')} data-testid="conflict-notice" data-source={conflict.source}>
        <p>{t(`invoices.conflict.${conflict.source}`, { revision: conflict.revision })}</p>
        {conflict.theirFields.length ? <p>{t('invoices.conflict.fields', { fields: fieldNames(conflict.theirFields) })}</p> : null}
        <div className="portal-notice-actions">
          {detail.dirty ? (
            <>
              <Button intent="warning" onClick={detail.keepMine} data-testid="conflict-keep-mine">
                {t('invoices.conflict.keepMine')}
              </Button>
              <Button onClick={detail.discard} data-testid="conflict-take-theirs">
                {t('invoices.conflict.takeTheirs')}
              </Button>
            </>
          ) : (
            <Button onClick={detail.discard} data-testid="conflict-dismiss">
              {t('invoices.conflict.dismiss')}
            </Button>
          )}
        </div>
      </Callout>
    );
  }
  if (liveChange) {
    return (
      <Callout intent="primary" icon="updated" title={t('invoices.live.title')} data-testid="live-notice" data-revision={liveChange.revision}>
        {t('invoices.live.text', { revision: liveChange.revision })}{' '}
        {liveChange.fields.length ? t('invoices.live.fields', { fields: fieldNames(liveChange.fields) }) : null}{' '}
        {liveChange.flags ? t('invoices.live.flags') : null}
        <Button
          variant="minimal"
          size="small"
          icon="cross"
          onClick={detail.dismissLiveChange}
          aria-label={t('invoices.conflict.dismiss')}
          className="portal-notice-close"
        />
      </Callout>
    );
  }
  return null;
});
