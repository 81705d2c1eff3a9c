import type { ReportResult } from '@portal/contracts';
import { reportTables } from './report-tables';
import type { ReportTexts } from './report-texts';

/** One CSV cell, quoted; text a spreadsheet would run as a formula is neutralised; German readers get decimal commas. */
export const csvCell = (v: string | number | null, amount: boolean, decimalComma = false) => {
  if (v === null) return '';
  const number = (n: number) => (decimalComma ? String(n).replace('.', ',') : String(n));
  const text = typeof v === 'number' ? (amount ? (decimalComma ? v.toFixed(2).replace('.', ',') : v.toFixed(2)) : number(v)) : v;
  // Quote always; a leading =, +, - or @ would be a formula in a spreadsheet, and so would one after a leading
  // tab or carriage return (spreadsheets drop them): such a text cell starts with an apostrophe.
  const safe = /^[=+\-@\t\r]/.test(text) && typeof v !== 'number' ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/**
 * A report as CSV in the reader's language (UTF-8 with BOM, semicolons): German readers get decimal commas, as
 * their spreadsheets read them; the log position the report stands at is internal and not written.
 */
export function reportCsv(
  result: ReportResult,
  clientName: string,
  texts: ReportTexts,
  moment: (iso: string | null, position: number | null) => string,
): string {
  const decimalComma = texts.numberLocale.startsWith('de');
  const lines: string[] = [
    [csvCell(texts.titles[result.report], false), csvCell(`${result.client_no} ${clientName}`, false)].join(';'),
    [csvCell(texts.period, false), csvCell(`${moment(result.from, null)} – ${moment(result.to, null)}`, false)].join(';'),
    [csvCell(texts.asOf, false), csvCell(moment(result.asOf, result.asOfPosition), false)].join(';'),
  ];
  for (const table of reportTables(result, texts, moment)) {
    lines.push('', csvCell(table.title, false), table.columns.map((c) => csvCell(c, false)).join(';'));
    for (const row of table.rows) lines.push(row.map((v, i) => csvCell(v, table.amounts?.includes(i) ?? false, decimalComma)).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
