import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { useIsMobile } from '../../components/layout/use-is-mobile';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from '../../i18n/locales/addresses.de.json';
import en from '../../i18n/locales/addresses.en.json';
import { AddressesStore } from '../../stores/addresses/AddressesStore';
import { AddressDetail } from './AddressDetail';
import { AddressList } from './AddressList';
import { CreateAddressDialog } from './CreateAddressDialog';
import './addresses.css';

addFeatureTranslations('addresses', { en, de });

const DetailPane = observer(function DetailPane({ store, onClosed }: { store: AddressesStore; onClosed(): void }) {
  const { t } = useTranslation();
  if (store.selectedId === null) return <NonIdealState icon="th-list" title={t('addresses.select')} />;
  if (store.selectedError) return <NonIdealState icon="search" title={t('addresses.notFound')} description={store.selectedError.message} />;
  if (!store.selected) return <Spinner />;
  return <AddressDetail store={store} address={store.selected} onDeleted={onClosed} />;
});

/** /admin/addresses/{address_id?} (adm): the address list beside the selected address; below lg the one or the other. */
const AddressesScreen = observer(function AddressesScreen() {
  const root = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const mobile = useIsMobile();
  const { address_id } = useParams();
  const [store] = useState(() => new AddressesStore(root));
  const [creating, setCreating] = useState(false);
  const selected = address_id && /^\d+$/.test(address_id) ? Number(address_id) : null;

  useEffect(() => store.activate(), [store]);
  useEffect(() => void store.reload(), [store]);
  useEffect(() => void store.select(selected), [store, selected]);

  const open = (id: number | null) => navigate(id === null ? '/admin/addresses' : `/admin/addresses/${id}`);
  const showList = !mobile || selected === null;
  const showDetail = !mobile || selected !== null;
  return (
    <div className="portal-page portal-addresses" data-testid="addresses-screen">
      <div className="portal-page-bar">
        {mobile && selected !== null ? (
          <Button icon="arrow-left" variant="minimal" onClick={() => open(null)} data-testid="addresses-back">
            {t('addresses.back')}
          </Button>
        ) : null}
        <span className="portal-addresses-spacer" />
        <Button icon="add" intent="primary" onClick={() => setCreating(true)} data-testid="addresses-new">
          {t('addresses.new')}
        </Button>
      </div>
      <div className={`portal-addresses-panes${mobile ? ' portal-addresses-mobile' : ''}`}>
        {showList ? <AddressList store={store} onOpen={open} /> : null}
        {showDetail ? (
          <div className="portal-addresses-detail-pane">
            <DetailPane store={store} onClosed={() => open(null)} />
          </div>
        ) : null}
      </div>
      <CreateAddressDialog store={store} isOpen={creating} onClose={() => setCreating(false)} onCreated={(id) => open(id)} />
    </div>
  );
});

export default AddressesScreen;
