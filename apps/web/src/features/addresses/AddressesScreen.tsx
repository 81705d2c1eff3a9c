import { Button, NonIdealState, Spinner } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { useStores } from '../../app/stores-context';
import { ResponsiveBar, ResponsiveSplit } from '../../components/layout';
import { addFeatureTranslations } from '../../i18n/feature-translations';
import de from './addresses.de.json';
import en from './addresses.en.json';
import { AddressesStore } from './AddressesStore';
import { AddressDetail } from './AddressDetail';
import { AddressList } from './AddressList';
import { CreateAddressDialog } from './CreateAddressDialog';
import './addresses.css';
import { useErrorText } from '../../i18n/use-error-text';

addFeatureTranslations('addresses', { en, de });

const DetailPane = observer(function DetailPane({ store, onClosed }: { store: AddressesStore; onClosed(): void }) {
  const { t } = useTranslation();
  const errorOf = useErrorText();
  if (store.selectedId === null) return <NonIdealState icon="th-list" title={t('addresses.select')} />;
  if (store.selectedError) return <NonIdealState icon="search" title={t('addresses.notFound')} description={errorOf(store.selectedError)} />;
  if (!store.selected) return <Spinner />;
  return <AddressDetail store={store} address={store.selected} onDeleted={onClosed} />;
});

/** /admin/addresses/{address_id?} (adm): the address list beside the selected address; below lg the one or the other. */
const AddressesScreen = observer(function AddressesScreen() {
  const root = useStores();
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { address_id } = useParams();
  const [store] = useState(() => new AddressesStore(root));
  const [creating, setCreating] = useState(false);
  const selected = address_id && /^\d+$/.test(address_id) ? Number(address_id) : null;

  useEffect(() => store.activate(), [store]);
  useEffect(() => void store.reload(), [store]);
  useEffect(() => void store.select(selected), [store, selected]);

  const [pane, setPane] = useState(selected === null ? 'list' : 'detail');
  const open = (id: number | null) => {
    navigate(id === null ? '/admin/addresses' : `/admin/addresses/${id}`);
    setPane(id === null ? 'list' : 'detail');
  };
  return (
    <div className="portal-page portal-fill-page portal-addresses" data-testid="addresses-screen">
      <ResponsiveBar>
        <span className="portal-spacer" />
        <Button icon="add" intent="primary" onClick={() => setCreating(true)} data-testid="addresses-new">
          {t('addresses.new')}
        </Button>
      </ResponsiveBar>
      <ResponsiveSplit
        testId="addresses-panes"
        activePane={pane}
        onActivePaneChange={setPane}
        panes={[
          {
            id: 'list',
            title: t('addresses.title'),
            width: 'minmax(320px, 420px)',
            className: 'portal-addresses-pane',
            content: <AddressList store={store} onOpen={open} />,
          },
          {
            id: 'detail',
            title: t('addresses.details'),
            width: 'minmax(0, 1fr)',
            className: 'portal-addresses-pane',
            content: <DetailPane store={store} onClosed={() => open(null)} />,
          },
        ]}
      />
      <CreateAddressDialog store={store} isOpen={creating} onClose={() => setCreating(false)} onCreated={(id) => open(id)} />
    </div>
  );
});

export default AddressesScreen;
