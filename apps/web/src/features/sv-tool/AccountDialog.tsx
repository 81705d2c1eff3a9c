import { Button, Checkbox, Classes, Dialog, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { SvAccount, SvAccountKind } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatDecimalInput } from '../../i18n/format';
import { parseNumber } from '../../components/booking-form/booking-values';
import type { SvAccountInput, SvToolStore } from './SvToolStore';

type Group = 'details' | 'sepa' | 'pension' | 'partner' | 'power_of_attorney';
/** The dialog's text fields: group, key on the wire, whether it is a date. */
const FIELDS: ReadonlyArray<{ group: Group; key: string; date?: boolean }> = [
  { group: 'details', key: 'responsible' },
  { group: 'details', key: 'ntcs_id' },
  { group: 'details', key: 'kanzlei_id' },
  { group: 'details', key: 'kassa_mandant' },
  { group: 'sepa', key: 'mandate_reference' },
  { group: 'sepa', key: 'creditor_id' },
  { group: 'sepa', key: 'debtor_name' },
  { group: 'sepa', key: 'debtor_iban' },
  { group: 'sepa', key: 'signature_date', date: true },
  { group: 'pension', key: 'insurance_number' },
  { group: 'pension', key: 'pension_type' },
  { group: 'pension', key: 'since', date: true },
  { group: 'partner', key: 'name' },
  { group: 'partner', key: 'insurance_number' },
  { group: 'partner', key: 'relation' },
  { group: 'power_of_attorney', key: 'holder' },
  { group: 'power_of_attorney', key: 'granted_on', date: true },
  { group: 'power_of_attorney', key: 'valid_until', date: true },
  { group: 'power_of_attorney', key: 'scope' },
];
const id = (group: Group, key: string) => `sv-acc-${group}-${key}`;

function initial(account: SvAccount | null): Record<string, string> {
  const values: Record<string, string> = {};
  const source: Record<Group, object | null> = {
    details: account,
    sepa: account?.sepa ?? null,
    pension: account?.pension ?? null,
    partner: account?.partner ?? null,
    power_of_attorney: account?.power_of_attorney ?? null,
  };
  for (const f of FIELDS) {
    const group = source[f.group];
    values[id(f.group, f.key)] = String((group ? (Reflect.get(group, f.key) as unknown) : null) ?? '');
  }
  return values;
}

/** Opens an account (client and account number) or edits one: responsible, NTCS person, firm, insurer, agreed rate, SEPA mandate, pension, partner, power of attorney. */
export const AccountDialog = observer(function AccountDialog({
  store,
  account,
  onClose,
}: {
  store: SvToolStore;
  account: SvAccount | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { ui, company } = useStores();
  const [values, setValues] = useState(() => initial(account));
  const [companyNo, setCompanyNo] = useState(String(company.sorted[0]?.company_no ?? ''));
  const [kontonr, setKontonr] = useState('');
  const [kind, setKind] = useState<SvAccountKind>(account?.kind ?? 'OEGK');
  const [hasSepa, setHasSepa] = useState(Boolean(account?.sepa));
  const [scheme, setScheme] = useState(account?.sepa?.scheme ?? 'CORE');
  const [sequence, setSequence] = useState(account?.sepa?.sequence ?? 'RCUR');
  const [rate, setRate] = useState(
    account?.verzugszinsatz_pro_jahr === null || account === null ? '' : formatDecimalInput(account.verzugszinsatz_pro_jahr, ui.locale, 2),
  );
  const v = (group: Group, key: string) => values[id(group, key)].trim();
  const orNull = (group: Group, key: string) => v(group, key) || null;
  const rateValue = parseNumber(rate);
  const sepaComplete = ['mandate_reference', 'creditor_id', 'debtor_name', 'debtor_iban', 'signature_date'].every((k) => v('sepa', k) !== '');
  const valid = (account !== null || (/^\d{1,12}$/.test(kontonr) && companyNo !== '')) && rateValue !== undefined && (!hasSepa || sepaComplete);
  const save = () => {
    const input: SvAccountInput = {
      kind,
      responsible: orNull('details', 'responsible'),
      ntcs_id: orNull('details', 'ntcs_id'),
      kanzlei_id: orNull('details', 'kanzlei_id'),
      kassa_mandant: orNull('details', 'kassa_mandant'),
      verzugszinsatz_pro_jahr: rateValue ?? null,
      sepa: hasSepa
        ? {
            mandate_reference: v('sepa', 'mandate_reference'),
            scheme,
            sequence,
            creditor_id: v('sepa', 'creditor_id').toUpperCase(),
            debtor_name: v('sepa', 'debtor_name'),
            debtor_iban: v('sepa', 'debtor_iban'),
            signature_date: v('sepa', 'signature_date'),
          }
        : null,
      pension: { insurance_number: orNull('pension', 'insurance_number'), pension_type: orNull('pension', 'pension_type'), since: orNull('pension', 'since') },
      partner: { name: orNull('partner', 'name'), insurance_number: orNull('partner', 'insurance_number'), relation: orNull('partner', 'relation') },
      power_of_attorney: {
        holder: orNull('power_of_attorney', 'holder'),
        granted_on: orNull('power_of_attorney', 'granted_on'),
        valid_until: orNull('power_of_attorney', 'valid_until'),
        scope: orNull('power_of_attorney', 'scope'),
      },
    };
    store.saveAccount(input, account ? undefined : { company_no: Number(companyNo), kontonr }).then(
      () => {
        ui.success(t('sv-tool.account.saved'));
        onClose();
      },
      (e: unknown) => ui.error(e),
    );
  };
  const field = (group: Group, key: string, date?: boolean) => (
    <FormGroup key={id(group, key)} label={t(`sv-tool.account.fields.${group}.${key}`)} labelFor={id(group, key)}>
      <InputGroup
        id={id(group, key)}
        type={date ? 'date' : 'text'}
        value={values[id(group, key)]}
        onValueChange={(x) => setValues({ ...values, [id(group, key)]: x })}
        data-testid={id(group, key)}
      />
    </FormGroup>
  );
  const section = (group: Group) => (
    <fieldset className="portal-sv-fieldset" key={group}>
      <legend className={Classes.LABEL}>{t(`sv-tool.account.groups.${group}`)}</legend>
      <div className="portal-sv-dialog-grid">{FIELDS.filter((f) => f.group === group).map((f) => field(f.group, f.key, f.date))}</div>
    </fieldset>
  );
  return (
    <Dialog
      isOpen
      onClose={onClose}
      title={account ? t('sv-tool.account.editTitle', { account: account.kontonr }) : t('sv-tool.account.newTitle')}
      style={{ width: 'min(760px, 96vw)' }}
      data-testid="sv-account-dialog"
    >
      <DialogBody>
        {account ? null : (
          <div className="portal-sv-dialog-grid">
            <FormGroup label={t('sv-tool.account.client')} labelFor="sv-acc-client">
              <HTMLSelect id="sv-acc-client" fill value={companyNo} onChange={(e) => setCompanyNo(e.currentTarget.value)} data-testid="sv-acc-client">
                {company.sorted.map((c) => (
                  <option key={c.company_no} value={c.company_no}>{`${c.company_no} ${c.company_name}`}</option>
                ))}
              </HTMLSelect>
            </FormGroup>
            <FormGroup label={t('sv-tool.account.kontonr')} labelFor="sv-acc-kontonr">
              <InputGroup id="sv-acc-kontonr" inputMode="numeric" value={kontonr} onValueChange={setKontonr} data-testid="sv-acc-kontonr" />
            </FormGroup>
          </div>
        )}
        <div className="portal-sv-dialog-grid">
          <FormGroup label={t('sv-tool.details.kind')} labelFor="sv-acc-kind">
            <HTMLSelect
              id="sv-acc-kind"
              fill
              value={kind}
              onChange={(e) => setKind(e.currentTarget.value as SvAccountKind)}
              options={[
                { value: 'OEGK', label: t('sv-tool.kinds.OEGK') },
                { value: 'SVS', label: t('sv-tool.kinds.SVS') },
              ]}
              data-testid="sv-acc-kind"
            />
          </FormGroup>
          {FIELDS.filter((f) => f.group === 'details').map((f) => field(f.group, f.key))}
          <FormGroup
            label={t('sv-tool.account.rate')}
            labelFor="sv-acc-rate"
            helperText={rateValue === undefined ? t('sv-tool.account.rateInvalid') : t('sv-tool.account.rateHelp')}
            intent={rateValue === undefined ? 'danger' : 'none'}
          >
            <InputGroup id="sv-acc-rate" inputMode="decimal" value={rate} onValueChange={setRate} data-testid="sv-acc-rate" />
          </FormGroup>
        </div>
        <fieldset className="portal-sv-fieldset">
          <legend className={Classes.LABEL}>{t('sv-tool.account.groups.sepa')}</legend>
          <Checkbox
            checked={hasSepa}
            onChange={(e) => setHasSepa(e.currentTarget.checked)}
            label={t('sv-tool.account.hasSepa')}
            data-testid="sv-acc-has-sepa"
          />
          {hasSepa ? (
            <div className="portal-sv-dialog-grid">
              {FIELDS.filter((f) => f.group === 'sepa').map((f) => field(f.group, f.key, f.date))}
              <FormGroup label={t('sv-tool.sepa.scheme')} labelFor="sv-acc-scheme">
                <HTMLSelect
                  id="sv-acc-scheme"
                  fill
                  value={scheme}
                  onChange={(e) => setScheme(e.currentTarget.value as 'CORE' | 'B2B')}
                  options={[
                    { value: 'CORE', label: t('sv-tool.account.core') },
                    { value: 'B2B', label: 'B2B' },
                  ]}
                />
              </FormGroup>
              <FormGroup label={t('sv-tool.sepa.sequence')} labelFor="sv-acc-sequence">
                <HTMLSelect
                  id="sv-acc-sequence"
                  fill
                  value={sequence}
                  onChange={(e) => setSequence(e.currentTarget.value as 'RCUR' | 'OOFF')}
                  options={[
                    { value: 'RCUR', label: t('sv-tool.account.recurrent') },
                    { value: 'OOFF', label: t('sv-tool.account.oneOff') },
                  ]}
                />
              </FormGroup>
            </div>
          ) : null}
        </fieldset>
        {section('pension')}
        {section('partner')}
        {section('power_of_attorney')}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text={t('sv-tool.cancel')} onClick={onClose} />
            <Button intent="primary" text={t('sv-tool.account.save')} disabled={!valid} loading={store.busy} onClick={save} data-testid="sv-acc-save" />
          </>
        }
      />
    </Dialog>
  );
});
