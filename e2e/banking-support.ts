import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DocumentRecord, OpenItem } from '@portal/contracts';
import { composeIBAN } from 'ibantools';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { feathersClient } from './feathers';

const YEAR = new Date().getUTCFullYear();

/** Light or dark theme by the stored choice, then the banking screen (or the admin overview) again. */
export async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => localStorage.setItem('dark-mode', d ? '1' : '0'), dark);
  await page.reload();
  await expect(page.getByTestId('banking-screen').or(page.getByTestId('banking-overview')).first()).toBeVisible({ timeout: 60_000 });
}

/** The new-account dialog opened from the banking screen (or `opener`) and filled in (not yet saved): answers the dialog. */
export async function fillNewAccount(
  page: Page,
  account: { iban: string; bank: string; label: string; type?: string; opening: string },
  opener: ReturnType<Page['getByTestId']> = page.getByTestId('account-new'),
): Promise<ReturnType<Page['getByTestId']>> {
  await opener.click();
  const dialog = page.getByTestId('account-dialog');
  await dialog.getByTestId('account-iban').fill(account.iban);
  await dialog.getByTestId('account-bank').fill(account.bank);
  await dialog.getByTestId('account-label').fill(account.label);
  if (account.type) await dialog.getByTestId('account-type').selectOption(account.type);
  await dialog.getByTestId('account-opening').fill(account.opening);
  await dialog.getByTestId('account-opening-date').fill(`${YEAR}-01-01`);
  return dialog;
}

let accountsOpened = 0;

/** A fresh account (an IBAN no other test uses) opened by hand on the banking screen and saved: its IBAN and card. */
export async function openAccountByHand(
  page: Page,
  account: { bank: string; label: string; opening: string },
): Promise<{ iban: string; card: ReturnType<Page['getByTestId']> }> {
  accountsOpened += 1;
  const iban = composeIBAN({ countryCode: 'AT', bban: `32000${String((Date.now() + accountsOpened * 7) % 1e11).padStart(11, '0')}` })!;
  const dialog = await fillNewAccount(page, { iban, ...account });
  await dialog.getByTestId('account-save').click();
  await expect(dialog).toHaveCount(0);
  return { iban, card: page.getByTestId(`account-${iban}`) };
}

/** An outgoing invoice of the client, booked through the API: an open receivable to match. */
export async function openReceivable(baseURL: string, token: string, client: number, number: string, gross: number): Promise<OpenItem> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const p = pdf.addPage([595, 842]);
  [`Rechnung ${number}`, 'Alpenblick Gastronomie GmbH', `Gesamtbetrag: ${gross.toFixed(2)} EUR`].forEach((line, i) =>
    p.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }),
  );
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(await pdf.save())], { type: 'application/pdf' }), `${number}.pdf`);
  const res = await fetch(`${baseURL}/api/documents/upload?client=${client}&category=AR_U`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBeLessThan(300);
  const id = ((await res.json()) as { files: Array<{ documentId: number }> }).files[0]!.documentId;
  const { app, close } = await feathersClient(baseURL, token);
  try {
    const documents = app.service('documents');
    // Booked by hand right away: human fields win over the extraction that may still run behind the demo documents.
    await expect.poll(async () => ((await documents.get(id)) as DocumentRecord | null)?.id, { timeout: 30_000 }).toBe(id);
    const net = Math.round((gross / 1.2) * 100) / 100;
    // Confirming waits until the document is read; a person's upload is read ahead of the demo documents.
    await expect.poll(async () => ((await documents.get(id)) as DocumentRecord).extraction, { timeout: 120_000 }).not.toBe('pending');
    await documents.patch(id, {
      fields: {
        invoice_number: number,
        invoice_date: `${YEAR}-01-10`,
        due_date: `${YEAR}-02-10`,
        recipient: 'Gasthof Post Innsbruck',
        currency: 'EUR',
        net_amount: net,
        tax_amount: Math.round((gross - net) * 100) / 100,
        gross_amount: gross,
        tax_rate: 20,
        supplier_account: '200000',
        expense_account: '400000',
      },
    });
    await documents.patch(id, { action: 'confirm' });
    await documents.patch(id, { action: 'book' });
    let item: OpenItem | null = null;
    await expect
      .poll(
        async () => {
          item = (await app
            .service('open-items')
            .get(id)
            .catch(() => null)) as OpenItem | null;
          return item?.open;
        },
        { timeout: 20_000 },
      )
      .toBe(true);
    return item!;
  } finally {
    close();
  }
}
