import { Button, Classes, H6, HTMLTable } from '@blueprintjs/core';
import type { DocumentRecord, EInvoiceAttachmentInfo, EInvoiceTerms } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { downloadEInvoiceAttachment } from '../../api/file-download';
import { useStores } from '../../app/stores-context';
import { formatAmount, formatDate, formatFileSize, formatPercent } from '../../i18n/format';
import type { InvoiceViewField } from './finding-fields';
import './einvoice-texts';

type Marks = (field: InvoiceViewField) => Record<string, string>;
type Props = { record: DocumentRecord; terms: EInvoiceTerms; locale: string; marks: Marks };

const T = 'einvoices.terms';

/** Notes, references and delivery of an e-invoice: what the invoice says about the supply beyond its amounts. */
export function InvoiceContext({ terms, locale, marks }: Omit<Props, 'record'>) {
  const { t } = useTranslation();
  const { notes, references, delivery } = terms;
  const period =
    delivery?.period_start || delivery?.period_end ? (
      <>
        <span className="portal-invoice-nowrap">{formatDate(delivery.period_start, locale) || '…'}</span> –{' '}
        <span className="portal-invoice-nowrap">{formatDate(delivery.period_end, locale) || '…'}</span>
      </>
    ) : null;
  return (
    <>
      {notes?.length ? (
        <div className="portal-invoice-block" {...marks('notes')} data-testid="invoice-notes">
          <H6>{t(`${T}.notes`)}</H6>
          {notes.map((note, i) => (
            <p key={i} className="portal-invoice-note">
              {note}
            </p>
          ))}
        </div>
      ) : null}
      {references?.length || delivery ? (
        <div className="portal-invoice-columns">
          {references?.length ? (
            <div className="portal-invoice-block" {...marks('references')} data-testid="invoice-references">
              <H6>{t(`${T}.references`)}</H6>
              <dl className="portal-invoice-pairs">
                {references.map((r, i) => (
                  <div key={i}>
                    <dt>{t(`${T}.reference.${r.kind}`)}</dt>
                    <dd>
                      {r.value}
                      {r.date ? ` (${formatDate(r.date, locale)})` : ''}
                    </dd>
                  </div>
                ))}
              </dl>
            </div>
          ) : null}
          {delivery ? (
            <div className="portal-invoice-block" {...marks('delivery')} data-testid="invoice-delivery">
              <H6>{t(`${T}.delivery`)}</H6>
              <dl className="portal-invoice-pairs">
                {delivery.party ? (
                  <div>
                    <dt>{t(`${T}.deliverTo`)}</dt>
                    <dd>{delivery.party}</dd>
                  </div>
                ) : null}
                {delivery.address ? (
                  <div>
                    <dt>{t(`${T}.deliveryAddress`)}</dt>
                    <dd>{delivery.address}</dd>
                  </div>
                ) : null}
                {delivery.date ? (
                  <div>
                    <dt>{t(`${T}.deliveryDate`)}</dt>
                    <dd>{formatDate(delivery.date, locale)}</dd>
                  </div>
                ) : null}
                {period ? (
                  <div>
                    <dt>{t(`${T}.period`)}</dt>
                    <dd>{period}</dd>
                  </div>
                ) : null}
              </dl>
            </div>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** The document-level allowances and charges (BG-20, BG-21). */
export function InvoiceAllowances({ terms, locale, marks, currency }: Omit<Props, 'record'> & { currency: string | null }) {
  const { t } = useTranslation();
  if (!terms.allowances_charges?.length) return null;
  return (
    <div className="portal-invoice-block" {...marks('allowances')}>
      <H6>{t(`${T}.allowancesCharges`)}</H6>
      <HTMLTable compact striped className="portal-invoice-lines portal-invoice-stack" data-testid="invoice-allowances">
        <thead>
          <tr>
            <th>{t(`${T}.kind`)}</th>
            <th>{t(`${T}.reason`)}</th>
            <th className="portal-num">{t(`${T}.base`)}</th>
            <th className="portal-num">{t('documents.invoice.rate')}</th>
            <th className="portal-num">{t(`${T}.amount`)}</th>
          </tr>
        </thead>
        <tbody>
          {terms.allowances_charges.map((ac, i) => (
            <tr key={i}>
              <td className="portal-invoice-stack-lead">{t(ac.charge ? `${T}.charge` : `${T}.allowance`)}</td>
              <td className="portal-invoice-stack-main">
                {[ac.reason, ac.reason_code ? `(${ac.reason_code})` : null, ac.percent !== undefined ? formatPercent(ac.percent, locale) : null]
                  .filter(Boolean)
                  .join(' ')}
              </td>
              <td className="portal-num" data-label={t(`${T}.base`)}>
                {ac.base !== undefined ? formatAmount(ac.base, currency, locale) : ''}
              </td>
              <td className="portal-num" data-label={t('documents.invoice.rate')}>
                {[ac.tax_category, ac.tax_rate !== undefined ? formatPercent(ac.tax_rate, locale) : null].filter(Boolean).join(' ')}
              </td>
              <td className="portal-num portal-invoice-stack-sum" data-label={t(`${T}.amount`)}>
                {formatAmount(ac.charge ? ac.amount : -ac.amount, currency, locale)}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </div>
  );
}

type TotalKey = keyof NonNullable<EInvoiceTerms['totals']>;
/** What leads to the net total (BT-106 … BT-108) and from the gross total to the amount due (BT-113 … BT-115). */
export const TOTALS_BEFORE_NET: readonly TotalKey[] = ['line_total', 'allowance_total', 'charge_total'];
export const TOTALS_AFTER_GROSS: readonly TotalKey[] = ['prepaid', 'rounding', 'payable'];

/** Totals the invoice states besides net, tax and gross, as rows of the sums' list. */
export function InvoiceTotalsDetail({
  terms,
  locale,
  currency,
  keys,
}: Omit<Props, 'record' | 'marks'> & { currency: string | null; keys: readonly TotalKey[] }) {
  const { t } = useTranslation();
  const totals = terms.totals;
  if (!totals) return null;
  const rows = keys.filter((k) => totals[k] !== undefined);
  return (
    <>
      {rows.map((k) => (
        <div key={k} className="portal-invoice-sum-row" data-testid={`invoice-total-${k}`}>
          <dt>{t(`${T}.totals.${k}`)}</dt>
          <dd>{formatAmount(totals[k] ?? null, currency, locale)}</dd>
        </div>
      ))}
    </>
  );
}

/** Payment means and terms beyond the payee account (BT-81, BT-82, BT-20, a direct debit's mandate and account). */
export function InvoicePaymentTerms({ terms }: Pick<Props, 'terms'>) {
  const { t } = useTranslation();
  const payment = terms.payment;
  if (!payment) return null;
  const code = payment.means_code;
  return (
    <dl className="portal-invoice-pairs" data-testid="invoice-payment-terms">
      {code || payment.means_text ? (
        <div>
          <dt>{t(`${T}.means`)}</dt>
          <dd>
            {[code ? t(`${T}.meansCodes.${code}`, { defaultValue: code }) : null, payment.means_text, code ? `(${code})` : null].filter(Boolean).join(' ')}
          </dd>
        </div>
      ) : null}
      {payment.terms ? (
        <div>
          <dt>{t(`${T}.paymentTerms`)}</dt>
          <dd>{payment.terms}</dd>
        </div>
      ) : null}
      {payment.mandate ? (
        <div>
          <dt>{t(`${T}.mandate`)}</dt>
          <dd>{payment.mandate}</dd>
        </div>
      ) : null}
      {payment.debited_account ? (
        <div>
          <dt>{t(`${T}.debitedAccount`)}</dt>
          <dd>{payment.debited_account}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/**
 * The documents the e-invoice attaches (BG-24): name, description, MIME type and size of each; an embedded file is
 * downloaded from the server (which takes it out of the invoice with the document's read rule), a link opened.
 */
export function InvoiceAttachments({ record, terms, locale, marks }: Props) {
  const { t } = useTranslation();
  const { client, ui } = useStores();
  if (!terms.attachments?.length) return null;
  const nameOf = (a: EInvoiceAttachmentInfo, i: number) => a.filename ?? a.id ?? `${t(`${T}.attachment`)} ${i + 1}`;
  const download = (a: EInvoiceAttachmentInfo, i: number) =>
    void downloadEInvoiceAttachment(record.id, i + 1, nameOf(a, i), client.storage.get()).catch(() => ui.error(new Error(t(`${T}.attachmentMissing`))));
  return (
    <div className="portal-invoice-block" {...marks('attachments')} data-testid="invoice-attachments">
      <H6>{t(`${T}.attachments`)}</H6>
      <ul className="portal-invoice-attachments">
        {terms.attachments.map((a, i) => (
          <li key={i} data-testid={`invoice-attachment-${i + 1}`}>
            <div className="portal-invoice-attachment-text">
              <div className="portal-invoice-attachment-name">{nameOf(a, i)}</div>
              {a.description ? <div>{a.description}</div> : null}
              <div className={[Classes.TEXT_MUTED, Classes.TEXT_SMALL].join(' ')}>
                {[a.mime, a.size !== undefined ? formatFileSize(a.size, locale) : null, a.filename && a.id && a.id !== a.filename ? a.id : null]
                  .filter(Boolean)
                  .join(' · ')}
              </div>
            </div>
            {a.embedded ? (
              <Button
                size="small"
                variant="outlined"
                icon="download"
                text={t(`${T}.download`)}
                aria-label={`${t(`${T}.download`)}: ${nameOf(a, i)}`}
                onClick={() => download(a, i)}
                data-testid={`invoice-attachment-download-${i + 1}`}
              />
            ) : a.uri && /^https?:\/\//i.test(a.uri) ? (
              <a href={a.uri} target="_blank" rel="noreferrer noopener">
                {t(`${T}.openLink`)}
              </a>
            ) : null}
          </li>
        ))}
      </ul>
    </div>
  );
}
