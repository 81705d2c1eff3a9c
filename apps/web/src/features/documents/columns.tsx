import { Checkbox, Classes, Icon, Tag } from '@blueprintjs/core';
import type { TFunction } from 'i18next';
import { Link } from 'react-router-dom';
import { FlagTags, formatAmount, formatDate, formatDateTime, HighlightedText, originLabelKey, originName } from '../../components/documents';
import { ValidityTag } from '../einvoices/ValidityTag';
import type { DocumentRow, SortField } from './document-view';

/** One column of the documents table: header, width, sort field and the content of a loaded row. */
export interface DocumentColumn {
  id: string;
  nameKey: string;
  width: number;
  sortField?: SortField;
  numeric?: boolean;
  render: (row: DocumentRow, ctx: ColumnContext) => React.ReactNode;
}

export interface ColumnContext {
  t: TFunction;
  locale: string;
  clientNo: number;
  selected: boolean;
  toggle: (id: number) => void;
  progressPercent: number | null;
  /** Its place in the reading line while it waits, short enough for the cell ... */
  waitText?: string | null;
  /** ... and as a sentence, for the tooltip. */
  waitTitle?: string | null;
}

const extraction = (row: DocumentRow, { t, progressPercent, waitText, waitTitle }: ColumnContext) => {
  if (row.extraction === 'pending') {
    return (
      <Tag minimal intent="warning" icon="refresh" data-testid="extraction-pending" title={waitTitle ?? undefined}>
        {waitText ?? t('documents.extraction.pending')}
        {!waitText && progressPercent !== null ? ` ${progressPercent} %` : ''}
      </Tag>
    );
  }
  if (row.extraction === 'failed')
    return (
      <Tag minimal intent="danger">
        {t('documents.extraction.failed')}
      </Tag>
    );
  const name = originName(row.origin);
  return (
    <span title={name ?? undefined} data-testid="extraction-origin">
      {row.origin !== null ? t(originLabelKey(row.origin), { code: row.origin }) : t('documents.extraction.done')}
    </span>
  );
};

export const SELECT_COLUMN: DocumentColumn = {
  id: 'select',
  nameKey: 'documents.columns.select',
  width: 36,
  render: (row, { t, selected, toggle }) => (
    <Checkbox
      checked={selected}
      onChange={() => toggle(row.id)}
      aria-label={t('documents.columns.select')}
      className="portal-row-check"
      data-testid={`select-${row.id}`}
    />
  ),
};

export const DATA_COLUMNS: DocumentColumn[] = [
  {
    id: 'title',
    nameKey: 'documents.columns.title',
    width: 250,
    sortField: 'title',
    render: (row, { clientNo }) => (
      <Link to={`/doc/${clientNo}/${row.id}`} className="portal-doc-link" data-testid={`open-${row.id}`} title={row.file_name}>
        <Icon
          icon={row.media_type === 'application/pdf' ? 'document' : row.media_type.startsWith('image/') ? 'media' : 'code'}
          size={12}
          className={Classes.TEXT_MUTED}
        />{' '}
        {row.title}
      </Link>
    ),
  },
  { id: 'biller', nameKey: 'documents.columns.biller', width: 180, sortField: 'biller_name', render: (row) => row.biller_name ?? '' },
  { id: 'invoice_number', nameKey: 'documents.columns.invoiceNumber', width: 130, sortField: 'invoice_number', render: (row) => row.invoice_number ?? '' },
  {
    id: 'invoice_date',
    nameKey: 'documents.columns.invoiceDate',
    width: 136,
    sortField: 'invoice_date',
    render: (row, { locale }) => formatDate(row.invoice_date, locale),
  },
  {
    id: 'gross',
    nameKey: 'documents.columns.gross',
    width: 120,
    sortField: 'gross_amount',
    numeric: true,
    render: (row, { locale }) => formatAmount(row.gross_amount, row.currency, locale),
  },
  {
    id: 'uploaded',
    nameKey: 'documents.columns.uploaded',
    width: 140,
    sortField: 'uploaded_at',
    render: (row, { locale }) => formatDateTime(row.uploaded_at, locale),
  },
  { id: 'extraction', nameKey: 'documents.columns.extraction', width: 140, sortField: 'extraction', render: extraction },
  {
    id: 'flags',
    nameKey: 'documents.columns.flags',
    width: 280,
    render: (row) => (
      <>
        <FlagTags doc={row} /> <ValidityTag record={row} iconOnly />
      </>
    ),
  },
];

export const MATCH_COLUMN: DocumentColumn = {
  id: 'match',
  nameKey: 'documents.columns.match',
  width: 420,
  render: (row) => (row.snippet ? <HighlightedText text={row.snippet.text} highlights={row.snippet.highlights} /> : ''),
};
