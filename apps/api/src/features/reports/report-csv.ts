import type { ReportResult } from '@portal/contracts';
import { REPORT_TITLES, reportTables } from './report-tables';

const cell = (v: string | number | null, amount: boolean) => {
  if (v === null) return '';
  const text = typeof v === 'number' ? (amount ? v.toFixed(2) : String(v)) : v;
  // Quote always; a leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) && typeof v !== 'number' ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

/** A report as CSV (UTF-8 with BOM, semicolons: opens in German and English spreadsheets alike). */
export function reportCsv(result: ReportResult, clientName: string): string {
  const lines: string[] = [
    [cell(REPORT_TITLES[result.report], false), cell(`${result.client_no} ${clientName}`, false)].join(';'),
    [cell('Period', false), cell(`${result.from} – ${result.to}`, false)].join(';'),
    [cell('As of', false), cell(result.asOf ?? 'now', false), cell('Log position', false), cell(result.position, false)].join(';'),
  ];
  for (const table of reportTables(result)) {
    lines.push('', cell(table.title, false), table.columns.map((c) => cell(c, false)).join(';'));
    for (const row of table.rows) lines.push(row.map((v, i) => cell(v, table.amounts?.includes(i) ?? false)).join(';'));
  }
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
