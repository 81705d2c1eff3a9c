import type { ExportBatch, ExportFormat } from '@portal/contracts';
import { ExportBatchError, type BookingIssue } from './batch-checks';
import { writeBmdNtcs } from './bmd-ntcs';
import { writeDatevExtf } from './datev-extf';

const WRITERS: Record<ExportFormat, (batch: ExportBatch) => Buffer> = { DATEV: writeDatevExtf, BMD: writeBmdNtcs };

/** The writer's field names in the booking fields' terms, so a reason names what to correct. */
const FIELD_NAMES: Record<string, string> = {
  personAccount: 'supplier_account',
  ledgerAccount: 'expense_account',
  gross: 'gross_amount',
  tax: 'tax_amount',
  invoiceDate: 'invoice_date',
  bookingDate: 'invoice_date',
  invoiceNumber: 'invoice_number',
};

export const csvNameOf = (format: ExportFormat, clientNo: number, accounting: number) =>
  format === 'DATEV' ? `EXTF_Buchungsstapel_${clientNo}_${accounting}.csv` : `BMD_Buchungen_${clientNo}_${accounting}.csv`;

/** One reason per document: its issues as `field: message`, at most 500 characters (the ERP reason limit). */
export function reasonsByDocument(issues: BookingIssue[]): Map<number, string> {
  const byDocument = new Map<number, string[]>();
  for (const issue of issues)
    byDocument.set(issue.documentId, [...(byDocument.get(issue.documentId) ?? []), `${FIELD_NAMES[issue.field] ?? issue.field}: ${issue.message}`]);
  return new Map([...byDocument].map(([id, parts]) => [id, parts.join('; ').slice(0, 500)]));
}

/**
 * Runs the format's writer; bookings it refuses (ExportBatchError naming document and field) are
 * taken out and the rest written again. A batch-level problem (document 0) is not a document's fault
 * and is thrown on.
 */
export function writeExportFile(format: ExportFormat, batch: ExportBatch): { csv: Buffer; written: ExportBatch; refused: BookingIssue[] } {
  const refused: BookingIssue[] = [];
  let current = batch;
  for (;;) {
    try {
      return { csv: WRITERS[format](current), written: current, refused };
    } catch (error) {
      if (!(error instanceof ExportBatchError)) throw error;
      const ids = new Set(current.bookings.map((b) => b.documentId));
      if (error.issues.some((i) => !ids.has(i.documentId))) throw error;
      refused.push(...error.issues);
      const out = new Set(error.issues.map((i) => i.documentId));
      current = { ...current, bookings: current.bookings.filter((b) => !out.has(b.documentId)) };
    }
  }
}
