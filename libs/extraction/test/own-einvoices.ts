import { generateDemoInvoices, type DemoInvoice } from '@portal/demo-data';

/** A few of the project's own generated invoices (text, ZUGFeRD and scanned PDFs with their UBL and CII twins). */
export function ownInvoices(count = 8, seed = 20260101): Promise<DemoInvoice[]> {
  return generateDemoInvoices({
    companyNo: 1004,
    companyName: 'Müller Elektrotechnik GmbH',
    companyPlace: 'München',
    count,
    seed,
    today: new Date('2026-11-22T10:00:00Z'),
  });
}
