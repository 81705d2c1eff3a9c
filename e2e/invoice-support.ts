import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DocumentRecord, Paginated } from '@portal/contracts';
import { feathersClient } from './feathers';
import { extractionSettled, storedToken } from './support';

/** Can be confirmed and then booked: read, no blocking issue, and what booking needs from the reading (number, date, tax). */
const workable = (d: DocumentRecord) =>
  d.extraction === 'done' && !!d.booking.iban && !!d.booking.gross_amount && !d.issues.some((i) => i.blocksConfirm) && !!d.booking.invoice_number && !!d.booking.invoice_date && (d.booking.tax_rate !== null || !!d.booking.tax_code);

/** The accounts an accountant gives an invoice before booking it (the reading never finds them). */
async function withAccounts(baseURL: string, page: Page, id: number): Promise<void> {
  const { app, close } = await feathersClient(baseURL, await storedToken(page));
  try {
    const doc = (await app.service('documents').get(id)) as DocumentRecord;
    if (doc.booking.supplier_account && doc.booking.expense_account) return;
    await app.service('documents').patch(id, { fields: { supplier_account: doc.booking.supplier_account || '330000', expense_account: doc.booking.expense_account || '510000' } });
  } finally {
    close();
  }
}

/**
 * An extracted incoming invoice of the demo seed that can be confirmed (no blocking issue), with an IBAN, and not
 * the last of its list; with `asShown` the list as the invoice screen on `page` shows it, so `next` is what Ctrl+Down
 * opens. Waits for the first start's demo OCR to settle first, so the list does not change under the test.
 */
export async function workableInvoice(page: Page, baseURL: string, client: number, skip: readonly number[] = [], options: { asShown?: boolean } = {}): Promise<{ id: number; next: number }> {
  await extractionSettled(baseURL);
  const { app, close } = await feathersClient(baseURL, await storedToken(page));
  const ids = new Set<number>();
  let listed: number[] = [];
  try {
    await expect
      .poll(
        async () => {
          const page1 = (await app.service('documents').find({ query: { tab: 'ER_U', client_no: client, $limit: 50 } })) as Paginated<DocumentRecord>;
          listed = page1.data.map((d) => d.id);
          for (const d of page1.data) if (workable(d) && !skip.includes(d.id)) ids.add(d.id);
          return listed.slice(0, -1).filter((id) => ids.has(id)).length;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
  } finally {
    close();
  }
  if (!options.asShown) {
    const index = listed.slice(0, -1).findIndex((id) => ids.has(id));
    await withAccounts(baseURL, page, listed[index]!);
    return { id: listed[index]!, next: listed[index + 1]! };
  }
  // The list as the invoice screen shows it (its own order and live rows): what Ctrl+Down walks.
  const rows = page.locator('[data-testid^="invoice-row-"]');
  const shown = async () => rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('invoice-row-'.length))));
  await expect.poll(async () => (await shown()).slice(0, -1).some((id) => ids.has(id)), { timeout: 30_000 }).toBe(true);
  const order = await shown();
  const index = order.slice(0, -1).findIndex((id) => ids.has(id));
  await withAccounts(baseURL, page, order[index]!);
  return { id: order[index]!, next: order[index + 1]! };
}
