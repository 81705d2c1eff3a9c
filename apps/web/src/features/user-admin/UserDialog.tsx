import {
  Alert,
  Button,
  Callout,
  Checkbox,
  Classes,
  Code,
  Dialog,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Radio,
  RadioGroup,
  Switch,
} from '@blueprintjs/core';
import { ALL_PERMISSIONS, LOCALES, type IdpUser, type IdpUserPatch, type Locale, type Permission } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDateTime } from '../../i18n/format';
import type { UserAdminStore } from './UserAdminStore';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface Form {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  telNr: string;
  locale: Locale;
  password: string;
  passwordRepeat: string;
  permissions: Permission[];
  all_clients: boolean;
  klienten: number[];
  excluded: number[];
  mobileApp: boolean;
  enabled: boolean;
  secondFactorRequired: boolean;
}

const formOf = (u: IdpUser | null): Form => ({
  username: u?.username ?? '',
  firstName: u?.firstName ?? '',
  lastName: u?.lastName ?? '',
  email: u?.email ?? '',
  telNr: u?.telNr ?? '',
  locale: u?.locale ?? 'de',
  password: '',
  passwordRepeat: '',
  permissions: u?.permissions ?? [],
  all_clients: u?.all_clients ?? false,
  klienten: u?.klienten ?? [],
  excluded: u?.excluded ?? [],
  mobileApp: u?.mobileApp ?? false,
  enabled: u?.enabled ?? true,
  secondFactorRequired: u?.secondFactorRequired ?? false,
});

const same = <T,>(a: readonly T[], b: readonly T[]) => a.length === b.length && [...a].sort().every((v, i) => v === [...b].sort()[i]);
const toggled = <T,>(list: readonly T[], value: T, on: boolean) => (on ? [...list.filter((v) => v !== value), value] : list.filter((v) => v !== value));

/** Only what the form changed, so a save records just those changes. */
function patchOf(user: IdpUser, f: Form): IdpUserPatch {
  const patch: IdpUserPatch = {};
  if (f.firstName !== user.firstName) patch.firstName = f.firstName;
  if (f.lastName !== user.lastName) patch.lastName = f.lastName;
  if (f.telNr !== user.telNr) patch.telNr = f.telNr;
  if (f.email.trim() !== user.email) patch.email = f.email.trim();
  if (f.locale !== user.locale) patch.locale = f.locale;
  if (!same(f.permissions, user.permissions)) patch.permissions = f.permissions;
  if (f.all_clients !== user.all_clients || !same(f.klienten, user.klienten) || !same(f.excluded, user.excluded)) {
    Object.assign(patch, { all_clients: f.all_clients, klienten: f.all_clients ? [] : f.klienten, excluded: f.all_clients ? f.excluded : [] });
  }
  if (f.mobileApp !== user.mobileApp) patch.mobileApp = f.mobileApp;
  if (f.enabled !== user.enabled) patch.enabled = f.enabled;
  if (f.secondFactorRequired !== user.secondFactorRequired) patch.secondFactorRequired = f.secondFactorRequired;
  return patch;
}

/** Creating or editing one user: details, permission codes, client assignment, status, password reset, delete. */
export const UserDialog = observer(function UserDialog({ store, user, onClose }: { store: UserAdminStore; user: IdpUser | null; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const { ui, company } = useStores();
  const [form, setForm] = useState<Form>(() => formOf(user));
  const [touched, setTouched] = useState(false);
  const [oneTime, setOneTime] = useState<{ username: string; password: string } | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const readOnly = user !== null && user.editable === false;
  const errors = {
    username: form.username.trim() === '' ? t('userAdmin.usernameEmpty') : null,
    email: !EMAIL.test(form.email.trim()) ? t('userAdmin.emailInvalid') : null,
    password: form.password !== form.passwordRepeat ? t('userAdmin.passwordsMustMatch') : null,
  };
  const invalid = Boolean(errors.username || errors.email || (user === null && errors.password));
  const shown = (error: string | null) => (touched ? error : null);
  const clientNumbers = [...new Set([...company.sorted.map((c) => c.company_no), ...form.klienten, ...form.excluded])].sort((a, b) => a - b);
  const clientName = (no: number) => company.companies.get(no)?.company_name ?? '';
  const failed = (prefix: string) => (e: unknown) => ui.notify(`${prefix}: ${ui.errorText(e)}`, 'error');

  const save = async () => {
    setTouched(true);
    if (invalid) return;
    if (user === null) {
      const { enabled: _enabled, ...data } = form;
      await store
        .create({
          ...data,
          username: data.username.trim(),
          email: data.email.trim(),
          klienten: form.all_clients ? [] : form.klienten,
          excluded: form.all_clients ? form.excluded : [],
        })
        .then(
          (created) => {
            ui.success(t('userAdmin.created', { username: created.username }));
            if (created.oneTimePassword) setOneTime({ username: created.username, password: created.oneTimePassword });
            else onClose();
          },
          failed(t('userAdmin.createUpdateFailed')),
        );
      return;
    }
    const patch = patchOf(user, form);
    if (Object.keys(patch).length === 0) return onClose();
    await store.update(user.id, patch).then(
      () => {
        ui.success(t('userAdmin.saved', { username: user.username }));
        onClose();
      },
      failed(t('userAdmin.saveFailed')),
    );
  };
  const resetPassword = () =>
    user &&
    store
      .update(user.id, { resetPassword: true })
      .then((u) => u.oneTimePassword && setOneTime({ username: u.username, password: u.oneTimePassword }), failed(t('userAdmin.saveFailed')));
  const remove = () =>
    user &&
    store.remove(user.id).then(
      () => {
        ui.success(t('userAdmin.deleted', { username: user.username }));
        onClose();
      },
      failed(t('userAdmin.deleteFailed')),
    );

  if (oneTime) {
    return (
      <Dialog isOpen onClose={onClose} title={t('userAdmin.oneTimeTitle')} className="portal-user-one-time">
        <DialogBody>
          <p>{t('userAdmin.oneTimeText', { username: oneTime.username })}</p>
          <Code className="portal-one-time" data-testid="user-one-time-password">
            {oneTime.password}
          </Code>
        </DialogBody>
        <DialogFooter actions={<Button intent="primary" text={t('userAdmin.close')} onClick={onClose} />} />
      </Dialog>
    );
  }

  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={user ? t('userAdmin.editTitle', { username: user.username }) : t('userAdmin.createTitle')}
      className="portal-user-dialog portal-user-edit"
    >
      <DialogBody>
        {readOnly ? (
          <Callout intent="warning" className="portal-user-note">
            {t('userAdmin.readOnly')}
          </Callout>
        ) : null}
        {user ? (
          <p className={Classes.TEXT_MUTED}>
            {t('userAdmin.loginInfo', {
              lastLogin: user.lastLogin ? formatDateTime(user.lastLogin, i18n.language) : t('userAdmin.never'),
              failed: user.failedLogins,
            })}{' '}
            · {user.totp ? t('userAdmin.totpOn') : t('userAdmin.totpOff')}
          </p>
        ) : null}
        <fieldset disabled={readOnly} className="portal-fieldset">
          <div className="portal-user-grid">
            <FormGroup
              label={t('userAdmin.username')}
              labelFor="user-username"
              intent={shown(errors.username) ? 'danger' : 'none'}
              helperText={shown(errors.username)}
            >
              <InputGroup
                id="user-username"
                value={form.username}
                readOnly={user !== null}
                onValueChange={(v) => set('username', v)}
                intent={shown(errors.username) ? 'danger' : 'none'}
                autoComplete="off"
                data-testid="user-username"
              />
            </FormGroup>
            <FormGroup label={t('userAdmin.email')} labelFor="user-email" intent={shown(errors.email) ? 'danger' : 'none'} helperText={shown(errors.email)}>
              <InputGroup
                id="user-email"
                type="email"
                value={form.email}
                onValueChange={(v) => set('email', v)}
                intent={shown(errors.email) ? 'danger' : 'none'}
                data-testid="user-email"
              />
            </FormGroup>
            <FormGroup label={t('userAdmin.firstName')} labelFor="user-first">
              <InputGroup id="user-first" value={form.firstName} onValueChange={(v) => set('firstName', v)} data-testid="user-first" />
            </FormGroup>
            <FormGroup label={t('userAdmin.lastName')} labelFor="user-last">
              <InputGroup id="user-last" value={form.lastName} onValueChange={(v) => set('lastName', v)} data-testid="user-last" />
            </FormGroup>
            <FormGroup label={t('userAdmin.telNr')} labelFor="user-tel">
              <InputGroup id="user-tel" type="tel" value={form.telNr} onValueChange={(v) => set('telNr', v)} data-testid="user-tel" />
            </FormGroup>
            <FormGroup label={t('userAdmin.language')} labelFor="user-locale">
              <HTMLSelect id="user-locale" fill value={form.locale} onChange={(e) => set('locale', e.currentTarget.value as Locale)}>
                {LOCALES.map((l) => (
                  <option key={l} value={l}>
                    {l === 'de' ? 'Deutsch' : 'English'}
                  </option>
                ))}
              </HTMLSelect>
            </FormGroup>
            {user === null ? (
              <>
                <FormGroup label={t('userAdmin.password')} labelFor="user-password" helperText={t('userAdmin.passwordHint')}>
                  <InputGroup
                    id="user-password"
                    type="password"
                    autoComplete="new-password"
                    value={form.password}
                    onValueChange={(v) => set('password', v)}
                    data-testid="user-password"
                  />
                </FormGroup>
                <FormGroup
                  label={t('userAdmin.passwordRepeat')}
                  labelFor="user-password-repeat"
                  intent={shown(errors.password) ? 'danger' : 'none'}
                  helperText={shown(errors.password)}
                >
                  <InputGroup
                    id="user-password-repeat"
                    type="password"
                    autoComplete="new-password"
                    value={form.passwordRepeat}
                    onValueChange={(v) => set('passwordRepeat', v)}
                    intent={shown(errors.password) ? 'danger' : 'none'}
                    data-testid="user-password-repeat"
                  />
                </FormGroup>
              </>
            ) : null}
          </div>
          <fieldset className="portal-fieldset">
            <legend className={Classes.LABEL}>{t('userAdmin.permissions')}</legend>
            <div className="portal-check-grid" data-testid="user-permissions">
              {ALL_PERMISSIONS.map((p) => (
                <Checkbox
                  key={p}
                  checked={form.permissions.includes(p)}
                  onChange={(e) => set('permissions', toggled(form.permissions, p, e.currentTarget.checked))}
                  data-testid={`user-perm-${p}`}
                >
                  <Code>{p}</Code> {t(`userAdmin.perm.${p}`)}
                </Checkbox>
              ))}
            </div>
          </fieldset>
          <RadioGroup
            label={t('userAdmin.clientMode')}
            inline
            selectedValue={form.all_clients ? 'all' : 'assigned'}
            onChange={(e) => set('all_clients', e.currentTarget.value === 'all')}
          >
            <Radio value="assigned" label={t('userAdmin.assigned')} data-testid="user-clients-assigned" />
            <Radio value="all" label={t('userAdmin.allClientsMode')} data-testid="user-clients-all" />
          </RadioGroup>
          <fieldset className="portal-fieldset">
            <legend className={Classes.LABEL}>{form.all_clients ? t('userAdmin.excluded') : t('userAdmin.assigned')}</legend>
            <div className="portal-check-grid" data-testid="user-clients">
              {clientNumbers.map((no) => {
                const key = form.all_clients ? 'excluded' : 'klienten';
                return (
                  <Checkbox
                    key={no}
                    checked={form[key].includes(no)}
                    onChange={(e) => set(key, toggled(form[key], no, e.currentTarget.checked))}
                    data-testid={`user-client-${no}`}
                  >
                    {no} {clientName(no)}
                  </Checkbox>
                );
              })}
            </div>
          </fieldset>
          <Switch
            checked={form.mobileApp}
            label={t('userAdmin.mobileAppLabel')}
            onChange={(e) => set('mobileApp', e.currentTarget.checked)}
            data-testid="user-mobile"
          />
          <Switch
            checked={form.secondFactorRequired}
            label={t('userAdmin.secondFactorRequired')}
            onChange={(e) => set('secondFactorRequired', e.currentTarget.checked)}
          />
          {user ? (
            <Switch
              checked={form.enabled}
              label={t('userAdmin.enabledLabel')}
              onChange={(e) => set('enabled', e.currentTarget.checked)}
              data-testid="user-enabled"
            />
          ) : null}
        </fieldset>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            {user && !readOnly ? (
              <>
                <Button icon="trash" intent="danger" minimal text={t('userAdmin.delete')} onClick={() => setConfirmDelete(true)} data-testid="user-delete" />
                <Button icon="key" text={t('userAdmin.resetPassword')} onClick={() => void resetPassword()} data-testid="user-reset-password" />
              </>
            ) : null}
            <Button text={t('userAdmin.cancel')} onClick={onClose} />
            {!readOnly ? (
              <Button
                intent="primary"
                text={user ? t('userAdmin.save') : t('userAdmin.create')}
                loading={store.saving}
                onClick={() => void save()}
                data-testid="user-save"
              />
            ) : null}
          </>
        }
      />
      <Alert
        isOpen={confirmDelete}
        intent="danger"
        icon="trash"
        confirmButtonText={t('userAdmin.delete')}
        cancelButtonText={t('userAdmin.cancel')}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => {
          setConfirmDelete(false);
          void remove();
        }}
      >
        {user ? t('userAdmin.deleteConfirm', { username: user.username }) : null}
      </Alert>
    </Dialog>
  );
});
