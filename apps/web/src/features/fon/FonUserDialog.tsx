import { Button, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FON_USER_TYPES, type FonUser } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { FonUserInput } from './FonAdminStore';
import type { FonStore } from './FonStore';
import { fonErrorKey, useFonErrorText } from './use-fon-error';

type Field = 'name' | 'quota_year' | 'tid' | 'benid' | 'pin';

/** Spec 5: "Required field", "must be a number" (quota year, TID); a web-service user needs TID, user ID and PIN. */
function check(input: FonUserInput, pinSet: boolean): Partial<Record<Field, string>> {
  const errors: Partial<Record<Field, string>> = {};
  const number = (key: 'quota_year' | 'tid') => {
    const v = input[key].trim();
    if (!v) errors[key] = 'required';
    else if (!/^\d+$/.test(v)) errors[key] = 'mustBeNumber';
  };
  if (!input.name.trim()) errors.name = 'required';
  number('quota_year');
  if (input.type === 'webservice') {
    number('tid');
    if (!input.benid.trim()) errors.benid = 'required';
    if (!pinSet && !input.pin) errors.pin = 'required';
  }
  return errors;
}

/** A FON user: name, quota year, type; a web-service user also TID, user ID and PIN (an empty PIN keeps the current one). */
export const FonUserDialog = observer(function FonUserDialog({ store, user, onClose }: { store: FonStore; user: FonUser | null; onClose: () => void }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const errorText = useFonErrorText();
  const [input, setInput] = useState<FonUserInput>({
    name: user?.name ?? '',
    quota_year: String(user?.quota_year ?? store.taxYear),
    type: user?.type ?? 'webservice',
    tid: user?.tid ? String(user.tid) : '',
    benid: user?.benid ?? '',
    pin: '',
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const set = (key: keyof FonUserInput) => (value: string) => setInput({ ...input, [key]: value });
  const save = () => {
    const found = check(input, user?.pin_set ?? false);
    setErrors(found);
    if (Object.keys(found).length) return;
    store.admin.saveUser(user?.id ?? null, input).then(
      () => {
        ui.success(t('fon.admin.saved'));
        onClose();
      },
      (e: unknown) => {
        const known = fonErrorKey(e);
        if (known?.field && ['name', 'quota_year', 'tid', 'benid', 'pin'].includes(known.field)) setErrors({ [known.field]: known.key });
        else ui.error(errorText(e));
      },
    );
  };
  const field = (key: Field, label: string, options: { type?: string; numeric?: boolean; required?: boolean; hint?: string } = {}) => (
    <FormGroup
      label={label}
      labelFor={`fon-user-${key}`}
      labelInfo={options.required ? '*' : undefined}
      helperText={errors[key] ? t(`fon.errors.${errors[key]}`) : options.hint}
      intent={errors[key] ? 'danger' : 'none'}
    >
      <InputGroup
        id={`fon-user-${key}`}
        type={options.type ?? 'text'}
        value={input[key]}
        onValueChange={set(key)}
        intent={errors[key] ? 'danger' : 'none'}
        inputMode={options.numeric ? 'numeric' : undefined}
        autoComplete={options.type === 'password' ? 'new-password' : 'off'}
        data-testid={`fon-user-${key}`}
      />
    </FormGroup>
  );
  const webService = input.type === 'webservice';
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={user ? `${t('fon.admin.userTitle')}: ${user.name}` : t('fon.admin.newUser')}
      style={{ width: 'min(520px, 96vw)' }}
      data-testid="fon-user-dialog"
    >
      <DialogBody>
        {field('name', t('fon.admin.fields.name'), { required: true })}
        {field('quota_year', t('fon.admin.fields.quotaYear'), { numeric: true, required: true })}
        <FormGroup label={t('fon.admin.fields.type')} labelFor="fon-user-type">
          <HTMLSelect
            id="fon-user-type"
            fill
            value={input.type}
            onChange={(e) => setInput({ ...input, type: e.currentTarget.value as FonUserInput['type'] })}
            data-testid="fon-user-type"
          >
            {FON_USER_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`fon.admin.types.${type}`)}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
        {webService ? (
          <>
            {field('tid', t('fon.admin.fields.tid'), { numeric: true, required: true })}
            {field('benid', t('fon.admin.fields.benid'), { required: true })}
            {field('pin', t('fon.admin.fields.pin'), {
              type: 'password',
              required: !user?.pin_set,
              hint: user?.pin_set ? t('fon.admin.fields.pinHint') : t('fon.admin.fields.passwordHintNew'),
            })}
          </>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('fon.admin.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('fon.admin.save')} onClick={save} loading={store.busy} data-testid="fon-user-save" />
          </>
        }
      />
    </Dialog>
  );
});
