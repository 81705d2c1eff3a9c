import { bookingGaps, type AccountingPeriod, type DocumentBookingFields, type ExportBatch, type ExportBooking } from '@portal/contracts';
import type { BookingIssue } from './batch-checks';

/** What the builder reads of a documents record. */
export interface ExportSource {
  id: number;
  category: string;
  title: string;
  booking: DocumentBookingFields;
}

/** Firm-wide DATEV header values the portal has no master data for yet. */
export interface ExportSettings {
  /** DATEV Beraternummer of the firm. */
  consultantNumber: number;
  /** Sachkontenlänge: the portal's ledger accounts have six digits. */
  accountLength: number;
  /** DATEV Mandantennummer / BMD client number; defaults to the company number. */
  clientNumber?: number;
}

export const DEFAULT_EXPORT_SETTINGS: ExportSettings = { consultantNumber: 1001, accountLength: 6 };

/** DATEV BU-Schlüssel by direction and rate (SKR standard keys: 9/8 input tax, 3/2 VAT at 19/7 %). */
const DATEV_TAX_KEYS: Record<ExportBooking['direction'], Record<number, string>> = { ER: { 19: '9', 7: '8' }, AR: { 19: '3', 7: '2' } };
const NUMERIC_CODE = /^\d{1,4}$/;

export const directionOf = (category: string): ExportBooking['direction'] => (category === 'AR' || category === 'AR_U' ? 'AR' : 'ER');

const account = (value: string | null) => (value !== null && /^\d+$/.test(value) ? Number(value) : Number.NaN);

function bookingOf(doc: ExportSource): ExportBooking {
  const b = doc.booking;
  const direction = directionOf(doc.category);
  const gross = b.gross_amount ?? 0;
  const tax = b.tax_amount ?? (b.net_amount === null ? 0 : Math.round((gross - b.net_amount) * 100) / 100);
  const code = b.tax_code !== null && NUMERIC_CODE.test(b.tax_code) ? b.tax_code : null;
  const datevTaxKey = code ?? (b.tax_rate === null ? undefined : DATEV_TAX_KEYS[direction][b.tax_rate]);
  const partner = direction === 'ER' ? b.biller : b.recipient;
  return {
    documentId: doc.id,
    direction,
    invoiceNumber: b.invoice_number ?? '',
    invoiceDate: b.invoice_date ?? '',
    personAccount: account(b.supplier_account),
    ledgerAccount: account(b.expense_account),
    gross,
    tax,
    taxRate: b.tax_rate,
    ...(datevTaxKey === undefined ? {} : { datevTaxKey }),
    ...(code === null ? {} : { bmdTaxCode: Number(code) }),
    ...(b.cost_center === null ? {} : { costCentre: b.cost_center }),
    text: partner ?? doc.title,
  };
}

/** What booking refuses, the export refuses too (one rule): a document booked before the rule still gets its reason. */
function missingFields(doc: ExportSource): BookingIssue[] {
  return bookingGaps(doc.booking).map((gap) =>
    gap.kind === 'notEur'
      ? { documentId: doc.id, field: 'currency', message: `${doc.booking.currency} cannot be exported; the booking batch is in EUR` }
      : { documentId: doc.id, field: gap.field, message: 'is missing' },
  );
}

/**
 * The booking batch of one client and accounting period from the documents' booking fields
 * (supplier/customer and expense/revenue account, amounts, tax, dates, invoice number, cost centre).
 * Documents missing a required field are left out and listed in `refused`.
 */
export function buildExportBatch(input: {
  clientNo: number;
  period: Pick<AccountingPeriod, 'accounting' | 'start' | 'end'>;
  documents: ExportSource[];
  createdAt: string;
  settings?: ExportSettings;
}): {
  batch: ExportBatch;
  refused: BookingIssue[];
} {
  const settings = input.settings ?? DEFAULT_EXPORT_SETTINGS;
  const refused: BookingIssue[] = [];
  const bookings: ExportBooking[] = [];
  for (const doc of input.documents) {
    const missing = missingFields(doc);
    if (missing.length > 0) refused.push(...missing);
    else bookings.push(bookingOf(doc));
  }
  const batch: ExportBatch = {
    clientNo: input.clientNo,
    consultantNumber: settings.consultantNumber,
    clientNumber: settings.clientNumber ?? input.clientNo,
    fiscalYearStart: input.period.start,
    accountLength: settings.accountLength,
    periodStart: input.period.start,
    periodEnd: input.period.end,
    description: `Belege ${input.period.accounting}`,
    createdAt: input.createdAt,
    currency: 'EUR',
    bookings,
  };
  return { batch, refused };
}
