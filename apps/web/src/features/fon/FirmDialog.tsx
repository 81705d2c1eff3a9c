import { Button, Dialog, DialogBody, DialogFooter, FormGroup, InputGroup } from '@blueprintjs/core';
import type { FonFirm } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { FirmInput } from './FonAdminStore';
import type { FonStore } from './FonStore';
import { fonErrorKey, useFonErrorText } from './use-fon-error';

type Field = 'name' | 'ntcs_id';

/** Spec 5: "Required field", "must be a number" — checked here as you save, and again by the server. */
function check(input: FirmInput): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  if (!input.name.trim()) errors.name = 'required';
  if (!input.ntcs_id.trim()) errors.ntcs_id = 'required';
  else if (!/^\d+$/.test(input.ntcs_id.trim())) errors.ntcs_id = 'mustBeNumber';
  return errors;
}

/** A firm (Kanzlei): name, NTCS ID, WebEKU user and password; an empty password keeps the current one. */
export const FirmDialog = observer(function FirmDialog({ store, firm, onClose }: { store: FonStore; firm: FonFirm | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const errorText = useFonErrorText();
  const [input, setInput] = useState<FirmInput>({
    name: firm?.name ?? '',
    ntcs_id: firm ? String(firm.ntcs_id) : '',
    webeku_user: firm?.webeku_user ?? '',
    webeku_password: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (key: keyof FirmInput) => (value: string) => setInput({ ...input, [key]: value });
  const save = () => {
    const found = check(input);
    setErrors(found);
    if (Object.keys(found).length) return;
    store.admin.saveFirm(firm?.id ?? null, input).then(
      () => {
        ui.success(t('fon.admin.saved'));
        onClose();
      },
      (e: unknown) => {
        const known = fonErrorKey(e);
        if (known?.field === 'name' || known?.field === 'ntcs_id') setErrors({ [known.field]: known.key });
        else ui.error(errorText(e));
      },
    );
  };
  const field = (key: Field, label: string, testId: string) => (
    <FormGroup
      label={label}
      labelFor={testId}
      labelInfo="*"
      helperText={errors[key] ? t(`fon.errors.${errors[key]}`) : undefined}
      intent={errors[key] ? 'danger' : 'none'}
    >
      <InputGroup
        id={testId}
        value={input[key]}
        onValueChange={set(key)}
        intent={errors[key] ? 'danger' : 'none'}
        inputMode={key === 'ntcs_id' ? 'numeric' : undefined}
        data-testid={testId}
      />
    </FormGroup>
  );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={firm ? `${t('fon.admin.firmTitle')}: ${firm.name}` : t('fon.admin.newFirm')}
      style={{ width: 'min(520px, 96vw)' }}
      data-testid="fon-firm-dialog"
    >
      <DialogBody>
        {field('name', t('fon.admin.fields.name'), 'fon-firm-name')}
        {field('ntcs_id', t('fon.admin.fields.ntcsId'), 'fon-firm-ntcs')}
        <FormGroup label={t('fon.admin.fields.webekuUser')} labelFor="fon-firm-webeku-user">
          <InputGroup
            id="fon-firm-webeku-user"
            value={input.webeku_user}
            onValueChange={set('webeku_user')}
            autoComplete="off"
            data-testid="fon-firm-webeku-user"
          />
        </FormGroup>
        <FormGroup
          label={t('fon.admin.fields.webekuPassword')}
          labelFor="fon-firm-webeku-password"
          helperText={firm?.webeku_password_set ? t('fon.admin.fields.passwordHint') : t('fon.admin.fields.passwordHintNew')}
        >
          <InputGroup
            id="fon-firm-webeku-password"
            type="password"
            autoComplete="new-password"
            value={input.webeku_password}
            onValueChange={set('webeku_password')}
            data-testid="fon-firm-webeku-password"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('fon.admin.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('fon.admin.save')} onClick={save} loading={store.busy} data-testid="fon-firm-save" />
          </>
        }
      />
    </Dialog>
  );
});
