import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { OpenItemsPage, ReportResult } from '@portal/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { feathersClient } from './feathers';
import { loginAt, storedToken, toggleDarkTheme, openDrawer, closeDrawer, shot } from './support';

const euro = (amount: number, locale: 'de' | 'en') =>
  new Intl.NumberFormat(locale === 'de' ? 'de-DE' : 'en-US', { style: 'currency', currency: 'EUR' }).format(amount);

/** Generous waits: the e2e machine is shared, and a live push can take a while under load. */
const expect = baseExpect.configure({ timeout: 45_000 });
const CLIENT = 1001;
const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);
const daysAgo = (n: number) => new Date(Date.now() - n * DAY).toISOString().slice(0, 10);
const monthStart = () => `${today().slice(0, 7)}-01`;

async function invoicePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}

async function upload(baseURL: string, token: string, name: string): Promise<number> {
  const form = new FormData();
  const bytes = await invoicePdf([name, 'Rechnung', `Rechnungsdatum: ${today()}`, 'Gesamtbetrag: 740,70 EUR']);
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${name}.pdf`);
  const res = await fetch(`${baseURL}/api/documents/upload?client=${CLIENT}&category=ER_U`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { files: Array<{ documentId: number }> }).files[0]!.documentId;
}

/** Axe: no serious or critical WCAG 2.1 AA violation. */
async function accessible(page: Page, label: string) {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map(
      (v) =>
        `${label}: ${v.id} ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(', ')}`,
    ),
  ).toEqual([]);
}

/** Uploads an incoming invoice and fills, confirms and books it through the API, as an accountant would in the work screen. */
async function bookedInvoice(baseURL: string, token: string, name: string, dueDate: string): Promise<number> {
  const tag = Date.now().toString(36).toUpperCase();
  const id = await upload(baseURL, token, `${name} ${tag}`);
  const { app, close } = await feathersClient(baseURL, token);
  try {
    const documents = app.service('documents');
    // Confirming waits until the document is read; a person's upload is read ahead of the demo documents.
    await expect.poll(async () => ((await documents.get(id)) as { extraction: string }).extraction, { timeout: 120_000 }).not.toBe('pending');
    await documents.patch(id, {
      fields: {
        invoice_number: `${name.slice(0, 2).toUpperCase()}-${tag}`,
        invoice_date: today(),
        biller: `${name} GmbH`,
        currency: 'EUR',
        net_amount: 617.25,
        tax_amount: 123.45,
        gross_amount: 740.7,
        tax_rate: 20,
        due_date: dueDate,
        supplier_account: '330100',
        expense_account: '510000',
      },
    });
    await documents.patch(id, { action: 'confirm' });
    await documents.patch(id, { action: 'book' });
  } finally {
    close();
  }
  return id;
}

async function secondBrowserPage(browser: Browser, username: string, path: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  const page = await context.newPage();
  await loginAt(page, username, path);
  return page;
}

test.describe('reports, unpaid items, responsibility and overview', () => {
  test.describe.configure({ timeout: 120_000 });

  test('an accountant books an invoice: the VAT report shows it, as of yesterday it does not, the two moments side by side; CSV and PDF in German', async ({
    page,
    baseURL,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await loginAt(page, 'accountant', `/reports/${CLIENT}`);
    const token = await storedToken(page);
    const { app, close } = await feathersClient(baseURL!, token);
    const reports = app.service('reports');
    const query = { client_no: CLIENT, report: 'vat', from: monthStart(), to: `${today().slice(0, 7)}-28` > today() ? `${today().slice(0, 7)}-28` : today() };
    const input = (b: ReportResult['body']) => (b.kind === 'vat' ? b.codes.find((c) => c.code === '060')!.amount : 0);
    // The as-of input takes local time; the browser runs in the same zone as this test.
    const yesterdayNoon = new Date(`${daysAgo(1)}T12:00`).toISOString();
    const before = ((await reports.find({ query })) as ReportResult).body;
    const tag = Date.now().toString(36).toUpperCase();
    const id = await upload(baseURL!, token, `Tiroler Bergbau ${tag}`);
    const documents = app.service('documents');
    // Confirming waits until the document is read; a person's upload is read ahead of the demo documents.
    await expect.poll(async () => ((await documents.get(id)) as { extraction: string }).extraction, { timeout: 120_000 }).not.toBe('pending');
    await documents.patch(id, {
      fields: {
        invoice_number: `TB-${tag}`,
        invoice_date: today(),
        biller: 'Tiroler Bergbau GmbH',
        currency: 'EUR',
        net_amount: 617.25,
        tax_amount: 123.45,
        gross_amount: 740.7,
        tax_rate: 20,
        due_date: daysAgo(45),
        supplier_account: '330100',
        expense_account: '510000',
      },
    });
    await documents.patch(id, { action: 'confirm' });
    await documents.patch(id, { action: 'book' });
    const asOfYesterday = input(((await reports.find({ query: { ...query, asOf: yesterdayNoon } })) as ReportResult).body);
    close();

    // The live report follows the booking; the code's meaning is German for a German reader.
    await page.getByTestId('report-period-kind').selectOption('month');
    const live = Math.round((input(before) + 123.45) * 100) / 100;
    await expect(page.getByTestId('vat-amount-060')).toHaveText(euro(live, 'de'));
    await expect(page.getByTestId('vat-code-060')).toContainText('Vorsteuer');
    await shot(page, 'reports-vat-de-light-1280');

    // As of yesterday noon the log held nothing of it: exactly yesterday's figure.
    await page.getByTestId('report-as-of').fill(`${daysAgo(1)}T12:00`);
    await expect(page.getByTestId('report-as-of-line')).toContainText('Stand');
    await expect(page.getByTestId('vat-amount-060')).toHaveText(euro(asOfYesterday, 'de'));
    expect(asOfYesterday).not.toBe(live);

    // Now beside yesterday: both moments side by side, the changed line highlighted; "only changed lines" hides the rest.
    await page.getByTestId('report-as-of').fill('');
    await page.getByTestId('report-compare').fill(`${daysAgo(1)}T12:00`);
    const changed = page.getByTestId('comparison-code:060');
    await expect(changed).toHaveAttribute('data-changed', 'true');
    await expect(changed).toContainText('060 Vorsteuer');
    await expect(changed).toContainText(euro(asOfYesterday, 'de'));
    await expect(changed).toContainText(euro(live, 'de'));
    // Earlier left, later right, and the difference later − earlier.
    await expect(page.getByTestId('comparison-difference-code:060')).toContainText(euro(Math.abs(Math.round((live - asOfYesterday) * 100) / 100), 'de'));
    await expect(page.getByTestId('comparison-code:029')).toHaveAttribute('data-changed', 'false');
    await page.locator('label', { has: page.getByTestId('report-only-changes') }).click();
    await expect(page.getByTestId('comparison-code:029')).toHaveCount(0);
    await expect(changed).toBeVisible();
    await shot(page, 'reports-compare-de-light-1280');
    await accessible(page, 'reports light');

    const csvDownload = page.waitForEvent('download');
    await page.getByTestId('report-csv').click();
    const csv = await readFile((await (await csvDownload).path())!, 'utf8');
    expect(csv).toContain('"060";"Vorsteuer"');
    expect(csv).toContain('Änderungen zwischen');
    expect(csv).toContain('"Differenz"');
    const pdfDownload = page.waitForEvent('download');
    await page.getByTestId('report-pdf').click();
    const pdf = await readFile((await (await pdfDownload).path())!);
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await PDFDocument.load(pdf)).getPageCount()).toBeGreaterThan(0);

    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await page.getByTestId('report-tab-parties').click();
    await expect(page.getByTestId('report-parties')).toBeVisible();
    await shot(page, 'reports-parties-de-dark-1280');
    await accessible(page, 'reports dark');
  });

  test('an English reader sees English code meanings, per-user p90, the parties per month and the export chart, light and dark, at 1280 and 390', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await loginAt(page, 'auditor', `/reports/${CLIENT}`);
    await expect(page.getByTestId('vat-code-060')).toContainText('060Input tax');
    await expect(page.getByTestId('vat-code-095')).toContainText('Payable (credit if negative)');
    await shot(page, 'reports-vat-en-light-1280');
    await page.getByTestId('report-tab-processing').click();
    await expect(page.getByTestId('processing-users').locator('thead')).toContainText('p90 (h)');
    await expect(page.getByTestId('processing-users').locator('tbody tr').first()).toBeVisible();
    await shot(page, 'reports-processing-en-light-1280');
    await page.getByTestId('report-tab-exports').click();
    await expect(
      page.getByTestId('report-exports').locator('figure.portal-chart').or(page.getByTestId('report-exports').getByText('Nothing in this period.')).first(),
    ).toBeVisible();
    await shot(page, 'reports-exports-en-light-1280');
    await page.getByTestId('report-tab-parties').click();
    await expect(page.getByTestId('parties-customers-months').or(page.getByTestId('parties-suppliers-months')).first()).toBeVisible();
    await accessible(page, 'reports en light');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'reports-parties-en-dark-1280');
    await accessible(page, 'reports en dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId('report-tab-vat').click();
    await expect(page.getByTestId('vat-code-060')).toContainText('Input tax');
    await shot(page, 'reports-vat-en-dark-390');

    await page.goto('/overview');
    await expect(page.getByTestId('overview-responsible-1001')).not.toHaveText('');
    await expect(page.getByTestId('overview-totals')).toBeVisible();
    await shot(page, 'overview-en-dark-390');
    await accessible(page, 'overview en dark mobile');
    await page.setViewportSize({ width: 1280, height: 720 });
    await shot(page, 'overview-en-dark-1280');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'overview-en-light-1280');
    await accessible(page, 'overview en light');
  });

  test('a partial payment moves the amounts between buckets live in a second browser', async ({ page, browser, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await loginAt(page, 'accountant', `/unpaid/${CLIENT}/er`);
    const token = await storedToken(page);
    const documentId = await bookedInvoice(baseURL!, token, 'Kärntner Holz', daysAgo(45));
    const { app, close } = await feathersClient(baseURL!, token);
    const items = (await app.service('open-items').find({ query: { client_no: CLIENT, kind: 'payable', bucket: 'd31_60', $limit: 500 } })) as OpenItemsPage;
    close();
    const item = items.data.find((i) => i.id === documentId)!;
    expect(item.outstanding).toBe(740.7);

    const watcher = await secondBrowserPage(browser, 'admin', `/unpaid/${CLIENT}/er`);
    const bucketOf = (p: Page) => p.getByTestId('bucket-d31_60-figures');
    const start = await bucketOf(watcher).textContent();

    // In the app (no reload): choose the item in the list beside the invoice.
    await page.getByTestId(`open-item-${item.id}`).click();
    await expect(page).toHaveURL(new RegExp(`/unpaid/${CLIENT}/er/${item.id}$`));
    await expect(page.getByTestId('detail-outstanding')).toContainText('740,70');
    await shot(page, 'unpaid-de-light-1280');
    await page.locator('#pay-amount').fill('240.7');
    await page.getByTestId('pay-note').fill('Teilzahlung');
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('detail-outstanding')).toContainText('500,00');

    // The second browser sees the bucket total drop without reloading.
    await expect(bucketOf(watcher)).not.toHaveText(start ?? '');
    await expect(watcher.getByTestId(`item-outstanding-${item.id}`)).toContainText('500.00');
    await shot(watcher, 'unpaid-en-light-1280');

    // Paying the rest settles the item: it leaves the open list everywhere.
    await page.locator('#pay-amount').fill('500');
    await page.getByTestId('pay-submit').click();
    await expect(page.getByTestId('detail-status')).toContainText('Bezahlt');
    await expect(watcher.getByTestId(`open-item-${item.id}`)).toHaveCount(0);
    await accessible(page, 'unpaid light');
    await watcher.context().close();

    // Bad input: a negative amount and a payment marked as from the bank are refused with a clear message and change nothing.
    const again = await feathersClient(baseURL!, token);
    await expect(again.app.service('open-items').patch(item.id, { action: 'pay', amount: -5, date: today() })).rejects.toMatchObject({ code: 400 });
    await expect(
      again.app.service('open-items').patch(documentId, { action: 'pay', amount: 5, date: today(), source: { kind: 'bank', reference: 'made-up' } }),
    ).rejects.toMatchObject({ code: 400 });
    await expect(
      again.app.service('reports').find({ query: { client_no: CLIENT, report: 'vat', from: today(), to: today(), asOf: '2999-01-01' } }),
    ).rejects.toMatchObject({ code: 400, message: 'The as-of moment is in the future.' });
    again.close();
  });

  test('unpaid items in English: sorted by amount, light and dark, at 1280 and 390', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await loginAt(page, 'admin', `/unpaid/${CLIENT}/ar`);
    await expect(page.getByTestId('open-item-list')).toBeVisible();
    await page.getByTestId('open-item-status').selectOption('all');
    await page.getByTestId('open-item-sort').selectOption('outstanding:-1');
    const amounts = page.locator('[data-testid^="item-outstanding-"]');
    await expect(amounts.first()).toBeVisible();
    // The list answers the status filter and the sort one after the other: wait for the sorted answer.
    const sortedByAmount = async () => {
      const values = (await amounts.allTextContents()).map((v) => Number(v.replace(/[^0-9.-]/g, '')));
      return values.every((v, i) => i === 0 || values[i - 1]! >= v);
    };
    await expect.poll(sortedByAmount, { timeout: 15_000 }).toBe(true);
    await shot(page, 'unpaid-sorted-en-light-1280');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'unpaid-en-dark-1280');
    await accessible(page, 'unpaid en dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('unpaid-pane-list')).toHaveText('List');
    await shot(page, 'unpaid-list-en-dark-390');
    await page.getByTestId('unpaid-pane-details').click();
    await shot(page, 'unpaid-details-en-dark-390');
  });

  test('responsibility in English, light and dark, at 1280 and 390; reassigning offers only people who may access the client', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await loginAt(page, 'admin', '/responsibility');
    await expect(page.getByTestId('responsibility-client-1002')).toBeVisible();
    await page.getByTestId('reassign-1002').click();
    const options = await page.getByTestId('reassign-responsible').locator('option').allTextContents();
    // The clerk works for 1004 and 1005 only.
    expect(options).toContain('Anna Berger');
    expect(options).not.toContain('Lukas Wimmer');
    await shot(page, 'responsibility-reassign-en-light-1280');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('reassign-dialog')).toHaveCount(0);
    await shot(page, 'responsibility-en-light-1280');
    await accessible(page, 'responsibility en light');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'responsibility-en-dark-1280');
    await accessible(page, 'responsibility en dark');
    await page.setViewportSize({ width: 390, height: 844 });
    await shot(page, 'responsibility-en-dark-390');
  });

  test('mobile and German: unpaid items as tabs, reports in one column, overview and responsibility', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await loginAt(page, 'admin', `/unpaid/${CLIENT}/ar`);
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption('de');
    await closeDrawer(page);
    try {
      await expect(page.getByTestId('unpaid-screen')).toBeVisible();
      await expect(page.getByTestId('unpaid-pane-list')).toHaveText('Liste');
      await shot(page, 'unpaid-list-de-light-390');
      await page.getByTestId('unpaid-pane-details').click();
      await shot(page, 'unpaid-details-de-light-390');
      await page.goto(`/reports/${CLIENT}`);
      await expect(page.getByTestId('report-vat')).toBeVisible();
      await expect(page.getByTestId('vat-code-060')).toContainText('Vorsteuer');
      await shot(page, 'reports-vat-de-light-390');
      await page.goto('/overview');
      await expect(page.getByTestId('overview-responsible-1001')).not.toHaveText('');
      await shot(page, 'overview-de-light-390');
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(page.getByTestId('overview-totals')).toBeVisible();
      await shot(page, 'overview-de-light-1280');
      await accessible(page, 'overview');
      await page.goto('/responsibility');
      await expect(page.getByTestId('responsibility-client-1004')).toBeVisible();
      await page.getByTestId('reassign-1004').click();
      await page.getByTestId('reassign-responsible').selectOption({ label: 'Andrea Admin' });
      await page.getByTestId('reassign-save').click();
      await expect(page.getByTestId('reassign-dialog')).toHaveCount(0);
      await expect(page.locator('[data-testid^="responsibility-person-"]', { has: page.getByTestId('responsibility-client-1004') })).toContainText(
        'Andrea Admin',
      );
      await shot(page, 'responsibility-de-light-1280');
      await accessible(page, 'responsibility');
      await page.setViewportSize({ width: 390, height: 844 });
      await shot(page, 'responsibility-de-light-390');
    } finally {
      // Leave admin's language as the other e2e files expect it.
      await openDrawer(page);
      await page.getByTestId('language-select').selectOption('en');
      await closeDrawer(page);
    }
  });

  test('a user without rep gets the no-permission page and a 403 from the server, for the reports and their downloads', async ({ page, baseURL }) => {
    await loginAt(page, 'clerk', '/reports/1004');
    await expect(page.getByTestId('no-permission')).toBeVisible();
    const token = await storedToken(page);
    const { app, close } = await feathersClient(baseURL!, token);
    await expect(app.service('reports').find({ query: { client_no: 1004, report: 'vat', from: today(), to: today() } })).rejects.toMatchObject({ code: 403 });
    await expect(app.service('open-items').find({ query: { client_no: 1004 } })).rejects.toMatchObject({ code: 403 });
    close();
    const download = await fetch(`${baseURL}/api/reports/1004/vat.csv?from=${today()}&to=${today()}`, { headers: { Authorization: `Bearer ${token}` } });
    expect(download.status).toBe(403);
  });
});
