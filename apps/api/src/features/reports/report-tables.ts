import { comparisonInTimeOrder, exportJobStatusKey, exportReasonText, reportLineText, type ReportResult, type VatCountry } from '@portal/contracts';
import { sayOf, type ReportTexts } from './report-texts';

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

const monthsOf = (body: { toConfirm: Array<{ month: string }>; toBook: Array<{ month: string }> }): string[] =>
  [...new Set([...body.toConfirm, ...body.toBook].map((m) => m.month))].sort();

/** The tables of a report, shared by the CSV and the PDF download, in the reader's language. */
export function reportTables(result: ReportResult, texts: ReportTexts, moment: (iso: string | null, position: number | null) => string): ReportTable[] {
  const body = result.body;
  const c = texts.columns;
  const say = sayOf(texts);
  const tables: ReportTable[] = [];
  const country: VatCountry = body.kind === 'vat' ? body.country : 'AT';
  switch (body.kind) {
    case 'vat':
      tables.push({
        title: texts.returnCodes[body.country],
        columns: [c.code, c.meaning, c.amount],
        rows: body.codes.map((v) => [v.code, texts.vatCodes[body.country][v.code] ?? '', v.amount]),
        amounts: [2],
      });
      tables.push({
        title: texts.tables.perRate,
        columns: [c.direction, c.rate, c.documents, c.net, c.tax, c.gross],
        rows: body.rows.map((r) => [texts.directions[r.direction], r.rate, r.count, r.net, r.tax, r.gross]),
        amounts: [3, 4, 5],
      });
      tables.push({
        title: texts.tables.problems,
        columns: [c.document, c.number, c.party, c.direction, c.problem],
        rows: body.problems.map((p) => [
          String(p.documentId),
          p.invoiceNumber ?? '',
          p.party ?? '',
          texts.directions[p.direction],
          texts.problems[p.reason] ?? p.reason,
        ]),
      });
      break;
    case 'parties':
      for (const [title, list] of [
        [texts.tables.suppliers, body.suppliers],
        [texts.tables.customers, body.customers],
      ] as const) {
        tables.push({
          title,
          columns: [c.party, c.documents, c.gross, c.previous, c.change],
          rows: list.map((v) => [v.party, v.count, v.gross, v.previous, v.change]),
          amounts: [2, 3],
        });
        // Gross per party and month of the period: the months as columns.
        tables.push({
          title: `${title} · ${texts.tables.perMonth}`,
          columns: [c.party, ...body.months],
          rows: list.map((v) => [v.party, ...body.months.map((m) => v.months[m] ?? 0)]),
          amounts: body.months.map((_, i) => i + 1),
        });
      }
      break;
    case 'processing':
      tables.push({
        title: texts.tables.backlog,
        columns: [c.at, c.unconfirmed, c.unbooked, c.notExported],
        rows: body.backlog.map((b) => [b.at, b.unconfirmed, b.unbooked, b.notExported]),
      });
      tables.push({
        title: texts.tables.hours,
        columns: [c.month, c.confirmed, c.median, c.p90, c.booked, c.median, c.p90],
        rows: monthsOf(body).map((m) => {
          const confirm = body.toConfirm.find((x) => x.month === m);
          const book = body.toBook.find((x) => x.month === m);
          return [m, confirm?.count ?? 0, confirm?.median ?? null, confirm?.p90 ?? null, book?.count ?? 0, book?.median ?? null, book?.p90 ?? null];
        }),
      });
      tables.push({
        title: texts.tables.perUser,
        columns: [c.user, c.confirmed, c.median, c.p90, c.booked, c.median, c.p90],
        rows: body.byUser.map((u) => [u.name, u.confirmed.count, u.confirmed.median, u.confirmed.p90, u.booked.count, u.booked.median, u.booked.p90]),
      });
      tables.push({
        title: texts.tables.origins,
        columns: [texts.origin.xml, texts.origin.text, texts.origin.ocr, texts.origin.human],
        rows: [[body.origins.xml, body.origins.text, body.origins.ocr, body.origins.human]],
      });
      tables.push({ title: texts.tables.invalidEInvoices, columns: [c.month, c.invalidEInvoices], rows: body.invalidEInvoices.map((m) => [m.month, m.count]) });
      break;
    case 'exports':
      tables.push({
        title: texts.tables.jobs,
        columns: [c.requested, c.by, c.format, c.year, c.status, c.documents, c.imported, c.errors, c.infos, c.reason],
        rows: body.jobs.map((j) => [
          moment(j.requestedAt, null),
          j.requestedBy,
          j.format,
          String(j.accounting),
          say(exportJobStatusKey(j.status)) ?? j.status,
          j.documents,
          j.imported,
          j.errors,
          j.infos,
          j.reason ? exportReasonText(j.reason, say) : '',
        ]),
      });
      tables.push({ title: texts.tables.reasons, columns: [c.reason, c.documents], rows: body.reasons.map((r) => [exportReasonText(r.reason, say), r.count]) });
      break;
  }
  const ordered = comparisonInTimeOrder(result);
  if (ordered) {
    // Forward in time whichever moment was asked first: earlier, later, and the difference later − earlier.
    const amount = (unit: string, v: number | null) => (unit === 'amount' || v === null ? v : String(v));
    tables.push({
      title: texts.tables.changes(moment(ordered.earlier.asOf, ordered.earlier.asOfPosition), moment(ordered.later.asOf, ordered.later.asOfPosition)),
      columns: [c.section, c.line, c.before, c.after, c.difference],
      rows: ordered.rows
        .filter((r) => r.changed)
        .map((r) => [
          texts.sections[r.line.section],
          reportLineText(r.line, country, say),
          amount(r.line.unit, r.earlier),
          amount(r.line.unit, r.later),
          amount(r.line.unit, r.difference),
        ]),
      amounts: [2, 3, 4],
      right: [2, 3, 4],
    });
  }
  return tables;
}
