import { Callout } from '@blueprintjs/core';
import type { AddressRecord } from '@portal/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { AddressesStore } from './AddressesStore';

/** Typing settles before the list is asked. */
const ASK_AFTER_MS = 300;

/** Flags other active addresses that carry the same VAT ID: one company twice, which merging resolves. */
export function SameVatIdNote({ store, vatId, exceptId }: { store: AddressesStore; vatId: string | null; exceptId: number | null }) {
  const { t } = useTranslation();
  const [others, setOthers] = useState<AddressRecord[]>([]);
  useEffect(() => {
    let current = true;
    if (!vatId) {
      setOthers([]);
      return undefined;
    }
    const timer = setTimeout(() => {
      store.sameVatId(vatId, exceptId).then(
        (found) => current && setOthers(found),
        () => current && setOthers([]),
      );
    }, ASK_AFTER_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [store, vatId, exceptId]);
  if (!others.length) return null;
  return (
    <Callout intent="warning" icon="duplicate" compact className="portal-same-vat" data-testid="address-same-vat">
      {t('addresses.sameVatId', { vatId: others[0]!.vat_id, count: others.length })}{' '}
      {others.map((a, i) => (
        <span key={a.id}>
          {i ? ', ' : null}
          <Link to={`/admin/addresses/${a.id}`}>{a.name || t('addresses.noName')}</Link>
        </span>
      ))}
    </Callout>
  );
}
