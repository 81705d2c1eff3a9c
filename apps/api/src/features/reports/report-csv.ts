import type { ReportResult } from '@portal/contracts';
import { reportTables } from './report-tables';
import type { ReportTexts } from './report-texts';

const cell = (v: string | number | null, amount: boolean, decimalComma = false) => {
  if (v === null) return '';
  const number = (n: number) => (decimalComma ? String(n).replace('.', ',') : String(n));
  const text = typeof v === 'number' ? (amount ? (decimalComma ? v.toFixed(2).replace('.', ',') : v.toFixed(2)) : number(v)) : v;
  // Quote always; a leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof v !== 'number' ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/**
 * A report as CSV in the reader's language (UTF-8 with BOM, semicolons): German readers get decimal commas, as
 * their spreadsheets read them; the log position the report stands at is internal and not written.
 */
export function reportCsv(result: ReportResult, clientName: string, texts: ReportTexts, moment: (iso: string | null, position: number | null) => string): string {
  const decimalComma = texts.numberLocale.startsWith('de');
  const lines: string[] = [
    [cell(texts.titles[result.report], false), cell(`${result.client_no} ${clientName}`, false)].join(';'),
    [cell(texts.period, false), cell(`${moment(result.from, null)} – ${moment(result.to, null)}`, false)].join(';'),
    [cell(texts.asOf, false), cell(moment(result.asOf, result.asOfPosition), false)].join(';'),
  ];
  for (const table of reportTables(result, texts, moment)) {
    lines.push('', cell(table.title, false), table.columns.map((c) => cell(c, false)).join(';'));
    for (const row of table.rows) lines.push(row.map((v, i) => cell(v, table.amounts?.includes(i) ?? false, decimalComma)).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
