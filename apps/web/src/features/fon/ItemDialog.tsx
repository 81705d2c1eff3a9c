import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, TextArea } from '@blueprintjs/core';
import type { FonQuotaItem } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDate } from '../../i18n/format';
import type { FonStore } from './FonStore';
import { ItemStateTag } from './fon-tags';
import { useFonErrorText } from './use-fon-error';

/** One return: its columns, and taking it off the quota (not relevant) with a remark, or back on. */
export const ItemDialog = observer(function ItemDialog({ store, item, onClose }: { store: FonStore; item: FonQuotaItem; onClose: () => void }) {
  const { t } = useTranslation();
  const { ui, company } = useStores();
  const errorText = useFonErrorText();
  const [notRelevant, setNotRelevant] = useState(item.status === 'not_relevant');
  const [remark, setRemark] = useState(item.not_relevant_remark ?? '');
  const [error, setError] = useState<string | null>(null);
  const locale = ui.locale;
  const save = () => {
    if (notRelevant && !remark.trim()) return setError(t('fon.errors.required'));
    store.items.setRelevance(item.id, notRelevant, notRelevant ? remark.trim() : null).then(
      () => {
        ui.success(t('fon.items.saved'));
        onClose();
      },
      (e: unknown) => setError(errorText(e)),
    );
  };
  const row = (label: string, value: string) => (
    <div className="portal-fon-dl-row">
      <dt className={Classes.TEXT_MUTED}>{label}</dt>
      <dd>{value || '–'}</dd>
    </div>
  );
  return (
    <Dialog isOpen onClose={onClose} title={t('fon.items.detail', { name: item.name })} style={{ width: 'min(560px, 96vw)' }} data-testid="fon-item-dialog">
      <DialogBody>
        <p>
          <ItemStateTag state={item.status} />
        </p>
        <dl className="portal-fon-dl">
          {row(t('fon.columns.taxId'), item.taxId)}
          {row(
            t('fon.columns.quotenArt'),
            `${t(`fon.returnTypes.${item.quotenArt}`)}${item.business_income ? `, ${t('fon.items.businessIncome')}` : ''}${item.registered ? '' : `, ${t('fon.items.notRegistered')}`}`,
          )}
          {row(t('fon.columns.ntcsPersNr'), item.ntcsPersNr ?? '')}
          {row(t('fon.columns.abgabedatum'), formatDate(item.abgabedatum, locale))}
          {row(t('fon.columns.eingangsDatum'), formatDate(item.eingangsDatum, locale))}
          {item.registered_late_on
            ? row(t('fon.items.registeredLate'), t('fon.items.registeredLateValue', { date: formatDate(item.registered_late_on, locale) }))
            : null}
          {row(t('fon.columns.zustMa'), item.zustMa ?? '')}
          {item.client_no !== null ? row(t('fon.items.client'), `${item.client_no} ${company.companies.get(item.client_no)?.company_name ?? ''}`.trim()) : null}
        </dl>
        <Checkbox
          checked={notRelevant}
          onChange={(e) => setNotRelevant(e.currentTarget.checked)}
          label={t('fon.items.notRelevant')}
          data-testid="fon-item-not-relevant"
        />
        <FormGroup
          label={t('fon.items.remark')}
          labelFor="fon-item-remark"
          helperText={error ?? t('fon.items.notRelevantHint')}
          intent={error ? 'danger' : 'none'}
        >
          <TextArea
            id="fon-item-remark"
            fill
            value={remark}
            onChange={(e) => setRemark(e.currentTarget.value)}
            disabled={!notRelevant}
            intent={error ? 'danger' : 'none'}
            data-testid="fon-item-remark"
          />
        </FormGroup>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('fon.admin.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('fon.items.save')} onClick={save} loading={store.busy} data-testid="fon-item-save" />
          </>
        }
      />
    </Dialog>
  );
});
