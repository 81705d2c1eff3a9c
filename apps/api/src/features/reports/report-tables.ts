import type { ReportResult } from '@portal/contracts';

export interface ReportTable {
  title: string;
  columns: string[];
  /** Cells: strings as they are, numbers formatted by the writer. */
  rows: Array<Array<string | number | null>>;
  /** Column indexes holding amounts (two decimals). */
  amounts?: number[];
  /** Right-aligned columns, when not all their cells are numbers. */
  right?: number[];
  /** Written instead of rows when there are none (default "None."). */
  empty?: string;
}

const REASONS: Record<string, string> = {
  missing_amounts: 'Amounts missing',
  missing_rate: 'Tax rate missing',
  sum_mismatch: 'Net + tax differs from gross',
  tax_mismatch: 'Tax differs from net × rate',
  missing_date: 'Invoice date missing',
};

export const REPORT_TITLES: Record<ReportResult['report'], string> = {
  vat: 'VAT summary',
  parties: 'Suppliers and customers',
  processing: 'Processing',
  exports: 'ERP export history',
};

/** The tables of a report, shared by the CSV and the PDF download. */
export function reportTables(result: ReportResult): ReportTable[] {
  const body = result.body;
  const tables: ReportTable[] = [];
  switch (body.kind) {
    case 'vat':
      tables.push({ title: `Return codes (${body.country === 'AT' ? 'Austria, U30' : 'Germany, UStVA'})`, columns: ['Code', 'Meaning', 'Amount'], rows: body.codes.map((c) => [c.code, c.label, c.amount]), amounts: [2] });
      tables.push({ title: 'Per tax rate', columns: ['Direction', 'Rate %', 'Documents', 'Net', 'Tax', 'Gross'], rows: body.rows.map((r) => [r.direction === 'output' ? 'Output tax' : 'Input tax', r.rate, r.count, r.net, r.tax, r.gross]), amounts: [3, 4, 5] });
      tables.push({ title: 'Documents with missing or inconsistent tax', columns: ['Document', 'Number', 'Party', 'Direction', 'Problem'], rows: body.problems.map((p) => [String(p.documentId), p.invoiceNumber ?? '', p.party ?? '', p.direction, REASONS[p.reason] ?? p.reason]) });
      break;
    case 'parties':
      for (const [title, list] of [['Top suppliers', body.suppliers], ['Top customers', body.customers]] as const) {
        tables.push({ title, columns: ['Party', 'Documents', 'Gross', 'Previous period', 'Change %'], rows: list.map((v) => [v.party, v.count, v.gross, v.previous, v.change]), amounts: [2, 3] });
      }
      break;
    case 'processing':
      tables.push({ title: 'Backlog', columns: ['At', 'Unconfirmed', 'Unbooked', 'Not exported'], rows: body.backlog.map((b) => [b.at, b.unconfirmed, b.unbooked, b.notExported]) });
      tables.push({ title: 'Hours from upload to confirmation / booking per month', columns: ['Month', 'Confirmed', 'Median h', 'p90 h', 'Booked', 'Median h', 'p90 h'], rows: monthsOf(body).map((m) => {
        const c = body.toConfirm.find((x) => x.month === m);
        const b = body.toBook.find((x) => x.month === m);
        return [m, c?.count ?? 0, c?.median ?? null, c?.p90 ?? null, b?.count ?? 0, b?.median ?? null, b?.p90 ?? null];
      }) });
      tables.push({ title: 'Per user', columns: ['User', 'Confirmed', 'Median h', 'p90 h', 'Booked', 'Median h', 'p90 h'], rows: body.byUser.map((u) => [u.name, u.confirmed.count, u.confirmed.median, u.confirmed.p90, u.booked.count, u.booked.median, u.booked.p90]) });
      tables.push({ title: 'Field origins', columns: ['E-invoice XML', 'Text layer', 'OCR', 'Typed by a person'], rows: [[body.origins.xml, body.origins.text, body.origins.ocr, body.origins.human]] });
      break;
    case 'exports':
      tables.push({ title: 'Export jobs', columns: ['Requested', 'By', 'Format', 'Year', 'Status', 'Documents', 'Imported', 'Errors', 'Infos', 'Reason'], rows: body.jobs.map((j) => [j.requestedAt.slice(0, 16).replace('T', ' '), j.requestedBy, j.format, String(j.accounting), j.status, j.documents, j.imported, j.errors, j.infos, j.reason ?? '']) });
      tables.push({ title: 'Refusal reasons', columns: ['Reason', 'Documents'], rows: body.reasons.map((r) => [r.reason, r.count]) });
      break;
  }
  if (result.compare) {
    tables.push({
      title: `Changes between ${result.compare.asOf ?? 'now'} and ${result.asOf ?? 'now'}`,
      columns: ['Section', 'Line', 'Before', 'After'],
      // Amounts with two decimals; counts as they are.
      rows: result.compare.changes.map((c) => [c.section, c.label, c.unit === 'amount' || c.before === null ? c.before : String(c.before), c.unit === 'amount' || c.after === null ? c.after : String(c.after)]),
      amounts: [2, 3],
      right: [2, 3],
    });
  }
  return tables;
}

function monthsOf(body: { toConfirm: Array<{ month: string }>; toBook: Array<{ month: string }> }): string[] {
  return [...new Set([...body.toConfirm, ...body.toBook].map((m) => m.month))].sort();
}
