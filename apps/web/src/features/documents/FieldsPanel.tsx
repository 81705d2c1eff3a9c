import { Classes, HTMLTable, Tag } from '@blueprintjs/core';
import type { DocumentRecord, ExtractedFieldName, ExtractedFields } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CheckTag } from '../../components/booking-form/CheckTag';
import { formatAmount, formatDate, formatPercent, originLabelKey, originName } from '../../components/documents';

const ORDER: ExtractedFieldName[] = [
  'invoice_number',
  'invoice_date',
  'due_date',
  'biller',
  'recipient',
  'net_amount',
  'tax_amount',
  'gross_amount',
  'tax_rates',
  'currency',
  'iban',
  'bic',
  'payment_reference',
];

function valueOf(name: ExtractedFieldName, fields: ExtractedFields, locale: string): string | null {
  const currency = fields.currency ?? null;
  switch (name) {
    case 'invoice_date':
    case 'due_date':
      return fields[name] ? formatDate(fields[name], locale) : null;
    case 'net_amount':
    case 'tax_amount':
    case 'gross_amount':
      return fields[name] !== undefined ? formatAmount(fields[name], currency, locale) : null;
    case 'biller':
    case 'recipient': {
      const p = fields[name];
      return p ? [p.name, [p.postcode, p.city].filter(Boolean).join(' '), p.vat_id].filter(Boolean).join(', ') : null;
    }
    case 'tax_rates':
      return fields.tax_rates?.length ? fields.tax_rates.map((r) => formatPercent(r, locale)).join(', ') : null;
    case 'invoice_number':
    case 'currency':
    case 'iban':
    case 'bic':
    case 'payment_reference':
      return fields[name] ?? null;
    default:
      return null;
  }
}

/** The extracted fields with the origin code of each (spec §3 names: PDF_Parse, OCR, …, EInvoice_XML), and those left empty to be checked. */
export function FieldsPanel({ record, locale }: { record: DocumentRecord; locale: string }) {
  const { t } = useTranslation();
  const review = record.review_fields ?? [];
  const rows = [...ORDER, ...review.filter((name) => !ORDER.includes(name))]
    .map((name) => ({ name, value: valueOf(name, record.fields, locale), origin: record.field_origins[name] ?? null, check: review.includes(name) }))
    .filter((r) => r.value !== null || r.check);
  if (record.extraction === 'pending') return <p className={Classes.TEXT_MUTED}>{t('documents.single.pendingExtraction')}</p>;
  if (rows.length === 0) return <p className={Classes.TEXT_MUTED}>{t('documents.single.noFields')}</p>;
  return (
    <HTMLTable compact className="portal-fields" data-testid="document-fields">
      <tbody>
        {rows.map((r) => (
          <tr key={r.name} data-field={r.name}>
            <th>{t(`documents.single.field.${r.name}`)}</th>
            <td data-testid={`field-${r.name}`}>{r.value ?? '—'}</td>
            <td>
              {r.check ? <CheckTag field={r.name} /> : null}
              {r.origin !== null ? (
                <Tag
                  minimal
                  round
                  title={`${t('documents.single.originLabel')}: ${originName(r.origin) ?? r.origin} (${r.origin})`}
                  data-testid={`origin-${r.name}`}
                >
                  {t(originLabelKey(r.origin), { code: r.origin })} · {r.origin}
                </Tag>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
