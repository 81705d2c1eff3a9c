import type { ExportBatch } from '@portal/contracts';

/** March 2026 of client 1001: one incoming invoice (supplier 70001, expense 6300) and one outgoing (customer 10001, revenue 4400). */
export function marchBatch(): ExportBatch {
  return {
    clientNo: 1001,
    consultantNumber: 29098,
    clientNumber: 55003,
    fiscalYearStart: '2026-01-01',
    accountLength: 4,
    periodStart: '2026-03-01',
    periodEnd: '2026-03-31',
    description: 'Belege 03/2026',
    createdAt: '2026-04-02T10:15:30.123+02:00',
    currency: 'EUR',
    bookings: [
      {
        documentId: 4711,
        direction: 'ER',
        invoiceNumber: 'RE-2026/0815',
        invoiceDate: '2026-03-12',
        personAccount: 70001,
        ledgerAccount: 6300,
        gross: 1250.5,
        tax: 208.42,
        taxRate: 20,
        datevTaxKey: '9',
        costCentre: 'KST100',
        text: 'Gletscherblick Bergbahnen GmbH – Gebühr',
      },
      {
        documentId: 4712,
        direction: 'AR',
        invoiceNumber: 'AR-17',
        invoiceDate: '2026-03-02',
        bookingDate: '2026-03-31',
        personAccount: 10001,
        ledgerAccount: 4400,
        gross: 119,
        tax: 19,
        taxRate: 19,
        datevTaxKey: '3',
        text: 'Bäckerei "Huber"; Filiale Süd',
      },
    ],
  };
}

import { decode } from 'iconv-lite';

/** Reads an export file back as DATEV and BMD do (Windows-1252). */
export const decodeWindows1252 = (bytes: Buffer): string => decode(bytes, 'windows-1252');

/** Splits one DATEV line at semicolons outside quotes, keeping each field as written (quotes included). */
export function datevFields(line: string): string[] {
  const fields: string[] = [];
  let current = '';
  let quoted = false;
  for (const char of line) {
    if (char === '"') quoted = !quoted;
    if (char === ';' && !quoted) {
      fields.push(current);
      current = '';
    } else current += char;
  }
  fields.push(current);
  return fields;
}
