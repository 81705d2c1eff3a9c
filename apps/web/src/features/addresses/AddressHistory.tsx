import { Card, H5, NonIdealState, Spinner } from '@blueprintjs/core';
import type { AddressHistoryEntry } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../i18n/format';
import type { AddressesStore } from './AddressesStore';
import { VatCheckTag } from './VatCheckTag';
import { vatFaultText } from './vat-fault';

const show = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '–';
  if (Array.isArray(value))
    return (
      value
        .map((v) =>
          typeof v === 'object' && v
            ? Object.values(v as object)
                .filter((x) => x !== null)
                .join(' ')
            : String(v),
        )
        .join(', ') || '–'
    );
  if (typeof value === 'object')
    return Object.values(value as object)
      .filter((x) => x !== null)
      .join(' · ');
  return String(value);
};

function Entry({ entry }: { entry: AddressHistoryEntry }) {
  const { t, i18n } = useTranslation();
  const check = entry.vat_check;
  return (
    <li className="portal-address-history-entry" data-testid={`history-${entry.type}`}>
      <div className="portal-address-history-head">
        <strong>{t(`addresses.events.${entry.type}`, { defaultValue: entry.type })}</strong>
        <span className="portal-muted">
          {formatDateTime(entry.at, i18n.language)} · {entry.user_name ?? entry.user_id}
        </span>
      </div>
      {check ? (
        <div className="portal-address-history-check">
          <VatCheckTag check={check} /> {check.vat_id}
          {check.registered_name ? ` · ${t('addresses.registeredAs', { name: check.registered_name })}` : ''}
          {check.consultation_number ? ` · ${t('addresses.consultation', { number: check.consultation_number })}` : ''}
          {check.fault ? ` · ${t('addresses.fault', { fault: vatFaultText(check, t) })}` : ''}
        </div>
      ) : (
        <ul className="portal-address-history-changes">
          {entry.changes.map((c, i) => (
            <li key={i}>
              {t(`addresses.fields.${c.field}`, { defaultValue: c.field })}: {c.old === null ? '' : `${show(c.old)} → `}
              {show(c.new)}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}

/** The address's events, newest first: edits old → new, accounts, merges, RPA and every VAT check with time and result. */
export const AddressHistory = observer(function AddressHistory({ store }: { store: AddressesStore }) {
  const { t } = useTranslation();
  return (
    <Card className="portal-address-history" data-testid="address-history">
      <H5>{t('addresses.history')}</H5>
      {store.historyLoading && store.history.length === 0 ? <Spinner size={20} /> : null}
      {!store.historyLoading && store.history.length === 0 ? <NonIdealState title={t('addresses.noHistory')} /> : null}
      <ol className="portal-address-history-list">
        {store.history.map((e) => (
          <Entry key={e.id} entry={e} />
        ))}
      </ol>
    </Card>
  );
});
