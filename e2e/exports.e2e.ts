import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Locator, Page, WebSocketRoute } from '@playwright/test';
import type { DocumentRecord, ExportJob } from '@portal/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { feathersClient } from './feathers';
import { ensureLanguage, expectDocumentShown, expectNoRawTexts, login, storedToken, shot } from './support';

const MOBILE = { width: 390, height: 844 };

const CLIENT = 1001;
/** The demo seed opens the current calendar year as the current accounting period. */
const YEAR = new Date().getUTCFullYear();

async function invoicePdf(lines: string[]): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  lines.forEach((line, i) => page.drawText(line, { x: 50, y: 780 - i * 18, size: 11, font }));
  return Buffer.from(await pdf.save());
}

/** POST /api/documents/upload with the bearer token (as the documents screen does); answers the new document id. */
async function upload(baseURL: string, token: string, name: string): Promise<number> {
  const form = new FormData();
  const bytes = await invoicePdf([name, 'Rechnung', `Rechnungsdatum: 12.03.${YEAR}`, 'Gesamtbetrag: 120,00 EUR']);
  form.append('files', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), `${name}.pdf`);
  const res = await fetch(`${baseURL}/api/documents/upload?client=${CLIENT}&category=ER_U`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBeLessThan(300);
  const body = (await res.json()) as { files: Array<{ documentId: number }> };
  return body.files[0].documentId;
}

const fieldsOf = (name: string, number: string) => ({
  invoice_number: number,
  invoice_date: `${YEAR}-03-12`,
  biller: name,
  currency: 'EUR',
  net_amount: 100,
  tax_amount: 20,
  gross_amount: 120,
  tax_rate: 20,
});

/**
 * Two uploaded invoices of the current period: `good` with its amounts but without accounts (the test
 * fills them in the work screen), `bad` confirmed through the API without a supplier account (booking refuses it).
 */
async function prepareInvoices(page: Page, baseURL: string): Promise<{ good: number; bad: number }> {
  const token = await storedToken(page);
  const tag = Date.now().toString(36).toUpperCase();
  const good = await upload(baseURL, token, `Gletscher Bergbahnen ${tag}`);
  const bad = await upload(baseURL, token, `Kontolos Handel ${tag}`);
  const { app, close } = await feathersClient(baseURL, token);
  try {
    const documents = app.service('documents');
    for (const id of [good, bad]) {
      await expect.poll(async () => ((await documents.get(id)) as DocumentRecord).extraction, { timeout: 60_000 }).not.toBe('pending');
    }
    await documents.patch(good, { fields: { ...fieldsOf('Gletscher Bergbahnen GmbH', `GB-${tag}`), supplier_account: null, expense_account: null } });
    await documents.patch(bad, { fields: { ...fieldsOf('Kontolos Handel KG', `KH-${tag}`), supplier_account: null, expense_account: '510000' } });
    await documents.patch(bad, { action: 'confirm' });
  } finally {
    close();
  }
  return { good, bad };
}

/** Types an account number into a picker and takes the matching option. */
async function pick(page: Page, field: string, account: string): Promise<void> {
  await page.getByTestId(`field-${field}`).fill(account);
  await page.getByTestId(`account-option-${account}`).click();
  await expect(page.getByTestId(`field-${field}`)).toHaveValue(new RegExp(`^${account}`));
}

/**
 * Starts an export in the open drawer and returns its job's card, pinned by id: an earlier job of the same client may
 * be listed first until the new one arrives, and `first()` would then read the old one.
 */
async function startExport(page: Page): Promise<Locator> {
  const jobs = page.getByTestId('export-drawer').getByTestId('export-job');
  const before = new Set(await jobs.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id'))));
  await page.getByTestId('export-start').click();
  let id: string | null = null;
  await expect(async () => {
    const ids = await jobs.evaluateAll((cards) => cards.map((c) => c.getAttribute('data-id')));
    id = ids.find((x) => x !== null && !before.has(x)) ?? null;
    expect(id).not.toBeNull();
  }).toPass({ timeout: 15_000 });
  return page.getByTestId('export-drawer').locator(`[data-testid="export-job"][data-id="${id}"]`);
}

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => localStorage.setItem('dark-mode', d ? '1' : '0'), dark);
  await page.reload();
  await expect(page.getByTestId('invoices-screen')).toBeVisible();
  if (dark) await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
}

/** A failed job of the client, newest of all. */
function failedJob(): ExportJob {
  const now = new Date().toISOString();
  return {
    id: '00000000-0000-4000-8000-00000000fa11',
    client_no: CLIENT,
    accounting: YEAR,
    format: 'DATEV',
    status: 'failed',
    document_ids: [1],
    requested_by: 'someone',
    requested_at: now,
    finished_at: now,
    count: null,
    file_name: null,
    file_sha256: null,
    document_results: [],
    reason: 'The export failed: The original of "beleg-1.pdf" is missing in the file store.',
    revision: 2,
    updated_at: now,
  };
}

/** The server answers `find erp-exports` with a failed job on top (engine.io frames: `42<ack>[...]` out, `43<ack>[error, result]` back). */
async function latestExportFails(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    const finds = new Set<string>();
    ws.onMessage((message) => {
      const m = typeof message === 'string' ? /^42(\d+)(\[.*)$/s.exec(message) : null;
      if (m) {
        const [method, path] = JSON.parse(m[2]) as [string, string];
        if (method === 'find' && path === 'erp-exports') finds.add(m[1]);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const m = typeof message === 'string' ? /^43(\d+)(\[.*)$/s.exec(message) : null;
      if (m && finds.has(m[1])) {
        finds.delete(m[1]);
        const [error, page1] = JSON.parse(m[2]) as [unknown, { total: number; data: ExportJob[] }];
        if (error === null) {
          ws.send(`43${m[1]}${JSON.stringify([null, { ...page1, total: page1.total + 1, data: [failedJob(), ...page1.data] }])}`);
          return;
        }
      }
      ws.send(message);
    });
  });
}

test.describe('ERP export', () => {
  // Several engineers share two cores: the first lists of the day can take a while.
  test.setTimeout(360_000);

  test('accountant books an invoice (the default expense account filled in), cannot book one without a supplier account, exports DATEV and downloads the bookings', async ({
    page,
    baseURL,
  }) => {
    await login(page, 'accountant', `/invoices/${CLIENT}`);
    await expect(page.getByTestId('invoices-screen')).toBeVisible();
    const { good, bad } = await prepareInvoices(page, baseURL!);

    // Booking refuses what the export would refuse, and says which field is missing.
    const detail = page.getByTestId('invoice-detail');
    await page.goto(`/invoices/${CLIENT}/er/${bad}`);
    // The demo documents' reading shares the CPU: the first list of the day may take a while.
    await expect(detail).toHaveAttribute('data-id', String(bad), { timeout: 60_000 });
    await expect(page.getByTestId('action-book')).toBeDisabled();
    await expect(page.locator('[data-disabled-reason]', { has: page.getByTestId('action-book') })).toHaveAttribute('data-disabled-reason', /Lieferantenkonto/);

    // Fill only the supplier account, confirm and book in the work screen: the settings' expense account is taken.
    // Within the screen, as the accountant works: the list select, then the invoice's row.
    await page.getByTestId('invoice-type').selectOption('er_u');
    await page.getByTestId(`invoice-row-${good}`).click();
    await expect(detail).toHaveAttribute('data-id', String(good), { timeout: 60_000 });
    await pick(page, 'supplier_account', '330100');
    await page.getByTestId('action-save').click();
    await expect(page.getByTestId('unsaved')).toHaveCount(0);
    await page.getByTestId('action-confirm').click();
    // The work moves on to the next unconfirmed invoice; the confirmed one lives under "Incoming".
    await expect(page).not.toHaveURL(new RegExp(`/er_u/${good}$`));
    await page.getByTestId('invoice-type').selectOption('er');
    await page.getByTestId(`invoice-row-${good}`).click();
    await expect(detail).toHaveAttribute('data-id', String(good), { timeout: 60_000 });
    await expect(detail.locator('[data-flag="Confirmed"]')).toBeVisible();
    await page.getByTestId('action-book').click();
    await expect(detail.locator('[data-flag="Booked"]')).toBeVisible();
    await expect(page.getByTestId('field-expense_account')).toHaveValue(/^510000/);

    // Export: the current period and the client's account system are preselected.
    await page.getByTestId('action-export').click();
    const drawer = page.getByTestId('export-drawer');
    await expect(drawer).toBeVisible();
    await expect(page.getByTestId('export-period')).toHaveValue(String(YEAR));
    await drawer.locator('label', { hasText: 'BMD' }).click();
    await drawer.locator('label', { hasText: 'DATEV' }).click();
    await expect(page.getByTestId('export-format-DATEV')).toBeChecked();
    // The job appears and turns done through the pushed erp-exports patched (the screen never reloads the list).
    const job = await startExport(page);
    await expect(job).toHaveAttribute('data-status', /in progress|done/);
    await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(job).toHaveAttribute('data-outcome', 'done');
    await expect(job.getByTestId('count-error')).toContainText('0');
    await expect(job.getByTestId('export-count')).toBeVisible();
    await expect(job.getByTestId('export-refused')).toHaveCount(0);

    await job.getByTestId('export-toggle-results').click();
    await expect(job.getByTestId(`export-result-${good}`)).toHaveAttribute('data-status', /imported|info/);
    await expect(job.getByTestId(`export-result-${good}`).getByTestId('result-link')).toContainText('Gletscher');
    await shot(page, 'exports-drawer-light-de');

    // The ZIP: downloaded with the bearer token under the job's file name; its CSV holds the booking.
    const [download] = await Promise.all([page.waitForEvent('download'), job.getByTestId('export-download').click()]);
    expect(download.suggestedFilename()).toMatch(new RegExp(`^export-${CLIENT}-${YEAR}-DATEV-\\d{8}T\\d{4}\\.zip$`));
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(bytes.toString('latin1')).toMatch(new RegExp(`EXTF_Buchungsstapel_${CLIENT}_${YEAR}\\.csv`));

    await setDark(page, true);
    await page.getByTestId('action-export').click();
    await expect(page.getByTestId('export-job').first()).toHaveAttribute('data-outcome', 'done');
    await page.getByTestId('export-job').first().getByTestId('export-toggle-results').click();
    await expect(page.getByTestId(`export-result-${good}`)).toBeVisible();
    await shot(page, 'exports-drawer-dark-de');

    // The exported invoice opens from its result.
    await page.getByTestId(`export-result-${good}`).getByTestId('result-link').click();
    await expect(page).toHaveURL(new RegExp(`/invoices/${CLIENT}/er/${good}$`));
    await expect(page.getByTestId('export-drawer')).toHaveCount(0);
    await expect(detail.locator('[data-flag="ERPImported"]')).toBeVisible();
    await setDark(page, false);
  });

  test('on a phone in English the accountant fills the supplier account, confirms, books and exports BMD: the file holds the booking', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    try {
      await login(page, 'accountant', `/invoices/${CLIENT}`);
      await ensureLanguage(page, 'en');
      await expect(page.getByTestId('invoice-panes')).toHaveAttribute('data-layout', 'tabs');
      const { good, bad } = await prepareInvoices(page, baseURL!);
      const detail = page.getByTestId('invoice-detail');

      // Booking refuses what the export would refuse, in English.
      await page.goto(`/invoices/${CLIENT}/er/${bad}`);
      await expect(detail).toHaveAttribute('data-id', String(bad), { timeout: 60_000 });
      await expect(page.locator('[data-disabled-reason]', { has: page.getByTestId('action-book') })).toHaveAttribute(
        'data-disabled-reason',
        /supplier account/i,
      );

      // The list tab, the unconfirmed list, the invoice's row; the fields tab opens with it.
      await page.getByTestId('pane-tab-list').click();
      await page.getByTestId('invoice-type').selectOption('er_u');
      await page.getByTestId(`invoice-row-${good}`).click();
      await expect(detail).toHaveAttribute('data-id', String(good), { timeout: 60_000 });
      await expect(page.getByTestId('pane-tab-fields')).toHaveAttribute('aria-selected', 'true');
      await pick(page, 'supplier_account', '330100');
      await page.getByTestId('action-save').click();
      await expect(page.getByTestId('unsaved')).toHaveCount(0);
      await page.getByTestId('action-confirm').click();
      await expect(page).not.toHaveURL(new RegExp(`/er_u/${good}$`));

      await page.goto(`/invoices/${CLIENT}/er/${good}`);
      await expect(detail).toHaveAttribute('data-id', String(good), { timeout: 60_000 });
      await expect(detail.locator('[data-flag="Confirmed"]')).toBeVisible();
      await page.getByTestId('action-book').click();
      await expect(detail.locator('[data-flag="Booked"]')).toBeVisible();
      await expect(page.getByTestId('field-expense_account')).toHaveValue(/^510000/);
      await shot(page, 'exports-phone-booked-en');

      await page.getByTestId('action-export').click();
      const drawer = page.getByTestId('export-drawer');
      await expect(drawer).toBeVisible();
      await drawer.locator('label', { hasText: 'BMD' }).click();
      await expect(page.getByTestId('export-format-BMD')).toBeChecked();
      const job = await startExport(page);
      await expect(job).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
      await expect(job).toHaveAttribute('data-outcome', 'done');
      await expect(job.getByTestId('export-refused')).toHaveCount(0);
      await job.getByTestId('export-toggle-results').click();
      await expect(job.getByTestId(`export-result-${good}`).getByTestId('result-link')).toContainText('Gletscher');
      await expectNoRawTexts(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
      await shot(page, 'exports-drawer-phone-en');

      // The ZIP holds BMD's booking file with the invoice's number.
      const [download] = await Promise.all([page.waitForEvent('download'), job.getByTestId('export-download').click()]);
      expect(download.suggestedFilename()).toMatch(new RegExp(`^export-${CLIENT}-${YEAR}-BMD-\\d{8}T\\d{4}\\.zip$`));
      const bytes = await readFile((await download.path())!);
      expect(bytes.subarray(0, 2).toString('latin1')).toBe('PK');
      expect(bytes.toString('latin1')).toMatch(new RegExp(`BMD_Buchungen_${CLIENT}_${YEAR}\\.csv`));
    } finally {
      // The accountant's own language again for the tests after this one (the drawer's overlay closed first).
      await page.locator('.bp6-drawer .bp6-dialog-close-button').click();
      await expect(page.getByTestId('export-drawer')).toHaveCount(0);
      await ensureLanguage(page, 'de');
      await context.close();
    }
  });

  test('the work screen warns that data may be out of date when the latest export failed', async ({ page, browser }) => {
    await latestExportFails(page);
    await login(page, 'admin', `/invoices/${CLIENT}`);
    const warning = page.getByTestId('export-latest-failed');
    await expect(warning).toContainText('The latest import has failed, data may be out of date');
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    await expectDocumentShown(page);
    await shot(page, 'exports-warning-light-en');
    await warning.getByRole('button').click();
    const failed = page.getByTestId('export-job').first();
    await expect(failed).toHaveAttribute('data-status', 'failed');
    await expect(failed.getByTestId('export-reason')).toContainText('is missing in the file store');
    await expect(failed.getByTestId('export-download')).toHaveCount(0);
    // The drawer slides in: take the picture once its transition has finished.
    await page.locator('.bp6-drawer').evaluate((el) => Promise.all(el.getAnimations({ subtree: true }).map((a) => a.finished)));
    await shot(page, 'exports-drawer-light-en');

    const context = await browser.newContext();
    const accountant = await context.newPage();
    await latestExportFails(accountant);
    await login(accountant, 'accountant', `/invoices/${CLIENT}`);
    await setDark(accountant, true);
    await expect(accountant.getByTestId('export-latest-failed')).toContainText(
      'Der letzte Import ist fehlgeschlagen, die Daten sind möglicherweise nicht aktuell',
    );
    await expect(accountant.getByTestId('invoice-detail')).toBeVisible();
    await expectDocumentShown(accountant);
    await shot(accountant, 'exports-warning-dark-de');
    await context.close();
  });
});
