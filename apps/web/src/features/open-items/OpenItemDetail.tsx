import { Button, Callout, Classes, FormGroup, HTMLTable, InputGroup, NonIdealState, NumericInput, Tag } from '@blueprintjs/core';
import type { OpenItem } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../app/stores-context';
import { formatAmount, formatDate, formatNumber } from '../../i18n/format';
import { firmToday } from '../../i18n/firm-calendar';
import type { OpenItemsStore } from './OpenItemsStore';
import { PaymentQrPopover } from '../accounting/PaymentQrPopover';
import { LocaleDateInput } from '../../components/inputs/LocaleDateInput';

function Facts({ item, locale }: { item: OpenItem; locale: string }) {
  const { t } = useTranslation();
  const money = (n: number) => formatAmount(n, item.currency, locale);
  const rows: Array<[string, string, string?]> = [
    [t('unpaid.number'), item.invoice_number ?? '–'],
    [t('unpaid.date'), formatDate(item.invoice_date, locale)],
    [t('unpaid.party'), item.party ?? '–'],
    [t('unpaid.due'), formatDate(item.due_date, locale)],
    [
      t('unpaid.skonto'),
      item.discount_percent && item.discount_due_date
        ? t('unpaid.skontoUntil', { percent: `${formatNumber(item.discount_percent, locale, 1)} %`, date: formatDate(item.discount_due_date, locale) })
        : '–',
    ],
    [t('unpaid.gross'), money(item.gross)],
    [t('unpaid.paid'), money(item.paid)],
    [t('unpaid.discount'), money(item.discount)],
    [t('unpaid.outstanding'), money(item.outstanding), 'detail-outstanding'],
    [t('unpaid.overdue'), String(item.days_overdue), 'detail-overdue'],
  ];
  if (item.discount_available > 0) rows.push([t('unpaid.discountAvailable'), money(item.discount_available)]);
  if (item.kind === 'receivable')
    rows.push([t('unpaid.dunning'), String(item.dunning_level), 'detail-dunning'], [t('unpaid.lastDunning'), formatDate(item.last_dunning_date, locale)]);
  rows.push([
    item.kind === 'payable' ? t('unpaid.block') : t('unpaid.dunningBlock'),
    item.blocked ? `${t('unpaid.blocked')}: ${item.block_reason ?? ''}` : '–',
  ]);
  return (
    <HTMLTable compact className="portal-table portal-open-item-facts" data-testid="open-item-facts">
      <tbody>
        {rows.map(([k, v, id]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td data-testid={id}>{v}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

const today = firmToday;

const PayForm = observer(function PayForm({ store, item }: { store: OpenItemsStore; item: OpenItem }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  const [amount, setAmount] = useState<number>(Math.abs(item.outstanding));
  const [date, setDate] = useState(today());
  const [note, setNote] = useState('');
  useEffect(() => setAmount(Math.max(0, Math.abs(item.outstanding) - item.discount_available)), [item.id, item.outstanding, item.discount_available]);
  const submit = () =>
    store.change({ action: 'pay', amount, date, note }).then(
      () => {
        ui.success(t('unpaid.paid_ok'));
        setNote('');
      },
      (e: unknown) => ui.error(e),
    );
  return (
    <form
      className="portal-pay-form"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
      data-testid="pay-form"
    >
      <h4 className={Classes.HEADING}>{t('unpaid.pay')}</h4>
      <div className="portal-pay-fields">
        <FormGroup label={t('unpaid.amount')} labelFor="pay-amount">
          <NumericInput
            id="pay-amount"
            buttonPosition="none"
            value={amount}
            min={0.01}
            stepSize={1}
            minorStepSize={0.01}
            onValueChange={(n) => setAmount(Number.isFinite(n) ? n : 0)}
            fill
            data-testid="pay-amount"
          />
        </FormGroup>
        <FormGroup label={t('unpaid.paymentDate')} labelFor="pay-date">
          <LocaleDateInput id="pay-date" value={date} max={today()} onChange={setDate} data-testid="pay-date" />
        </FormGroup>
      </div>
      <FormGroup label={t('unpaid.note')} labelFor="pay-note">
        <InputGroup id="pay-note" value={note} maxLength={500} onChange={(e) => setNote(e.currentTarget.value)} data-testid="pay-note" />
      </FormGroup>
      <Button
        type="submit"
        intent="primary"
        icon="bank-account"
        text={t('unpaid.save')}
        loading={store.busy}
        disabled={!(amount > 0)}
        data-testid="pay-submit"
      />
      <Button minimal text={t('unpaid.payFull')} onClick={() => setAmount(Math.abs(item.outstanding))} className="portal-tag-gap" />
    </form>
  );
});

function Payments({ store, item, locale }: { store: OpenItemsStore; item: OpenItem; locale: string }) {
  const { t } = useTranslation();
  const { ui } = useStores();
  if (item.payments.length === 0) return <p className={Classes.TEXT_MUTED}>{t('unpaid.noPayments')}</p>;
  const undo = (paymentId: string) => {
    const reason = window.prompt(t('unpaid.cancelReason'));
    if (reason) store.change({ action: 'cancel-payment', paymentId, reason }).catch((e: unknown) => ui.error(e));
  };
  return (
    <HTMLTable compact striped className="portal-table" data-testid="payments">
      <thead>
        <tr>
          <th>{t('unpaid.paymentDate')}</th>
          <th className="portal-num">{t('unpaid.amount')}</th>
          <th>{t('unpaid.note')}</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {item.payments.map((p) => (
          <tr key={p.id} className={p.cancelled ? 'portal-cancelled' : undefined}>
            <td>{formatDate(p.date, locale)}</td>
            <td className="portal-num">
              {formatAmount(p.amount, item.currency, locale)}
              {p.discount ? ` (+ ${formatAmount(p.discount, item.currency, locale)} ${t('unpaid.skonto')})` : ''}
            </td>
            <td>
              {p.source.kind === 'bank' ? (
                <Tag minimal icon="bank-account">
                  {t('unpaid.fromBank')}
                </Tag>
              ) : null}{' '}
              {p.note}{' '}
              {p.cancelled ? (
                <Tag minimal intent="danger">
                  {t('unpaid.cancelled')}
                </Tag>
              ) : null}
            </td>
            <td>{!p.cancelled && store.mayChange ? <Button small minimal icon="undo" text={t('unpaid.cancel')} onClick={() => undo(p.id)} /> : null}</td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}

/** The selected item: its terms, outstanding amount, payments, reminders, block, interest and payment QR. */
export const OpenItemDetail = observer(function OpenItemDetail({
  store,
  locale,
  onPrevious,
  onNext,
}: {
  store: OpenItemsStore;
  locale: string;
  onPrevious: (() => void) | null;
  onNext: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { ui, session } = useStores();
  const item = store.selected;
  if (!item) return <NonIdealState icon="list-detail-view" title={t('unpaid.selectItem')} />;
  const block = () => {
    const reason = item.blocked ? '' : window.prompt(t('unpaid.blockReason'));
    if (item.blocked || reason) store.change({ action: 'block', blocked: !item.blocked, reason: reason ?? '' }).catch((e: unknown) => ui.error(e));
  };
  const remind = () =>
    store.change({ action: 'dun' }).then(
      () => ui.success(t('unpaid.reminded')),
      (e: unknown) => ui.error(e),
    );
  return (
    <div className="portal-open-item-detail" data-testid="open-item-detail">
      <div className="portal-open-item-head">
        <h3 className={Classes.HEADING}>{item.party ?? item.title}</h3>
        <div>
          <Button
            minimal
            icon="chevron-up"
            aria-label={t('unpaid.previous')}
            title={t('unpaid.previous')}
            disabled={!onPrevious}
            onClick={onPrevious ?? undefined}
          />
          <Button minimal icon="chevron-down" aria-label={t('unpaid.next')} title={t('unpaid.next')} disabled={!onNext} onClick={onNext ?? undefined} />
        </div>
      </div>
      <Tag large intent={item.status === 'open' ? (item.days_overdue > 0 ? 'danger' : 'primary') : 'success'} data-testid="detail-status">
        {t(`unpaid.status_${item.status}`)}
      </Tag>
      <Facts item={item} locale={locale} />
      {item.late_interest ? (
        <Callout intent="warning" icon="percentage" title={t('unpaid.interest')} data-testid="late-interest">
          {t('unpaid.interestLine', {
            interest: formatAmount(item.late_interest.interest, item.currency, locale),
            rate: formatNumber(item.late_interest.rate, locale, 2),
            days: item.late_interest.days,
            law: item.late_interest.law,
            fee: formatAmount(item.late_interest.flatFee, 'EUR', locale),
          })}
        </Callout>
      ) : null}
      <div className="portal-open-item-actions">
        {item.kind === 'payable' && item.open && session.has('pay') ? <PaymentQrPopover documentId={item.id} load={store.paymentQr} /> : null}
        {item.kind === 'receivable' && item.open && store.mayChange ? (
          <Button
            icon="envelope"
            text={t('unpaid.remind', { level: Math.min(3, item.dunning_level + 1) })}
            disabled={item.dunning_level >= 3 || item.blocked}
            onClick={() => void remind()}
            data-testid="action-remind"
          />
        ) : null}
        {store.mayChange ? (
          <Button
            icon={item.blocked ? 'unlock' : 'lock'}
            text={item.blocked ? t('unpaid.liftBlock') : t('unpaid.setBlock')}
            onClick={block}
            data-testid="action-block"
          />
        ) : null}
      </div>
      <h4 className={Classes.HEADING}>{t('unpaid.payments')}</h4>
      <Payments store={store} item={item} locale={locale} />
      {item.open && store.mayChange ? <PayForm store={store} item={item} /> : null}
    </div>
  );
});
