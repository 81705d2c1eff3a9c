import { Card, H3, H6, HTMLTable, Classes } from '@blueprintjs/core';
import type { DocumentRecord, Party } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatPercent } from '../../components/documents';

function PartyBlock({ title, party }: { title: string; party: Party | undefined }) {
  const { t } = useTranslation();
  if (!party) return null;
  return (
    <div className="portal-invoice-party">
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

/** A structured e-invoice (XRechnung UBL / CII) shown as a readable invoice page from the record's fields. */
export function InvoicePage({ record, locale }: { record: DocumentRecord; locale: string }) {
  const { t } = useTranslation();
  const f = record.fields;
  const money = (v: number | undefined) => formatAmount(v ?? null, f.currency ?? record.currency, locale);
  return (
    <Card className="portal-invoice-page" data-testid="invoice-page">
      <div className="portal-invoice-head">
        <H3>{t('documents.invoice.title')}</H3>
        <dl className="portal-invoice-meta">
          <dt>{t('documents.invoice.number')}</dt>
          <dd>{f.invoice_number}</dd>
          <dt>{t('documents.invoice.date')}</dt>
          <dd>{formatDate(f.invoice_date, locale)}</dd>
          {f.due_date ? (
            <>
              <dt>{t('documents.invoice.due')}</dt>
              <dd>{formatDate(f.due_date, locale)}</dd>
            </>
          ) : null}
        </dl>
      </div>
      <div className="portal-invoice-parties">
        <PartyBlock title={t('documents.invoice.seller')} party={f.biller} />
        <PartyBlock title={t('documents.invoice.buyer')} party={f.recipient} />
      </div>
      {f.line_items?.length ? (
        <HTMLTable compact striped className="portal-invoice-lines" data-testid="invoice-lines">
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
              <tr key={i}>
                <td>{line.position ?? i + 1}</td>
                <td>{line.description}</td>
                <td className="portal-num">
                  {line.quantity ?? ''} {line.unit ?? ''}
                </td>
                <td className="portal-num">{money(line.unit_price)}</td>
                <td className="portal-num">{line.tax_rate !== undefined ? formatPercent(line.tax_rate, locale) : ''}</td>
                <td className="portal-num">{money(line.net_amount)}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      ) : null}
      <div className="portal-invoice-totals">
        {f.tax_breakdown?.length ? (
          <HTMLTable compact className="portal-invoice-taxes" data-testid="invoice-taxes">
            <thead>
              <tr>
                <th className="portal-num">{t('documents.invoice.rate')}</th>
                <th className="portal-num">{t('documents.invoice.taxableAmount')}</th>
                <th className="portal-num">{t('documents.invoice.tax')}</th>
              </tr>
            </thead>
            <tbody>
              {f.tax_breakdown.map((line, i) => (
                <tr key={i}>
                  <td className="portal-num">{formatPercent(line.rate, locale)}</td>
                  <td className="portal-num">{money(line.net)}</td>
                  <td className="portal-num">{money(line.tax)}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        ) : null}
        <dl className="portal-invoice-sums">
          <dt>{t('documents.invoice.totalNet')}</dt>
          <dd>{money(f.net_amount)}</dd>
          <dt>{t('documents.invoice.totalTax')}</dt>
          <dd>{money(f.tax_amount)}</dd>
          <dt className="portal-invoice-total">{t('documents.invoice.totalGross')}</dt>
          <dd className="portal-invoice-total" data-testid="invoice-total">
            {money(f.gross_amount)}
          </dd>
        </dl>
      </div>
      {f.iban || f.payment_reference ? (
        <div className="portal-invoice-payment">
          <H6>{t('documents.invoice.payment')}</H6>
          {f.iban ? <div>IBAN {f.iban}{f.bic ? ` · BIC ${f.bic}` : ''}</div> : null}
          {f.payment_reference ? (
            <div>
              {t('documents.invoice.reference')}: {f.payment_reference}
            </div>
          ) : null}
        </div>
      ) : null}
      {record.einvoice?.profile ? (
        <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
          {t('documents.invoice.profile')}: {record.einvoice.profile}
        </div>
      ) : null}
    </Card>
  );
}
