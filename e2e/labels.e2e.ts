import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DocumentRecord, PageWords, Paginated } from '@portal/contracts';
import { readPdf } from '@portal/document-files';
import { textScan } from '@portal/demo-data';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectNoSeriousA11yViolations } from './axe';
import { feathersClient } from './feathers';
import { login, storedToken, shot } from './support';

/**
 * The clerk labels three invoices of one supplier (work screen and document view, by typing and by
 * drawing a box), the fourth arrives with the field read and marked as learned; a searchable PDF is downloaded
 * and its text layer holds the scan's words; a user without dpv sees no payroll document in lists, search or counts.
 */
const DESKTOP = { width: 1280, height: 720 };
const MOBILE = { width: 390, height: 844 };
const CLIENT = 1005;
const RUN = Date.now().toString(36);
const reference = (n: number) => `HR-${7300 + n * 11}`;

async function supplierInvoice(n: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const lines = [
    'Hafenblick Druckerei GmbH',
    'Speicherstadt 4, 20457 Hamburg',
    '',
    'Rechnung',
    `Rechnungsnummer: HD-${RUN}-${n}`,
    `Rechnungsdatum: 0${n}.03.2026`,
    `Kundenreferenz: ${reference(n)}`,
    '',
    'Nettobetrag: 100,00 EUR',
    'USt 19 %: 19,00 EUR',
    'Gesamtbetrag: 119,00 EUR',
  ];
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}

async function upload(baseURL: string, token: string, client: number, name: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(bytes)]), name);
  const res = await fetch(`${baseURL}/api/documents/upload?client=${client}&category=ER_U`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  const body = (await res.json()) as { files?: Array<{ documentId?: number }> };
  expect(res.status).toBe(201);
  return body.files![0]!.documentId!;
}

/** The document once the worker has read it (right after the portal started, the demo scans are read first). */
async function extracted(baseURL: string, token: string, id: number): Promise<DocumentRecord> {
  const { app, close } = await feathersClient(baseURL, token);
  try {
    let doc: DocumentRecord | null = null;
    await expect.poll(async () => (doc = (await app.service('documents').get(id)) as DocumentRecord).extraction, { timeout: 60_000 }).toBe('done');
    return doc!;
  } finally {
    close();
  }
}

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => localStorage.setItem('dark-mode', d ? '1' : '0'), dark);
  await page.reload();
  if (dark) await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
}

/** In the Label panel: find the words by typing, take them as the payment reference, save. */
async function labelByFinding(page: Page, words: string): Promise<void> {
  await page.getByTestId('label-find').fill(words);
  await page.getByTestId('label-find').press('Enter');
  await expect(page.getByTestId('label-words')).toHaveText(words);
  await page.getByTestId('label-field').selectOption('payment_reference');
  await expect(page.getByTestId('label-value')).toHaveValue(words);
  await page.getByTestId('label-save').click();
  await expect(page.getByTestId('label-origin-payment_reference')).toContainText('9');
}

test.describe('labeling, searchable PDF and payroll documents', () => {
  // Right after the portal started, the worker reads the demo invoices first (scans take a while on a loaded
  // machine): wait for that once, so each test then waits only for its own documents.
  test.beforeAll(async ({ browser, baseURL }) => {
    test.setTimeout(900_000);
    const page = await browser.newPage();
    await login(page, 'admin', '/documents/1001');
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    try {
      const pending = async () => ((await app.service('documents').find({ query: { extraction: 'pending', $limit: 0 } })) as Paginated<DocumentRecord>).total;
      await expect.poll(pending, { timeout: 840_000, intervals: [2_000] }).toBe(0);
    } finally {
      close();
      await page.close();
    }
  });

  test('the clerk labels three invoices of a supplier, the fourth arrives with the field read and marked as learned', async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(DESKTOP);
    await login(page, 'clerk', `/invoices/${CLIENT}`);
    const token = await storedToken(page);
    const ids: number[] = [];
    for (const n of [1, 2, 3]) ids.push(await upload(baseURL!, token, CLIENT, `hafenblick-${RUN}-${n}.pdf`, await supplierInvoice(n)));
    for (const id of ids) await extracted(baseURL!, token, id);

    // 1: in the work screen (German, light), by typing the words.
    await page.goto(`/invoices/${CLIENT}/er_u/${ids[0]}`);
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(ids[0]));
    await page.getByTestId('tab-label').click();
    await page.getByTestId('label-mode').click();
    await expect(page.getByTestId('label-layer-1')).toBeVisible({ timeout: 30_000 });
    await labelByFinding(page, reference(1));
    await expect(page.getByTestId('label-box-payment_reference')).toBeVisible();
    await expect(page.getByTestId('label-origin-payment_reference')).toHaveText('Markiert · 9');
    await expectNoSeriousA11yViolations(page);
    await shot(page, 'labels-work-screen-light-de-1280');

    // 2: in the work screen, by drawing a box around the words on the page.
    await page.goto(`/invoices/${CLIENT}/er_u/${ids[1]}`);
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(ids[1]));
    await page.getByTestId('tab-label').click();
    await page.getByTestId('label-mode').click();
    const layer = page.getByTestId('label-layer-1');
    await expect(layer).toBeVisible({ timeout: 30_000 });
    const pages = (await (await fetch(`${baseURL}/api/documents/${ids[1]}/words`, { headers: { Authorization: `Bearer ${token}` } })).json()) as PageWords[];
    const word = pages[0]!.words.find((w) => w.text === reference(2))!;
    const area = (await layer.boundingBox())!;
    const scale = area.width / pages[0]!.width;
    await page.mouse.move(area.x + (word.x - 3) * scale, area.y + (word.y - 3) * scale);
    await page.mouse.down();
    await page.mouse.move(area.x + (word.x + word.width + 3) * scale, area.y + (word.y + word.height + 3) * scale, { steps: 5 });
    await page.mouse.up();
    await expect(page.getByTestId('label-words')).toHaveText(reference(2));
    await page.getByTestId('label-field').selectOption('payment_reference');
    await page.getByTestId('label-save').click();
    await expect(page.getByTestId('label-origin-payment_reference')).toContainText('9');

    // 3: in the single-document view; the label is in the audit timeline and can be undone and set again.
    await page.goto(`/doc/${CLIENT}/${ids[2]}`);
    await expect(page.getByTestId('document-title')).toBeVisible();
    await page.getByTestId('label-mode').click();
    await expect(page.getByTestId('label-layer-1')).toBeVisible({ timeout: 30_000 });
    await labelByFinding(page, reference(3));
    await page.getByTestId('label-undo-payment_reference').click();
    await expect(page.getByTestId('label-origin-payment_reference')).toHaveCount(0);
    await labelByFinding(page, reference(3));
    await page.reload();
    await expect(page.getByTestId('document-history')).toContainText('Feld markiert');
    await expect(page.getByTestId('document-history')).toContainText('Markierung zurückgenommen');

    // 4: arrives and is read with what the three taught; the admin (English) looks on a phone, in the dark.
    const fourth = await upload(baseURL!, token, CLIENT, `hafenblick-${RUN}-4.pdf`, await supplierInvoice(4));
    const read = await extracted(baseURL!, token, fourth);
    expect(read.booking.payment_reference).toBe(reference(4));
    expect(read.field_origins.payment_reference).toBe(10);
    const context = await browser.newContext({ viewport: MOBILE });
    const phone = await context.newPage();
    await login(phone, 'admin', `/invoices/${CLIENT}/er_u/${fourth}`);
    if (!new URL(phone.url()).pathname.endsWith(`/${fourth}`)) await phone.goto(`/invoices/${CLIENT}/er_u/${fourth}`);
    await setDark(phone, true);
    await phone.getByTestId('pane-tab-fields').click();
    await phone.getByTestId('tab-label').click();
    await expect(phone.getByTestId('label-learned')).toContainText('3 invoices of Hafenblick Druckerei GmbH');
    await expect(phone.getByTestId('label-value-payment_reference')).toHaveText(reference(4));
    await expect(phone.getByTestId('label-origin-payment_reference')).toHaveText(/^Learned · 10 · \d+ %$/);
    await expectNoSeriousA11yViolations(phone);
    await shot(phone, 'labels-learned-dark-en-390');
    await setDark(phone, false);
    await context.close();
  });

  test('a scan gets a searchable PDF whose text layer holds its words', async ({ page, baseURL }) => {
    test.setTimeout(90_000);
    await page.setViewportSize(DESKTOP);
    await login(page, 'admin', '/documents/1001');
    const token = await storedToken(page);
    const id = await upload(
      baseURL!,
      token,
      1001,
      `scan-${RUN}.png`,
      await textScan([['Rechnung 4711', 'Kaiserschmarrn Lieferung', 'Gesamtbetrag 99,00 EUR']], 'png'),
    );
    expect((await extracted(baseURL!, token, id)).searchable_pdf).toMatchObject({ pages: 1, pdfa: true });
    await page.goto(`/doc/1001/${id}`);
    const button = page.getByTestId('document-searchable-pdf');
    await expect(button).toHaveText('Download searchable PDF');
    await shot(page, 'labels-searchable-pdf-light-en-1280');
    const download = page.waitForEvent('download');
    await button.click();
    const file = await readFile((await (await download).path())!);
    expect((await download).suggestedFilename()).toBe(`scan-${RUN}-searchable.pdf`);
    const layer = await readPdf(new Uint8Array(file), {
      maxPages: 5,
      maxOcrPages: 0,
      minTextChars: 0,
      dpi: 72,
      maxPixels: 1e6,
      timeoutMs: 30_000,
      maxHeapMb: 256,
      isolation: 'thread',
    });
    expect(layer.ok).toBe(true);
    const words = layer.ok ? layer.pages[0]!.words!.map((w) => w.text) : [];
    expect(words).toContain('Kaiserschmarrn');
    // Found at its place: on the scan's second line, left of the page's middle.
    const found = layer.ok ? layer.pages[0]!.words!.find((w) => w.text === 'Kaiserschmarrn')! : null;
    expect(found!.x).toBeLessThan(layer.ok ? layer.pages[0]!.width! / 2 : 0);
  });

  test('a user without dpv sees no payroll document in lists, search or counts; the admin does', async ({ page, browser }) => {
    // The admin (English, desktop, light) finds the demo payslip and sees it marked as payroll.
    await page.setViewportSize(DESKTOP);
    await login(page, 'admin', '/documents/1001?tab=ER_U');
    if (!new URL(page.url()).pathname.startsWith('/documents/1001')) await page.goto('/documents/1001?tab=ER_U');
    const search = async (p: Page, word: string) => {
      await p.getByTestId('documents-search').fill(word);
      await p.getByTestId('documents-search').press('Enter');
    };
    const total = async (p: Page) => Number(((await p.getByTestId('documents-count').textContent()) ?? '').replace(/\D/g, ''));
    await expect(page.getByTestId('documents-count')).not.toHaveAttribute('aria-busy', 'true');
    // The demo payslip is in the admin's list: asked of the server, because the virtualized table renders only the
    // rows in view and the payslip, uploaded at start, sits below the documents earlier tests uploaded.
    const payslipsFound = async (p: Page) => {
      const { app, close } = await feathersClient(new URL(p.url()).origin, await storedToken(p));
      try {
        return ((await app.service('documents').find({ query: { client_no: 1001, search: 'Auszahlungsbetrag' } })) as Paginated<DocumentRecord>).total;
      } finally {
        close();
      }
    };
    await expect.poll(() => payslipsFound(page), { timeout: 30_000 }).toBe(1);
    const adminTotal = await total(page);
    const counts = async (p: Page) => {
      const { app, close } = await feathersClient(new URL(p.url()).origin, await storedToken(p));
      try {
        return ((await app.service('accounting-client').get(1001)) as { notifications: { documents: number; invoices: number } }).notifications;
      } finally {
        close();
      }
    };
    const adminCounts = await counts(page);
    await search(page, 'Auszahlungsbetrag');
    await expect(page.getByTestId('documents-count')).toHaveText(/^1 /, { timeout: 30_000 });
    await expect(page.getByText(/Lohnabrechnung.2026-02.Huber/).first()).toBeVisible();
    // The list row says it is a payroll document.
    await expect(page.getByTestId('flag-tags').locator('[data-flag="payroll"]').first()).toHaveText('Payroll');
    await shot(page, 'labels-payroll-admin-light-en-1280');

    // client1 (German, phone, dark) has no dpv: no payroll document in the list, the search or the counts.
    const context = await browser.newContext({ viewport: MOBILE });
    const other = await context.newPage();
    await login(other, 'client1', '/documents/1001?tab=ER_U');
    if (!new URL(other.url()).pathname.startsWith('/documents/1001')) await other.goto('/documents/1001?tab=ER_U');
    await setDark(other, true);
    await expect(other.getByTestId('documents-count')).not.toHaveAttribute('aria-busy', 'true');
    await expect.poll(() => total(other)).toBe(adminTotal - 3);
    await expect(other.getByText(/Lohnabrechnung.2026-02.Huber/)).toHaveCount(0);
    // A document the admin marks as payroll while client1 looks at the list leaves client1's screen at once.
    const origin = new URL(page.url()).origin;
    const adminToken = await storedToken(page);
    const later = await upload(origin, adminToken, 1001, `Gehaltsliste ${RUN}.pdf`, await supplierInvoice(9));
    await expect(other.getByTestId(`open-${later}`)).toBeVisible({ timeout: 30_000 });
    const admin = await feathersClient(origin, adminToken);
    try {
      await admin.app.service('documents').patch(later, { payroll: true });
    } finally {
      admin.close();
    }
    await expect(other.getByTestId(`open-${later}`)).toHaveCount(0, { timeout: 15_000 });
    await expect.poll(() => total(other)).toBe(adminTotal - 3);
    await search(other, 'Auszahlungsbetrag');
    await expect(other.getByTestId('documents-count')).toHaveText(/^0 /);
    await expect(other.getByText(/Lohnabrechnung.2026-02.Huber/)).toHaveCount(0);
    const { app, close } = await feathersClient(new URL(other.url()).origin, await storedToken(other));
    try {
      const found = (await app.service('documents').find({ query: { client_no: 1001, search: 'Auszahlungsbetrag' } })) as Paginated<DocumentRecord>;
      expect(found.total).toBe(0);
    } finally {
      close();
    }
    // The badges count three documents fewer: the demo payroll papers are unconfirmed incoming documents.
    const theirs = await counts(other);
    expect(theirs).toEqual({ documents: adminCounts.documents - 3, invoices: adminCounts.invoices - 3 });
    await expectNoSeriousA11yViolations(other);
    await shot(other, 'labels-payroll-client1-dark-de-390');
    await setDark(other, false);
    await context.close();
  });
});
