import { importErrorText } from './import-error-text';
import { Button, Callout, Card, Classes, FormGroup, H4, H5, HTMLTable, InputGroup, NonIdealState, Tag } from '@blueprintjs/core';
import type { SvAccountDetail as Detail, SvPeriodFigures, SvTransaction } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useRef, useState } from 'react';
import { AccountDialog } from './AccountDialog';
import { BalanceChart } from './BalanceChart';
import { CorrectionDialog } from './CorrectionDialog';
import { StatementDialog } from './StatementDialog';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { DataTable, ResponsiveBar } from '../../components/layout';
import { formatAmount, formatDate, formatDateTime, formatPercent, formatYearMonth } from '../../i18n/format';
import { firmToday } from '../../i18n/firm-calendar';
import { parseNumber } from '../../components/booking-form/booking-values';
import type { SvToolStore } from './SvToolStore';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';

const eur = (v: number, locale: string) => formatAmount(v, 'EUR', locale);
const joined = (parts: ReadonlyArray<string | null | undefined | false>) => parts.filter(Boolean).join(' · ') || '—';

function Figures({ detail, locale }: { detail: Detail; locale: string }) {
  const { t } = useTranslation();
  const credit = detail.saldo < 0;
  return (
    <div className="portal-sv-figures" data-testid="sv-figures">
      <Card compact>
        <div className={Classes.TEXT_MUTED}>{credit ? t('sv-tool.figures.credit') : t('sv-tool.figures.balance')}</div>
        <div className="portal-sv-figure" data-testid="sv-balance">
          {eur(Math.abs(detail.saldo), locale)}
        </div>
      </Card>
      <Card compact>
        <div className={Classes.TEXT_MUTED}>{t('sv-tool.figures.arrears')}</div>
        <div className="portal-sv-figure" data-testid="sv-arrears">
          {eur(detail.arrears, locale)}
        </div>
      </Card>
      <Card compact>
        <div className={Classes.TEXT_MUTED}>{t('sv-tool.figures.interest')}</div>
        <div className="portal-sv-figure" data-testid="sv-interest">
          {eur(detail.interest_to_date, locale)}
        </div>
      </Card>
      <Card compact>
        <div className={Classes.TEXT_MUTED}>{t('sv-tool.figures.toPay')}</div>
        <div className="portal-sv-figure" data-testid="sv-to-pay">
          {eur(detail.to_pay_today, locale)}
        </div>
        <div className={`${Classes.TEXT_MUTED} ${Classes.TEXT_SMALL}`}>{t('sv-tool.figures.asOf', { date: formatDate(detail.as_of, locale) })}</div>
      </Card>
    </div>
  );
}

/** The booking states in the order they happened (MA → EX, RV, I), from the bookings that carry one. */
function StateTimeline({ transactions, locale }: { transactions: readonly SvTransaction[]; locale: string }) {
  const { t } = useTranslation();
  const steps = transactions
    .filter((x) => x.buchungszustand)
    .sort((a, b) => (a.buchungsDatum < b.buchungsDatum ? -1 : a.buchungsDatum > b.buchungsDatum ? 1 : 0));
  if (steps.length === 0) return null;
  return (
    <Card compact data-testid="sv-state-timeline">
      <H5>{t('sv-tool.timeline.title')}</H5>
      <ol className="portal-sv-timeline">
        {steps.map((x) => (
          <li key={x.id}>
            {formatDate(x.buchungsDatum, locale)} ·{' '}
            <Tag minimal intent="warning">
              {t(`sv-tool.states.${x.buchungszustand}`)}
            </Tag>{' '}
            · {x.buchungstext}
          </li>
        ))}
      </ol>
    </Card>
  );
}

const PaymentForm = observer(function PaymentForm({ store }: { store: SvToolStore }) {
  const { ui } = useStores();
  const { t } = useTranslation();
  const [date, setDate] = useState(firmToday);
  const [amount, setAmount] = useState('');
  const [period, setPeriod] = useState('');
  const value = parseNumber(amount);
  const valid = typeof value === 'number' && value > 0 && /^\d{4}-\d{2}-\d{2}$/.test(date) && (period === '' || /^\d{4}-(0[1-9]|1[0-2])$/.test(period));
  const submit = async () => {
    try {
      await store.recordPayment(date, value as number, period || null, t('sv-tool.payment.defaultText'));
      setAmount('');
      ui.success(t('sv-tool.payment.done'));
    } catch (e) {
      ui.error(e);
    }
  };
  return (
    <Card compact>
      <H5>{t('sv-tool.payment.title')}</H5>
      <ResponsiveBar>
        <FormGroup label={t('sv-tool.payment.date')} labelFor="sv-pay-date">
          <LocaleDateInput id="sv-pay-date" value={date} onChange={setDate} data-testid="sv-pay-date" />
        </FormGroup>
        <FormGroup label={t('sv-tool.payment.amount')} labelFor="sv-pay-amount">
          <InputGroup id="sv-pay-amount" inputMode="decimal" value={amount} onValueChange={setAmount} data-testid="sv-pay-amount" />
        </FormGroup>
        <FormGroup label={t('sv-tool.payment.period')} labelFor="sv-pay-period">
          <InputGroup id="sv-pay-period" value={period} onValueChange={setPeriod} placeholder="2025-03" data-testid="sv-pay-period" />
        </FormGroup>
        <Button
          intent="primary"
          icon="euro"
          disabled={!valid}
          loading={store.busy}
          onClick={() => void submit()}
          data-testid="sv-pay-submit"
          text={t('sv-tool.payment.submit')}
        />
      </ResponsiveBar>
    </Card>
  );
});

/** One account: figures, warnings, import, payment, periods, bookings, SEPA mandate and the other spec fields. */
export const SvAccountDetail = observer(function SvAccountDetail({ store }: { store: SvToolStore }) {
  const { ui, company } = useStores();
  const { t } = useTranslation();
  const locale = ui.locale;
  const file = useRef<HTMLInputElement>(null);
  const [dialog, setDialog] = useState<'edit' | 'statement' | null>(null);
  const [correcting, setCorrecting] = useState<SvTransaction | null>(null);
  const detail = store.detail;
  if (!detail) return <NonIdealState icon="euro" title={t('sv-tool.select')} />;
  const onFile = async (f: File | undefined) => {
    if (!f) return;
    try {
      const result = await store.importStatement(f);
      if (result) ui.success(t('sv-tool.import.result', { imported: result.imported, skipped: result.skipped }));
    } catch (e) {
      ui.error(e);
    }
  };
  const periodCols = [
    { id: 'period', header: t('sv-tool.periods.period'), primary: true, render: (p: SvPeriodFigures) => formatYearMonth(p.period, locale) },
    { id: 'due', header: t('sv-tool.periods.due'), render: (p: SvPeriodFigures) => formatDate(p.dueDate, locale) },
    { id: 'charged', header: t('sv-tool.periods.charged'), numeric: true, render: (p: SvPeriodFigures) => eur(p.charged, locale) },
    { id: 'paid', header: t('sv-tool.periods.paid'), numeric: true, render: (p: SvPeriodFigures) => eur(p.paid, locale) },
    { id: 'open', header: t('sv-tool.periods.open'), numeric: true, render: (p: SvPeriodFigures) => eur(p.open, locale) },
    { id: 'days', header: t('sv-tool.periods.days'), numeric: true, render: (p: SvPeriodFigures) => (p.daysOverdue ? String(p.daysOverdue) : '') },
    { id: 'interest', header: t('sv-tool.periods.interest'), numeric: true, render: (p: SvPeriodFigures) => eur(p.interest, locale) },
  ];
  const txCols = [
    { id: 'date', header: t('sv-tool.transactions.date'), render: (x: SvTransaction) => formatDate(x.buchungsDatum, locale) },
    {
      id: 'text',
      header: t('sv-tool.transactions.text'),
      primary: true,
      render: (x: SvTransaction) =>
        x.corrected ? `${x.buchungstext} (${t('sv-tool.transactions.corrected', { reason: x.correction_reason })})` : x.buchungstext,
    },
    { id: 'period', header: t('sv-tool.transactions.period'), render: (x: SvTransaction) => formatYearMonth(x.beitragszeitraum, locale) },
    { id: 'debit', header: t('sv-tool.transactions.debit'), numeric: true, render: (x: SvTransaction) => (x.soll ? eur(x.soll, locale) : '') },
    { id: 'credit', header: t('sv-tool.transactions.credit'), numeric: true, render: (x: SvTransaction) => (x.haben ? eur(x.haben, locale) : '') },
    { id: 'state', header: t('sv-tool.transactions.state'), render: (x: SvTransaction) => (x.buchungszustand ? <Tag minimal>{x.buchungszustand}</Tag> : '') },
    {
      id: 'source',
      header: t('sv-tool.transactions.source'),
      render: (x: SvTransaction) => <span title={formatDateTime(x.recorded_at, locale)}>{t(`sv-tool.transactions.${x.source}`)}</span>,
    },
    {
      id: 'correct',
      header: <span className={Classes.TEXT_MUTED}>{t('sv-tool.correction.column')}</span>,
      render: (x: SvTransaction) => (
        <Button
          small
          minimal
          icon="edit"
          aria-label={t('sv-tool.correction.button', { text: x.buchungstext, date: formatDate(x.buchungsDatum, locale) })}
          title={t('sv-tool.correction.title')}
          onClick={() => setCorrecting(x)}
          data-testid={`sv-correct-${x.id}`}
        />
      ),
    },
  ];
  const clientName = company.sorted.find((c) => c.company_no === detail.company_no)?.company_name ?? '';
  return (
    <div className="portal-sv-detail" data-testid="sv-detail" data-account={detail.id}>
      <H4>
        {detail.kontonr} · {detail.company_no} {clientName} {detail.state ? <Tag intent="warning">{t(`sv-tool.states.${detail.state}`)}</Tag> : null}
      </H4>
      <Figures detail={detail} locale={locale} />
      {detail.warnings.map((w) => (
        <Callout
          key={`${w.kind}-${w.date}`}
          intent={w.kind === 'missing-rate' ? 'primary' : 'warning'}
          compact
          icon="warning-sign"
          data-testid={`sv-warning-${w.kind}`}
        >
          {t(`sv-tool.warnings.${w.kind}`, { date: formatDate(w.date, locale), year: w.date?.slice(0, 4) })}
        </Callout>
      ))}
      <ResponsiveBar>
        <Button icon="import" loading={store.busy} onClick={() => file.current?.click()} data-testid="sv-import" text={t('sv-tool.import.button')} />
        <Button icon="document" onClick={() => setDialog('statement')} data-testid="sv-statement" text={t('sv-tool.statement.button')} />
        <Button icon="edit" onClick={() => setDialog('edit')} data-testid="sv-edit-account" text={t('sv-tool.account.edit')} />
        <input
          ref={file}
          type="file"
          accept=".csv,text/csv,text/plain"
          hidden
          aria-label={t('sv-tool.import.button')}
          data-testid="sv-import-input"
          onChange={(e) => {
            void onFile(e.currentTarget.files?.[0]);
            e.currentTarget.value = '';
          }}
        />
      </ResponsiveBar>
      {store.lastImport && store.lastImport.account_id === detail.id && store.lastImport.errors.length > 0 ? (
        <Callout intent="danger" compact title={t('sv-tool.import.errors')} data-testid="sv-import-errors">
          <ul>
            {store.lastImport.errors.map((e) => (
              <li key={`${e.line}-${e.message}`}>{importErrorText(e, t)}</li>
            ))}
          </ul>
        </Callout>
      ) : null}
      <BalanceChart points={detail.balance_over_time} locale={locale} />
      <StateTimeline transactions={store.transactions} locale={locale} />
      <PaymentForm store={store} />
      <H5>{t('sv-tool.periods.title')}</H5>
      <DataTable label={t('sv-tool.periods.title')} rows={[...detail.periods].reverse()} rowKey={(p) => p.period} columns={periodCols} testId="sv-periods" />
      <H5>{t('sv-tool.transactions.title')}</H5>
      <DataTable
        label={t('sv-tool.transactions.title')}
        rows={store.transactions}
        rowKey={(x) => x.id}
        columns={txCols}
        testId="sv-transactions"
        rowTestId={(x) => `sv-tx-${x.id}`}
        virtual={{ rowHeight: 34, maxHeight: 420 }}
      />
      <Card compact data-testid="sv-sepa">
        <H5>{t('sv-tool.sepa.title')}</H5>
        {detail.sepa ? (
          <HTMLTable compact className="portal-kv">
            <tbody>
              <tr>
                <th>{t('sv-tool.sepa.reference')}</th>
                <td>{detail.sepa.mandate_reference}</td>
              </tr>
              <tr>
                <th>{t('sv-tool.sepa.scheme')}</th>
                <td>
                  {detail.sepa.scheme} · {detail.sepa.sequence}
                </td>
              </tr>
              <tr>
                <th>{t('sv-tool.sepa.creditor')}</th>
                <td>{detail.sepa.creditor_id}</td>
              </tr>
              <tr>
                <th>{t('sv-tool.sepa.debtor')}</th>
                <td>{detail.sepa.debtor_name}</td>
              </tr>
              <tr>
                <th>{t('sv-tool.sepa.iban')}</th>
                <td>{detail.sepa.debtor_iban}</td>
              </tr>
              <tr>
                <th>{t('sv-tool.sepa.signed')}</th>
                <td>{formatDate(detail.sepa.signature_date, locale)}</td>
              </tr>
            </tbody>
          </HTMLTable>
        ) : (
          <p className={Classes.TEXT_MUTED}>{t('sv-tool.sepa.none')}</p>
        )}
        <HTMLTable compact className="portal-kv">
          <tbody>
            <tr>
              <th>{t('sv-tool.details.ntcs')}</th>
              <td>{detail.ntcs_id ?? '—'}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.details.kanzlei')}</th>
              <td>{detail.kanzlei_id ?? '—'}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.details.kind')}</th>
              <td data-testid="sv-kind">{t(`sv-tool.kinds.${detail.kind ?? 'OEGK'}`)}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.details.kassa')}</th>
              <td>{detail.kassa_mandant ?? '—'}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.details.rate')}</th>
              <td>{detail.verzugszinsatz_pro_jahr === null ? t('sv-tool.details.rateTable') : formatPercent(detail.verzugszinsatz_pro_jahr, locale)}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.columns.responsible')}</th>
              <td>{detail.responsible ?? '—'}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.account.groups.pension')}</th>
              <td>
                {joined([detail.pension.insurance_number, detail.pension.pension_type, detail.pension.since && formatDate(detail.pension.since, locale)])}
              </td>
            </tr>
            <tr>
              <th>{t('sv-tool.account.groups.partner')}</th>
              <td>{joined([detail.partner.name, detail.partner.relation, detail.partner.insurance_number])}</td>
            </tr>
            <tr>
              <th>{t('sv-tool.details.attorney')}</th>
              <td>
                {joined([
                  detail.power_of_attorney.holder,
                  detail.power_of_attorney.scope,
                  detail.power_of_attorney.granted_on && t('sv-tool.details.grantedOn', { date: formatDate(detail.power_of_attorney.granted_on, locale) }),
                  detail.power_of_attorney.valid_until && t('sv-tool.details.validUntil', { date: formatDate(detail.power_of_attorney.valid_until, locale) }),
                ])}
              </td>
            </tr>
          </tbody>
        </HTMLTable>
      </Card>
      {dialog === 'statement' ? <StatementDialog store={store} onClose={() => setDialog(null)} /> : null}
      {dialog === 'edit' ? <AccountDialog store={store} account={detail} onClose={() => setDialog(null)} /> : null}
      {correcting ? <CorrectionDialog store={store} booking={correcting} onClose={() => setCorrecting(null)} /> : null}
    </div>
  );
});
