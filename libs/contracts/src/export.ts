/**
 * ERP export: the booked documents of one client and accounting period as one booking batch, written
 * as a DATEV EXTF Buchungsstapel or a BMD NTCS booking import. Amounts are in the batch currency
 * (EUR), positive, with at most two decimals; dates are YYYY-MM-DD.
 */
export interface ExportBatch {
  clientNo: number;
  /** DATEV Beraternummer of the firm (header field 11). */
  consultantNumber: number;
  /** DATEV Mandantennummer of the client (header field 12). */
  clientNumber: number;
  /** Start of the financial year (Wirtschaftsjahresbeginn). */
  fiscalYearStart: string;
  /** Length of general-ledger account numbers (Sachkontenlänge), 4 to 8. */
  accountLength: number;
  /** The accounting period the bookings belong to (Datum vom / Datum bis). */
  periodStart: string;
  periodEnd: string;
  /** Batch name, e.g. "Belege 03/2026" (DATEV Bezeichnung, max 30). */
  description: string;
  /** ISO 8601; the DATEV header's creation stamp. */
  createdAt: string;
  currency: 'EUR';
  bookings: ExportBooking[];
}

/** One booked document: incoming invoices debit an expense account, outgoing ones credit a revenue account. */
export interface ExportBooking {
  documentId: number;
  /** ER: incoming invoice (supplier), AR: outgoing invoice (customer). */
  direction: 'ER' | 'AR';
  invoiceNumber: string;
  invoiceDate: string;
  /** The booking date inside the period; defaults to the invoice date. */
  bookingDate?: string;
  /** Supplier or customer account (Personenkonto). */
  personAccount: number;
  /** Expense (ER) or revenue (AR) account (Sachkonto). */
  ledgerAccount: number;
  gross: number;
  tax: number;
  /** Percent, e.g. 20 or 19; null without tax. */
  taxRate: number | null;
  /** DATEV BU-Schlüssel (tax key), e.g. "9"; empty on automatic accounts. */
  datevTaxKey?: string;
  /** BMD Steuercode, e.g. 9 (Vorsteuer) for ER, 1 (Umsatzsteuer) for AR. */
  bmdTaxCode?: number;
  costCentre?: string;
  /** Booking text, usually the business partner's name. */
  text: string;
}

/** `get payment-qr` with id = documentId: an EPC069-12 (GiroCode) credit transfer for an unpaid incoming invoice. */
export interface PaymentQr {
  documentId: number;
  /** The EPC payload, lines separated by LF. */
  payload: string;
  /** The QR code (error correction M) as an SVG document. */
  svg: string;
}
