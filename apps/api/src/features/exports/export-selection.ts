import { DOCUMENT_FLAGS, type AccountingPeriod } from '@portal/contracts';
import { DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/** The most documents one export job takes; the rest wait for the next export. */
export const MAX_EXPORT_DOCUMENTS = 5000;

/**
 * Booked, not yet imported, not deleted documents of the client whose invoice date lies in the period.
 * Payroll documents go only into the exports of a user with dpv (the export files carry their data);
 * without it they wait for such a user's export.
 */
export async function documentsToExport(
  store: ReadStore,
  clientNo: number,
  period: Pick<AccountingPeriod, 'start' | 'end'>,
  { withPayroll }: { withPayroll: boolean },
): Promise<number[]> {
  const page = await store.find(DOCUMENTS, {
    where: {
      client_no: clientNo,
      booked: true,
      deleted: false,
      invoice_date: { $gte: period.start, $lte: period.end },
      ...(withPayroll ? {} : { payroll: { $ne: true } }),
    },
    sort: [
      ['invoice_date', 1],
      ['id', 1],
    ],
    skip: 0,
    limit: MAX_EXPORT_DOCUMENTS * 2,
    select: ['id', 'flags'],
  });
  return page.data
    .filter((doc) => (doc.flags & DOCUMENT_FLAGS.ERPImported) === 0)
    .slice(0, MAX_EXPORT_DOCUMENTS)
    .map((doc) => doc.id as number);
}
