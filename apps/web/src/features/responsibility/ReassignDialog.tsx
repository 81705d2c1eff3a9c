import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect } from '@blueprintjs/core';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { ResponsibilityStore } from './ResponsibilityStore';

/** Choosing the responsible person and the deputies of one client: one action, one event. */
export const ReassignDialog = observer(function ReassignDialog({
  store,
  clientNo,
  clientName,
  onClose,
}: {
  store: ResponsibilityStore;
  clientNo: number;
  clientName: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const current = store.assignments.get(clientNo);
  const staff = store.staffFor(clientNo);
  const [responsible, setResponsible] = useState(current?.responsible_id ?? staff[0]?.id ?? '');
  const [deputies, setDeputies] = useState<string[]>(current?.deputies.map((d) => d.id) ?? []);
  const save = () =>
    store
      .assign(
        clientNo,
        responsible,
        deputies.filter((d) => d !== responsible),
      )
      .then(
        () => {
          ui.success(t('responsibility.saved'));
          onClose();
        },
        (e: unknown) => ui.error(e),
      );
  return (
    <Dialog isOpen onClose={onClose} title={t('responsibility.reassignTitle', { client: `${clientNo} ${clientName}` })} data-testid="reassign-dialog">
      <DialogBody>
        <FormGroup label={t('responsibility.responsible')} labelFor="reassign-responsible">
          <HTMLSelect
            id="reassign-responsible"
            fill
            value={responsible}
            onChange={(e) => setResponsible(e.currentTarget.value)}
            data-testid="reassign-responsible"
          >
            {staff.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        <fieldset className="portal-fieldset">
          <legend className={Classes.LABEL}>{t('responsibility.deputies')}</legend>
          {staff
            .filter((s) => s.id !== responsible)
            .map((s) => (
              <Checkbox
                key={s.id}
                label={s.name}
                checked={deputies.includes(s.id)}
                onChange={(e) => setDeputies(e.currentTarget.checked ? [...deputies, s.id] : deputies.filter((d) => d !== s.id))}
              />
            ))}
        </fieldset>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('responsibility.cancel')} onClick={onClose} />
            <Button
              intent="primary"
              text={t('responsibility.save')}
              loading={store.saving}
              disabled={!responsible}
              onClick={() => void save()}
              data-testid="reassign-save"
            />
          </>
        }
      />
    </Dialog>
  );
});
