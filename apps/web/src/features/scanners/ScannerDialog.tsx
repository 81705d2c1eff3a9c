import { Button, Callout, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { FILING_CATEGORY_CODES, type FilingCategoryCode, type ScannerRecord, type ScannerSettingsData, type ScannerTarget } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import type { ScannersStore } from './ScannersStore';
import { useErrorText } from '../../i18n/use-error-text';

export interface ScannerDialogProps {
  store: ScannersStore;
  /** null: a new scanner. */
  scanner: ScannerRecord | null;
  onClose: () => void;
}

/** Create or edit a scanner: name, location, assigned users, the client its scans go to, where they are delivered. */
export const ScannerDialog = observer(function ScannerDialog({ store, scanner, onClose }: ScannerDialogProps) {
  const { company } = useStores();
  const { t } = useTranslation();
  const errorOf = useErrorText();
  const [data, setData] = useState<ScannerSettingsData>(() =>
    scanner
      ? {
          name: scanner.name,
          location: scanner.location,
          client_no: scanner.client_no,
          assigned_users: scanner.assigned_users,
          target: scanner.target,
          category: scanner.category,
        }
      : { name: '', location: '', client_no: company.client ?? company.sorted[0]?.company_no ?? 0, assigned_users: [], target: 'editor', category: 'ER_U' },
  );
  const set = (changes: Partial<ScannerSettingsData>) => setData((d) => ({ ...d, ...changes }));
  // The clients the assigned users work for (all, when nobody is assigned or someone has all clients).
  const clients = useMemo(() => {
    const assigned = store.users.filter((u) => data.assigned_users.includes(u.id));
    if (assigned.length === 0 || assigned.some((u) => u.all_clients)) return company.sorted;
    const allowed = new Set(assigned.flatMap((u) => u.klienten_array));
    return company.sorted.filter((c) => allowed.has(c.company_no));
  }, [store.users, data.assigned_users, company.sorted]);
  const clientNo = clients.some((c) => c.company_no === data.client_no) ? data.client_no : (clients[0]?.company_no ?? data.client_no);
  const submit = async () => {
    const payload = { ...data, client_no: clientNo };
    const done = scanner ? await store.change(scanner.id, payload) : await store.create(payload);
    if (done) onClose();
  };
  const toggleUser = (id: string) =>
    set({ assigned_users: data.assigned_users.includes(id) ? data.assigned_users.filter((u) => u !== id) : [...data.assigned_users, id] });
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={scanner ? t('scanners.form.editTitle', { name: scanner.name }) : t('scanners.form.createTitle')}
      icon="print"
      className="portal-scanner-dialog"
    >
      <DialogBody>
        <FormGroup label={t('scanners.form.name')} labelFor="scanner-name">
          <InputGroup id="scanner-name" value={data.name} onValueChange={(name) => set({ name })} autoFocus data-testid="scanner-name" />
        </FormGroup>
        <FormGroup label={t('scanners.form.location')} labelFor="scanner-location">
          <InputGroup id="scanner-location" value={data.location} onValueChange={(location) => set({ location })} data-testid="scanner-location" />
        </FormGroup>
        <FormGroup label={t('scanners.form.assigned')} helperText={t('scanners.form.assignedHint')}>
          <div className="portal-scanner-users" role="group" aria-label={t('scanners.form.assigned')} data-testid="scanner-users">
            {store.users.map((u) => (
              <Checkbox
                key={u.id}
                checked={data.assigned_users.includes(u.id)}
                onChange={() => toggleUser(u.id)}
                label={`${u.name} (${u.username})`}
                data-testid={`scanner-user-${u.username}`}
              />
            ))}
          </div>
        </FormGroup>
        <FormGroup label={t('scanners.form.client')} labelFor="scanner-client">
          <HTMLSelect
            id="scanner-client"
            value={clientNo}
            onChange={(e) => set({ client_no: Number(e.currentTarget.value) })}
            options={clients.map((c) => ({ value: c.company_no, label: `${c.company_no} ${c.company_name}` }))}
            fill
            data-testid="scanner-client"
          />
        </FormGroup>
        <RadioGroup label={t('scanners.form.target')} selectedValue={data.target} onChange={(e) => set({ target: e.currentTarget.value as ScannerTarget })}>
          <Radio value="editor" label={t('scanners.form.targetEditor')} />
          <Radio value="extraction" label={t('scanners.form.targetExtraction')} data-testid="scanner-target-extraction" />
        </RadioGroup>
        {data.target === 'extraction' ? (
          <FormGroup label={t('scanners.form.group')} labelFor="scanner-group">
            <HTMLSelect
              id="scanner-group"
              value={data.category}
              onChange={(e) => set({ category: e.currentTarget.value as FilingCategoryCode })}
              options={FILING_CATEGORY_CODES.map((c) => ({ value: c, label: t(`documents.tabs.${c}`) }))}
              fill
            />
          </FormGroup>
        ) : null}
        {store.failure ? (
          <Callout intent="danger" icon="error" className={Classes.TEXT_SMALL} data-testid="scanner-failure">
            {t('scanners.errors.createFailed', { message: errorOf(store.failure) })}
          </Callout>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button onClick={onClose}>{t('scanners.cancel')}</Button>
            <Button intent="primary" loading={store.busy} disabled={data.name.trim() === ''} onClick={() => void submit()} data-testid="scanner-save">
              {t(scanner ? 'scanners.form.save' : 'scanners.form.create')}
            </Button>
          </>
        }
      />
    </Dialog>
  );
});
