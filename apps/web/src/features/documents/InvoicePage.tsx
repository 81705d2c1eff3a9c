import { Card, H3, H6, HTMLTable, Classes } from '@blueprintjs/core';
import type { DocumentRecord, Party } from '@portal/contracts';
import { observer } from 'mobx-react-lite';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatPercent } from '../../components/documents';
import type { EInvoiceFocus } from '../einvoices/EInvoiceFocus';
import type { InvoiceViewField } from '../einvoices/finding-fields';
import {
  InvoiceAllowances,
  InvoiceAttachments,
  InvoiceContext,
  InvoicePaymentTerms,
  InvoiceTotalsDetail,
  TOTALS_AFTER_GROSS,
  TOTALS_BEFORE_NET,
} from '../einvoices/InvoiceTerms';
import '../einvoices/einvoices.css';
import './document.css';

type Marks = (field: InvoiceViewField) => { 'data-einvoice-field': InvoiceViewField; 'data-einvoice-mark'?: 'selected' | 'flagged' };

function PartyBlock({ title, party, marks }: { title: string; party: Party | undefined; marks: ReturnType<Marks> }) {
  const { t } = useTranslation();
  if (!party) return null;
  return (
    <div className="portal-invoice-party" {...marks}>
      <H6>{title}</H6>
      <div className="portal-invoice-party-name">{party.name}</div>
      {party.street ? <div>{party.street}</div> : null}
      {party.postcode || party.city ? <div>{[party.postcode, party.city].filter(Boolean).join(' ')}</div> : null}
      {party.country ? <div>{party.country}</div> : null}
      {party.vat_id ? (
        <div className={Classes.TEXT_MUTED}>
          {t('documents.invoice.vatId')}: {party.vat_id}
        </div>
      ) : null}
    </div>
  );
}

/**
 * A structured e-invoice (XRechnung UBL / CII) shown as a readable invoice page from the record's fields and the
 * invoice's other business terms (notes, references, delivery, allowances and charges, payment terms,
 * attachments); with `focus`, the parts the rules found wrong are outlined and the chosen finding's part highlighted.
 */
export const InvoicePage = observer(function InvoicePage({ record, locale, focus }: { record: DocumentRecord; locale: string; focus?: EInvoiceFocus }) {
  const { t } = useTranslation();
  const page = useRef<HTMLDivElement>(null);
  const f = record.fields;
  const money = (v: number | undefined) => formatAmount(v ?? null, f.currency ?? record.currency, locale);
  const marks: Marks = (field) => {
    const mark = focus?.markOf(field);
    return { 'data-einvoice-field': field, ...(mark ? { 'data-einvoice-mark': mark } : {}) };
  };
  const selected = focus?.current;
  useEffect(() => {
    if (selected) page.current?.querySelector('[data-einvoice-mark="selected"]')?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [selected]);
  const terms = record.einvoice?.terms ?? {};
  const currency = f.currency ?? record.currency;
  // The buyer reference has its own line in the head; the other references are listed below the parties.
  const buyerReference = terms.references?.find((r) => r.kind === 'buyer')?.value;
  const otherTerms = { ...terms, references: terms.references?.filter((r) => r.kind !== 'buyer') };
  const buyerReferenceMarked = focus?.markOf('buyerReference');
  return (
    // A region of its own that takes the keyboard focus: the page scrolls where its pane is narrower than the invoice.
    <Card className="portal-invoice-page" data-testid="invoice-page" ref={page} tabIndex={0} role="region" aria-label={t('documents.invoice.title')}>
      <div className="portal-invoice-page-head">
        <H3>{t('documents.invoice.title')}</H3>
        <dl className="portal-invoice-meta">
          <dt {...marks('number')}>{t('documents.invoice.number')}</dt>
          <dd {...marks('number')}>{f.invoice_number}</dd>
          <dt {...marks('date')}>{t('documents.invoice.date')}</dt>
          <dd {...marks('date')}>{formatDate(f.invoice_date, locale)}</dd>
          {f.due_date || focus?.markOf('due') ? (
            <>
              <dt {...marks('due')}>{t('documents.invoice.due')}</dt>
              <dd {...marks('due')}>{f.due_date ? formatDate(f.due_date, locale) : '—'}</dd>
            </>
          ) : null}
          {buyerReference || buyerReferenceMarked ? (
            <>
              <dt {...marks('buyerReference')}>{t('documents.invoice.buyerReference')}</dt>
              <dd {...marks('buyerReference')} data-testid="invoice-buyer-reference">
                {buyerReference ?? '—'}
              </dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="portal-invoice-parties">
        <PartyBlock title={t('documents.invoice.seller')} party={f.biller} marks={marks('seller')} />
        <PartyBlock title={t('documents.invoice.buyer')} party={f.recipient} marks={marks('buyer')} />
      </div>
      <InvoiceContext terms={otherTerms} locale={locale} marks={marks} />
      {f.line_items?.length ? (
        <HTMLTable compact striped className="portal-invoice-lines portal-invoice-stack" data-testid="invoice-lines">
          <thead>
            <tr>
              <th>{t('documents.invoice.position')}</th>
              <th>{t('documents.invoice.description')}</th>
              <th className="portal-num">{t('documents.invoice.quantity')}</th>
              <th className="portal-num">{t('documents.invoice.unitPrice')}</th>
              <th className="portal-num">{t('documents.invoice.rate')}</th>
              <th className="portal-num">{t('documents.invoice.net')}</th>
            </tr>
          </thead>
          <tbody>
            {f.line_items.map((line, i) => (
              <tr key={i} {...marks(`line-${i + 1}`)}>
                <td className="portal-invoice-stack-lead">{line.position ?? i + 1}</td>
                <td className="portal-invoice-stack-main">
                  {line.description}
                  {line.item_id ? (
                    <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
                      {t('einvoices.terms.itemId')}: {line.item_id}
                    </div>
                  ) : null}
                  {line.item_description ? <div className={Classes.TEXT_SMALL}>{line.item_description}</div> : null}
                  {line.note ? <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>{line.note}</div> : null}
                </td>
                <td className="portal-num" data-label={t('documents.invoice.quantity')}>
                  {line.quantity ?? ''} {line.unit ?? ''}
                </td>
                <td className="portal-num" data-label={t('documents.invoice.unitPrice')}>
                  {money(line.unit_price)}
                </td>
                <td className="portal-num" data-label={t('documents.invoice.rate')}>
                  {line.tax_rate !== undefined ? formatPercent(line.tax_rate, locale) : ''}
                </td>
                <td className="portal-num portal-invoice-stack-sum" data-label={t('documents.invoice.net')}>
                  {money(line.net_amount)}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      <InvoiceAllowances terms={terms} locale={locale} marks={marks} currency={currency} />
      <div className="portal-invoice-totals">
        {f.tax_breakdown?.length ? (
          <HTMLTable compact className="portal-invoice-taxes portal-invoice-stack" data-testid="invoice-taxes">
            <thead>
              <tr>
                <th>{t('einvoices.terms.category')}</th>
                <th className="portal-num">{t('documents.invoice.rate')}</th>
                <th className="portal-num">{t('documents.invoice.taxableAmount')}</th>
                <th className="portal-num">{t('documents.invoice.tax')}</th>
              </tr>
            </thead>
            <tbody>
              {f.tax_breakdown.map((line, i) => (
                <tr key={i} {...marks(`tax-${i + 1}`)}>
                  <td className="portal-invoice-stack-main">
                    {line.category ? t(`einvoices.terms.vatCategories.${line.category}`, { defaultValue: line.category }) : ''}
                    {line.exemption_reason ? <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>{line.exemption_reason}</div> : null}
                  </td>
                  <td className="portal-num" data-label={t('documents.invoice.rate')}>
                    {formatPercent(line.rate, locale)}
                  </td>
                  <td className="portal-num" data-label={t('documents.invoice.taxableAmount')}>
                    {money(line.net)}
                  </td>
                  <td className="portal-num portal-invoice-stack-sum" data-label={t('documents.invoice.tax')}>
                    {money(line.tax)}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
        <dl className="portal-invoice-sums" {...marks('totals')}>
          <InvoiceTotalsDetail terms={terms} locale={locale} currency={currency} keys={TOTALS_BEFORE_NET} />
          <dt>{t('documents.invoice.totalNet')}</dt>
          <dd>{money(f.net_amount)}</dd>
          <dt>{t('documents.invoice.totalTax')}</dt>
          <dd>{money(f.tax_amount)}</dd>
          <dt className="portal-invoice-total">{t('documents.invoice.totalGross')}</dt>
          <dd className="portal-invoice-total" data-testid="invoice-total">
            {money(f.gross_amount)}
          </dd>
          <InvoiceTotalsDetail terms={terms} locale={locale} currency={currency} keys={TOTALS_AFTER_GROSS} />
        </dl>
      </div>
      {f.iban || f.payment_reference || terms.payment ? (
        <div className="portal-invoice-payment" {...marks('payment')}>
          <H6>{t('documents.invoice.payment')}</H6>
          <InvoicePaymentTerms terms={terms} />
          {f.iban ? (
            <div>
              IBAN {f.iban}
              {f.bic ? ` · BIC ${f.bic}` : ''}
            </div>
          ) : null}
          {f.payment_reference ? (
            <div>
              {t('documents.invoice.reference')}: {f.payment_reference}
            </div>
          ) : null}
        </div>
      ) : null}
      <InvoiceAttachments record={record} terms={terms} locale={locale} marks={marks} />
      {record.einvoice?.profile ? (
        <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
          {t('documents.invoice.profile')}: {record.einvoice.profile}
        </div>
      ) : null}
    </Card>
  );
});
