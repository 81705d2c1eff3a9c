import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DocumentRecord, Paginated } from '@portal/contracts';
import { feathersClient } from './feathers';
import { storedToken } from './support';

const workable = (d: DocumentRecord) => d.extraction === 'done' && !!d.booking.iban && !!d.booking.gross_amount && !d.issues.some((i) => i.blocksConfirm);

/** An extracted incoming invoice of the demo seed that can be confirmed (no blocking issue), with an IBAN, and not the last of its list. */
export async function workableInvoice(page: Page, baseURL: string, client: number, skip: readonly number[] = []): Promise<{ id: number; next: number }> {
  const { app, close } = await feathersClient(baseURL, await storedToken(page));
  try {
    let rows: DocumentRecord[] = [];
    const index = () => rows.slice(0, -1).findIndex((d) => workable(d) && !skip.includes(d.id));
    await expect
      .poll(
        async () => {
          const page1 = (await app.service('documents').find({ query: { tab: 'ER_U', client_no: client, $limit: 50 } })) as Paginated<DocumentRecord>;
          rows = page1.data;
          return index() >= 0;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    return { id: rows[index()].id, next: rows[index() + 1].id };
  } finally {
    close();
  }
}
