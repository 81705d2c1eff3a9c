import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { AddressesStore } from './AddressesStore';
import { addressErrorText } from './address-error';
import { AddressForm, draftOf, fieldsOf, type AddressDraft } from './AddressForm';
import { RegisterSearch } from './RegisterSearch';

/** "New address": the company register search box fills the form; "RPA" puts it into the RPA database at once. */
export const CreateAddressDialog = observer(function CreateAddressDialog({
  store,
  isOpen,
  onClose,
  onCreated,
}: {
  store: AddressesStore;
  isOpen: boolean;
  onClose(): void;
  onCreated(id: number): void;
}) {
  const { t, i18n } = useTranslation();
  const { ui } = useStores();
  const [draft, setDraft] = useState<AddressDraft>(() => draftOf({}));
  const [rpa, setRpa] = useState(false);
  const close = () => {
    store.clearActionError();
    setDraft(draftOf({}));
    setRpa(false);
    onClose();
  };
  const submit = async () => {
    const created = await store.create({ ...fieldsOf(draft), accounts: draft.accounts, rpa });
    if (created) {
      ui.success(t('addresses.created'));
      close();
      onCreated(created.id);
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('addresses.new')} icon="add" className="portal-address-dialog">
      <DialogBody>
        <div data-testid="address-create-dialog">
          <RegisterSearch
            store={store}
            onTake={(hit) => setDraft({ ...draft, ...draftOf({ ...hit, ibans: [] }), ibans: draft.ibans, accounts: draft.accounts })}
          />
          <AddressForm draft={draft} onChange={setDraft} idPrefix="new-address" store={store} addressId={null} />
          <Checkbox checked={rpa} onChange={(e) => setRpa(e.currentTarget.checked)} label={t('addresses.rpaSwitch')} data-testid="new-address-rpa" />
          <p className={Classes.TEXT_MUTED}>{t('addresses.rpaHint')}</p>
        </div>
      </DialogBody>
      <DialogFooter
        minimal={false}
        actions={
          <>
            <Button onClick={close}>{t('addresses.cancel')}</Button>
            <Button intent="primary" loading={store.busy === 'create'} onClick={() => void submit()} data-testid="new-address-save">
              {t('addresses.save')}
            </Button>
          </>
        }
      >
        {store.errorOf('create') ? (
          <Callout intent="danger" icon="error" compact data-testid="address-create-error">
            {addressErrorText(store.errorOf('create')!, 'save', t, i18n.language)}
          </Callout>
        ) : null}
      </DialogFooter>
    </Dialog>
  );
});
