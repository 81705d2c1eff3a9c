import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DocumentRecord, Paginated } from '@portal/contracts';
import { feathersClient } from './feathers';
import { extractionSettled, storedToken } from './support';

/** Can be confirmed and then booked: read, no blocking issue, and what booking needs from the reading (number, date, tax). */
const workable = (d: DocumentRecord) =>
  d.extraction === 'done' &&
  !!d.booking.iban &&
  !!d.booking.gross_amount &&
  !d.issues.some((i) => i.blocksConfirm) &&
  !!d.booking.invoice_number &&
  !!d.booking.invoice_date &&
  (d.booking.tax_rate !== null || !!d.booking.tax_code);

/** Read and still unconfirmed: an accountant can complete what the reading left open. */
const completable = (d: DocumentRecord) => d.extraction === 'done' && !d.confirmed && !d.locked;

/**
 * What an accountant fills in before booking: the accounts (the reading never finds them) and, on an invoice
 * whose reading left booking fields open or inconsistent, a number, a date, consistent amounts and an IBAN.
 * Earlier tests confirm and book the demo invoices that were read completely, so later ones complete one.
 */
async function completeForBooking(baseURL: string, page: Page, id: number): Promise<void> {
  const { app, close } = await feathersClient(baseURL, await storedToken(page));
  try {
    const doc = (await app.service('documents').get(id)) as DocumentRecord;
    const fields: Record<string, unknown> = {};
    if (!doc.booking.supplier_account) fields.supplier_account = '330000';
    if (!doc.booking.expense_account) fields.expense_account = '510000';
    if (!workable(doc)) {
      const blocked = new Set(doc.issues.filter((i) => i.blocksConfirm).map((i) => i.field));
      const today = new Date().toISOString().slice(0, 10);
      if (!doc.booking.invoice_number) fields.invoice_number = `E2E-${id}`;
      if (!doc.booking.invoice_date || blocked.has('invoice_date')) fields.invoice_date = today;
      for (const field of ['date_received', 'due_date', 'accrual_start', 'accrual_end'] as const) if (blocked.has(field)) fields[field] = today;
      // A discount date the reading got wrong (unreadable, or after the due date) is left out rather than guessed.
      if (blocked.has('discount_due_date')) fields.discount_due_date = null;
      if (!doc.booking.iban || blocked.has('iban')) fields.iban = 'AT611904300234573201';
      if (!doc.booking.gross_amount || blocked.has('gross_amount')) Object.assign(fields, { net_amount: 100, tax_amount: 20, gross_amount: 120, tax_rate: 20 });
      else if (doc.booking.tax_rate === null && !doc.booking.tax_code) fields.tax_rate = 20;
    }
    if (Object.keys(fields).length) await app.service('documents').patch(id, { fields });
  } finally {
    close();
  }
}

/**
 * An extracted incoming invoice of the demo seed that can be confirmed and booked (completed as an accountant would
 * when the reading left fields open), and not the last of its list; with `asShown` the list as the invoice screen on `page` shows it, so `next` is what Ctrl+Down
 * opens. Waits for the first start's demo OCR to settle first, so the list does not change under the test.
 */
export async function workableInvoice(
  page: Page,
  baseURL: string,
  client: number,
  skip: readonly number[] = [],
  options: { asShown?: boolean } = {},
): Promise<{ id: number; next: number }> {
  await extractionSettled(baseURL);
  const { app, close } = await feathersClient(baseURL, await storedToken(page));
  const ids = new Set<number>();
  const fallback = new Set<number>();
  let listed: number[] = [];
  try {
    await expect
      .poll(
        async () => {
          const page1 = (await app.service('documents').find({ query: { tab: 'ER_U', client_no: client, $limit: 50 } })) as Paginated<DocumentRecord>;
          listed = page1.data.map((d) => d.id);
          for (const d of page1.data) {
            if (skip.includes(d.id)) continue;
            if (workable(d)) ids.add(d.id);
            else if (completable(d)) fallback.add(d.id);
          }
          return listed.slice(0, -1).filter((id) => ids.has(id) || fallback.has(id)).length;
        },
        { timeout: 60_000 },
      )
      .toBeGreaterThan(0);
  } finally {
    close();
  }
  // Prefer an invoice read completely; complete one otherwise.
  if (!listed.slice(0, -1).some((id) => ids.has(id))) for (const id of fallback) ids.add(id);
  if (!options.asShown) {
    const index = listed.slice(0, -1).findIndex((id) => ids.has(id));
    await completeForBooking(baseURL, page, listed[index]!);
    return { id: listed[index]!, next: listed[index + 1]! };
  }
  // The list as the invoice screen shows it (its own order and live rows): what Ctrl+Down walks.
  const rows = page.locator('[data-testid^="invoice-row-"]');
  const shown = async () => rows.evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-testid')!.slice('invoice-row-'.length))));
  await expect.poll(async () => (await shown()).slice(0, -1).some((id) => ids.has(id)), { timeout: 30_000 }).toBe(true);
  const id = (await shown()).slice(0, -1).find((candidate) => ids.has(candidate))!;
  await completeForBooking(baseURL, page, id);
  // A completed field (a date, say) can move the invoice in the list: take its neighbour once the list holds still.
  let order: number[] = [];
  await expect
    .poll(
      async () => {
        const now = await shown();
        const still = now.join() === order.join();
        order = now;
        return still && now.indexOf(id) >= 0 && now.indexOf(id) < now.length - 1;
      },
      { timeout: 30_000, intervals: [1_500] },
    )
    .toBe(true);
  return { id, next: order[order.indexOf(id) + 1]! };
}
