import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, Menu, MenuItem } from '@blueprintjs/core';
import type { AddressRecord } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { AddressesStore } from './AddressesStore';
import { addressErrorText } from './address-error';

/** Picks a duplicate of the selected address and merges it in (history kept on both). */
export const MergeDialog = observer(function MergeDialog({
  store,
  target,
  isOpen,
  onClose,
}: {
  store: AddressesStore;
  target: AddressRecord;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const { ui } = useStores();
  const [text, setText] = useState(target.name.split(' ')[0] ?? '');
  const [candidates, setCandidates] = useState<AddressRecord[]>([]);
  const [chosen, setChosen] = useState<AddressRecord | null>(null);
  useEffect(() => {
    if (!isOpen) return;
    const timer = setTimeout(() => void store.findCandidates(text).then(setCandidates), 250);
    return () => clearTimeout(timer);
  }, [text, isOpen, store]);
  const close = () => {
    store.clearActionError();
    setChosen(null);
    onClose();
  };
  const merge = async () => {
    if (!chosen) return;
    if (await store.merge(target.id, chosen.id)) {
      ui.success(t('addresses.mergedDone'));
      close();
    }
  };
  return (
    <Dialog isOpen={isOpen} onClose={close} title={t('addresses.mergeTitle', { name: target.name || t('addresses.noName') })} icon="git-merge">
      <DialogBody>
        <div data-testid="address-merge-dialog">
          <p>{t('addresses.mergeHint')}</p>
          <InputGroup
            leftIcon="search"
            type="search"
            value={text}
            onValueChange={setText}
            aria-label={t('addresses.mergeSearch')}
            placeholder={t('addresses.mergeSearch')}
            data-testid="merge-search"
          />
          <Menu className="portal-merge-candidates">
            {candidates.map((c) => (
              <MenuItem
                key={c.id}
                active={chosen?.id === c.id}
                text={c.name || t('addresses.noName')}
                label={[c.vat_id, c.place].filter(Boolean).join(' · ')}
                onClick={() => setChosen(c)}
                data-testid={`merge-candidate-${c.id}`}
              />
            ))}
          </Menu>
          {store.errorOf('merge') ? (
            <Callout intent="danger" compact>
              {addressErrorText(store.errorOf('merge')!, 'save', t, i18n.language)}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={close}>{t('addresses.cancel')}</Button>
            <Button intent="primary" disabled={!chosen} loading={store.busy === 'merge'} onClick={() => void merge()} data-testid="merge-confirm">
              {chosen ? t('addresses.mergeConfirm', { name: chosen.name || t('addresses.noName') }) : t('addresses.merge')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
});
