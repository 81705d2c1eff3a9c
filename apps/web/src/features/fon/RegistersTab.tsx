import { Button, NonIdealState, Tag } from '@blueprintjs/core';
import type { CashRegister } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, type DataColumn } from '../../components/layout';
import { formatDate, formatDateTime } from '../../i18n/format';
import { firmYearMonth } from '../../i18n/firm-calendar';
import type { FonStore } from './FonStore';
import { RegisterStateTag } from './fon-tags';
import { useFonErrorText } from './use-fon-error';

/** The RKSV checks of a register: an outage over 48 hours (report within a week), the annual receipt by 15 February. */
function Flags({ register, locale }: { register: CashRegister; locale: string }) {
  const { t } = useTranslation();
  const year = firmYearMonth().year - 1;
  const flags: ReactElement[] = [];
  if (register.outage_over_48h)
    flags.push(
      <Tag key="outage" intent="danger" minimal multiline>
        {t('fon.registers.outage', { date: formatDateTime(register.outage_report_due, locale) })}
      </Tag>,
    );
  if (register.annual_receipt_overdue)
    flags.push(
      <Tag key="overdue" intent="warning" multiline>
        {t('fon.registers.receiptOverdue', { year })}
      </Tag>,
    );
  else if (register.annual_receipt_due)
    flags.push(
      <Tag key="due" intent="warning" multiline>
        {t('fon.registers.receiptDue', { year })}
      </Tag>,
    );
  else if (register.annual_receipt_checked_year)
    flags.push(
      <span key="checked" className="portal-muted">
        {t('fon.registers.receiptChecked', { year: register.annual_receipt_checked_year })}
      </span>,
    );
  return <span className="portal-fon-flags">{flags.length ? flags : '–'}</span>;
}

/** Cash registers per client: regKassaId, state (spec's five), state time, registered date, the RKSV checks. */
export const RegistersTab = observer(function RegistersTab({ store }: { store: FonStore }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const errorText = useFonErrorText();
  const locale = ui.locale;
  const year = firmYearMonth().year - 1;
  const check = (r: CashRegister) =>
    store.registers.checkAnnualReceipt(r.id, year).then(
      () => ui.success(t('fon.registers.checked')),
      (e: unknown) => ui.error(errorText(e)),
    );
  const columns: DataColumn<CashRegister>[] = [
    { id: 'name', header: t('fon.registers.columns.name'), primary: true, render: (r) => r.name },
    { id: 'taxId', header: t('fon.registers.columns.taxId'), render: (r) => <span className="portal-num">{r.taxId}</span> },
    { id: 'regKassaId', header: t('fon.registers.columns.regKassaId'), render: (r) => <span className="portal-fon-nowrap">{r.regKassaId}</span> },
    { id: 'status', header: t('fon.registers.columns.status'), render: (r) => <RegisterStateTag state={r.status} /> },
    {
      id: 'statusTime',
      header: t('fon.registers.columns.statusTime'),
      render: (r) => <span className="portal-fon-nowrap">{formatDateTime(r.status_time, locale)}</span>,
    },
    { id: 'registered', header: t('fon.registers.columns.registered'), render: (r) => formatDate(r.registered_date, locale) },
    { id: 'flags', header: t('fon.registers.columns.flags'), render: (r) => <Flags register={r} locale={locale} /> },
    {
      id: 'actions',
      header: t('fon.registers.columns.actions'),
      render: (r) =>
        r.annual_receipt_due || r.annual_receipt_overdue ? (
          <Button small icon="tick" text={t('fon.registers.checkReceipt')} onClick={() => void check(r)} data-testid={`fon-receipt-${r.id}`} />
        ) : null,
    },
  ];
  return (
    <DataTable
      label={t('fon.registers.label')}
      rows={store.registers.list.items}
      rowKey={(r) => r.id}
      columns={columns}
      empty={<NonIdealState icon="shop" title={t('fon.registers.empty')} />}
      testId="fon-registers"
      rowTestId={(r) => `fon-register-${r.id}`}
    />
  );
});
