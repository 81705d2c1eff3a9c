import { expect, test } from '@playwright/test';
import type { Page, WebSocketRoute } from '@playwright/test';
import { ensureLanguage, expectNoRawTexts, login, shot } from './support';

/** A day's work as the firm's accountant does it: switching lists, reading why an action waits, exports that say the truth. */
const CLIENT = 1001;
const MOBILE = { width: 390, height: 844 };
/** The demo invoice an earlier DATEV export refused (apps/api/src/features/rpa-errors/demo-rpa-errors.ts). */
const REFUSED_TITLE = 'Rechnung Kaffeeroesterei';

/** The list select's route: /invoices/1001/<type> or /invoices/1001/<type>/<id>. */
const listRoute = (type: string) => new RegExp(`/invoices/${CLIENT}/${type}(/\\d+)?$`);

/** Stays on the route for a while: a list switch that is sent back happens within a moment. */
async function staysOn(page: Page, type: string): Promise<void> {
  await expect(page).toHaveURL(listRoute(type));
  await expect(page.getByTestId('invoice-count')).toHaveAttribute('aria-busy', 'false');
  await page.waitForTimeout(1_500);
  await expect(page).toHaveURL(listRoute(type));
  await expect(page.getByTestId('invoice-type')).toHaveValue(type);
}

/** An instant as a German reader in Vienna writes it, with seconds ("29.03.2026, 03:00:00"). */
function viennaTime(iso: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: 'Europe/Vienna',
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(new Date(iso))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.day}.${parts.month}.${parts.year}, ${parts.hour}:${parts.minute}:${parts.second}`;
}

/** The server's `get documents` answers say the document is still being read (engine.io frames `42<ack>[...]` out, `43<ack>[error, result]` back). */
async function documentsStillReading(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    const gets = new Set<string>();
    ws.onMessage((message) => {
      const m = typeof message === 'string' ? /^42(\d+)(\[.*)$/s.exec(message) : null;
      if (m) {
        const [method, path] = JSON.parse(m[2]) as [string, string];
        if (method === 'get' && path === 'documents') gets.add(m[1]);
      }
      server.send(message);
    });
    server.onMessage((message) => {
      const m = typeof message === 'string' ? /^43(\d+)(\[.*)$/s.exec(message) : null;
      if (m && gets.has(m[1])) {
        gets.delete(m[1]);
        const [error, doc] = JSON.parse(m[2]) as [unknown, Record<string, unknown>];
        if (error === null && doc) {
          ws.send(`43${m[1]}${JSON.stringify([null, { ...doc, extraction: 'pending' }])}`);
          return;
        }
      }
      ws.send(message);
    });
  });
}

test.describe('a day of accounting work', () => {
  test.describe.configure({ timeout: 180_000 });

  test('the list select switches lists by mouse and by keyboard, on desktop and on the phone, and the list stays chosen', async ({ page, browser }) => {
    await login(page, 'accountant', `/invoices/${CLIENT}/er_u`);
    await expect(
      page
        .getByTestId('invoice-detail')
        .or(page.getByText(/Keine Rechnungen|No invoices/))
        .first(),
    ).toBeVisible({ timeout: 60_000 });
    await expect(page).toHaveURL(listRoute('er_u'));
    const select = page.getByTestId('invoice-type');
    // Mouse: pick "Eingangsrechnungen" (er), then the cash book.
    await select.selectOption('er');
    await staysOn(page, 'er');
    await select.selectOption('ka');
    await staysOn(page, 'ka');
    await select.selectOption('er_u');
    await staysOn(page, 'er_u');
    // Keyboard: the focused select moves to the next list with the arrow key.
    await select.focus();
    await page.keyboard.press('ArrowDown');
    await staysOn(page, 'ar_u');
    await shot(page, 'daily-work-list-switch-desktop-de');

    const context = await browser.newContext({ viewport: MOBILE });
    const phone = await context.newPage();
    await login(phone, 'accountant', `/invoices/${CLIENT}/er_u`);
    await ensureLanguage(phone, 'en');
    await phone.getByRole('tab', { name: 'List' }).click();
    await phone.getByTestId('invoice-type').selectOption('er');
    await staysOn(phone, 'er');
    await phone.getByTestId('invoice-type').focus();
    await phone.keyboard.press('ArrowDown');
    await staysOn(phone, 'ar');
    await shot(phone, 'daily-work-list-switch-phone-en');
    await ensureLanguage(phone, 'de');
    await context.close();
  });

  test('Confirm waits while a document is still being read and says why', async ({ page }) => {
    await documentsStillReading(page);
    // The approver works for client 1002.
    await login(page, 'approver', '/invoices/1002/er_u');
    const confirm = page.getByTestId('action-confirm');
    await expect(confirm).toBeVisible({ timeout: 60_000 });
    await expect(confirm).toBeDisabled();
    await expect(page.locator('[data-disabled-reason]', { has: confirm })).toHaveAttribute('data-disabled-reason', /wird noch gelesen/);
    await expectNoRawTexts(page);
    await shot(page, 'daily-work-confirm-still-reading-de');
  });

  test('an export that wrote nothing is red, names the invoice and says what to do in words; the overview does not call it done', async ({ page }) => {
    await login(page, 'accountant', `/invoices/${CLIENT}/er_u`);
    await page.getByTestId('action-export').click();
    const drawer = page.getByTestId('export-drawer');
    await expect(drawer).toBeVisible();
    const refusedJob = drawer.locator('[data-testid="export-job"]', { has: page.getByTestId('export-refused') }).first();
    await expect(refusedJob).toHaveAttribute('data-outcome', 'failed');
    await expect(refusedJob.getByTestId('export-status')).toHaveText('Fehlgeschlagen');
    await expect(refusedJob.getByTestId('export-refused')).toContainText('Es wurde nichts exportiert');
    await expect(refusedJob.getByTestId('export-refused-invoices')).toContainText(`1 Rechnung konnte nicht exportiert werden: ${REFUSED_TITLE}`);
    await expect(refusedJob.getByTestId('export-refused')).toContainText('exportieren Sie erneut');
    await refusedJob.getByTestId('export-toggle-results').click();
    const reason = refusedJob.getByTestId('result-reason').first();
    await expect(reason).toHaveText('Lieferantenkonto: fehlt');
    await expect(refusedJob).not.toContainText('supplier_account');
    await expect(refusedJob.getByTestId('result-link').first()).toHaveText(REFUSED_TITLE);
    await expectNoRawTexts(page);
    await shot(page, 'daily-work-export-refused-de');
    await page.keyboard.press('Escape');

    await page.goto('/overview');
    const state = page.getByTestId(`overview-export-state-${CLIENT}`);
    await expect(state).toBeVisible({ timeout: 60_000 });
    await expect(state).not.toHaveAttribute('data-state', 'done');
    await expect(state).not.toHaveText('fertig');
    await shot(page, 'daily-work-overview-export-state-de');
  });

  test('the history, the as-of view and the report speak in words: times and kinds, no revisions, commands or raw events, and only staff open the technical details', async ({
    page,
    browser,
  }) => {
    await login(page, 'accountant', `/invoices/${CLIENT}/er_u`);
    await expect(page.getByTestId('invoice-detail')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('tab-history').click();
    const timeline = page.getByTestId('audit-timeline');
    const first = timeline.locator('.portal-audit-entry').first();
    await expect(first).toBeVisible({ timeout: 30_000 });
    const options = await page.getByTestId('diff-from').locator('option').allTextContents();
    expect(options.length).toBeGreaterThan(0);
    // A point of the timeline is its time and what happened there.
    for (const option of options) expect(option).toMatch(/^\d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2} · \S/);
    const revision = (await first.getAttribute('data-testid'))!.replace('audit-entry-', '');
    // Times are the firm's (Europe/Vienna), whatever zone the browser runs in.
    const at = await first.locator('time').getAttribute('datetime');
    await expect(first.locator('time')).toHaveText(viennaTime(at!));
    await expect(page.getByTestId(`audit-raw-toggle-${revision}`)).toHaveText('Technische Details');
    await page.getByTestId(`audit-as-of-${revision}`).click();
    await expect(page.getByTestId('audit-as-of').locator('h5')).toHaveText(/^Stand \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}:\d{2}$/);
    await expectNoRawTexts(page);
    // Each change is shown once, and none goes from empty to empty (— or ∅ on both sides).
    const rows = await timeline
      .locator('.portal-audit-entry')
      .evaluateAll((entries) =>
        entries.map((entry) => [...entry.querySelectorAll('tbody tr')].map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent ?? ''))),
      );
    for (const entryRows of rows) {
      const texts = entryRows.map((cells) => `${cells[0]}|${cells[1]}|${cells[3]}`);
      expect(new Set(texts).size, texts.join('\n')).toBe(texts.length);
      for (const cells of entryRows) expect(['—', '∅'].includes(cells[1]!) && ['—', '∅'].includes(cells[3]!), cells.join(' ')).toBe(false);
    }
    await shot(page, 'daily-work-history-words-de');

    await page.goto(`/reports/${CLIENT}`);
    await expect(page.getByTestId('report-as-of-line')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('report-as-of-line')).toContainText(/\d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);
    await expectNoRawTexts(page);
    await shot(page, 'daily-work-report-words-de');

    // A client user's browser in New York still reads the firm's times.
    const context = await browser.newContext({ timezoneId: 'America/New_York' });
    const client = await context.newPage();
    await login(client, 'client1', `/invoices/${CLIENT}/er_u`);
    await expect(client.getByTestId('invoice-detail')).toBeVisible({ timeout: 60_000 });
    await client.getByTestId('tab-history').click();
    const clientFirst = client.getByTestId('audit-timeline').locator('.portal-audit-entry').first();
    await expect(clientFirst).toBeVisible({ timeout: 30_000 });
    await expect(clientFirst.locator('time')).toHaveText(viennaTime((await clientFirst.locator('time').getAttribute('datetime'))!));
    await expect(client.locator('[data-testid^="audit-raw-toggle-"]')).toHaveCount(0);
    await expectNoRawTexts(client);
    await context.close();
  });

  test("date inputs read and write dates in the portal language, not the browser's, on the work screen and the reports, on desktop and phone", async ({
    page,
    browser,
  }) => {
    // The browser runs en-US (mm/dd/yyyy natively); the portal speaks German.
    await login(page, 'accountant', `/invoices/${CLIENT}/er_u`);
    await expect(page.getByTestId('invoice-detail')).toBeVisible({ timeout: 60_000 });
    const invoiceDate = page.getByTestId('field-invoice_date');
    await expect(invoiceDate).toHaveAttribute('type', 'text');
    await expect(invoiceDate).toHaveAttribute('placeholder', 'TT.MM.JJJJ');
    await expect(invoiceDate).toHaveValue(/^(?:\d{2}\.\d{2}\.\d{4})?$/);
    // A cash discount cannot end after the invoice is due: the form says so before anything is saved.
    for (const [field, value] of [
      ['due_date', '14.04.2026'],
      ['discount_due_date', '20.04.2026'],
    ] as const) {
      await page.getByTestId(`field-${field}`).fill(value);
      await page.getByTestId(`field-${field}`).press('Tab');
    }
    await expect(page.getByTestId('issue-discount_due_date-discountAfterDue')).toHaveText(
      '„Skonto bis“ liegt nach der Fälligkeit; es darf höchstens auf den Fälligkeitstag fallen',
    );
    await page.getByTestId('field-discount_due_date').scrollIntoViewIfNeeded();
    await shot(page, 'daily-work-discount-after-due-de');
    await page.getByTestId('field-discount_due_date').fill('14.04.2026');
    await page.getByTestId('field-discount_due_date').press('Tab');
    await expect(page.getByTestId('issue-discount_due_date-discountAfterDue')).toHaveCount(0);
    await page.getByTestId('action-discard').click();

    await page.goto(`/reports/${CLIENT}`);
    const asOf = page.getByTestId('report-as-of');
    await expect(asOf).toHaveAttribute('placeholder', 'TT.MM.JJJJ hh:mm');
    await asOf.fill('10.04.2026 20:00');
    await asOf.press('Tab');
    await expect(asOf).toHaveValue('10.04.2026, 20:00');
    await expect(page.getByTestId('report-as-of-line')).toContainText('Stand 10.04.2026, 20:00');
    // A date the German reader cannot mean is marked and changes nothing.
    await asOf.fill('04/10/2026 8:00 PM');
    await expect(asOf).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('report-as-of-line')).toContainText('Stand 10.04.2026, 20:00');
    await asOf.press('Tab');
    await expect(asOf).toHaveValue('10.04.2026, 20:00');
    await expectNoRawTexts(page);
    await shot(page, 'daily-work-date-inputs-de');
    await asOf.fill('');

    const context = await browser.newContext({ viewport: MOBILE, locale: 'de-AT' });
    const phone = await context.newPage();
    await login(phone, 'accountant', `/reports/${CLIENT}`);
    await ensureLanguage(phone, 'en');
    const phoneAsOf = phone.getByTestId('report-as-of');
    await expect(phoneAsOf).toHaveAttribute('placeholder', 'MM/DD/YYYY h:mm AM');
    await phoneAsOf.fill('04/10/2026 8:00 PM');
    await phoneAsOf.press('Tab');
    await expect(phoneAsOf).toHaveValue('04/10/2026, 8:00 PM');
    await expect(phone.getByTestId('report-as-of-line')).toContainText('As of 04/10/2026, 8:00 PM');
    await shot(phone, 'daily-work-date-inputs-phone-en');
    await ensureLanguage(phone, 'de');
    await context.close();
  });

  test('a client user is told that the firm checks and confirms, not asked to confirm, and read-only says why', async ({ page }) => {
    await login(page, 'client1', `/documents/${CLIENT}?tab=ER_U`);
    const help = page.getByTestId('documents-help');
    await expect(help).toContainText('Ihre Kanzlei prüft');
    await expect(help).not.toContainText('bestätigen Sie');
    await page.goto(`/invoices/${CLIENT}/er_u`);
    await expect(page.getByTestId('read-only-reason')).toHaveText('Ihre Kanzlei prüft und bestätigt diesen Beleg; Sie können ihn ansehen.', {
      timeout: 60_000,
    });
    await expectNoRawTexts(page);
    await shot(page, 'daily-work-client-read-only-de');
  });
});
