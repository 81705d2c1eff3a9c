import { readFile } from 'node:fs/promises';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { closeDrawer, login, openDrawer, toggleDarkTheme, shot } from './support';

/** Import a WebEKU statement, see arrears and interest, correct, record a payment; a second browser follows live. */
const MOBILE = { width: 390, height: 844 };

function statement(kontonr: string): Buffer {
  const rows = [
    'Kontonummer;Buchungsdatum;Wertstellungsdatum;Buchungstext;Beitragszeitraum;Soll;Haben;Buchungszustand',
    `${kontonr};31.01.2025;31.01.2025;Beiträge 01/2025;01/2025;1.000,00;;`,
    `${kontonr};28.02.2025;28.02.2025;Beiträge 02/2025;02/2025;1.000,00;;`,
    `${kontonr};10.03.2025;10.03.2025;Zahlung;01/2025;;400,00;`,
    `${kontonr};31.02.2025;;kaputt;02/2025;1,0,0;;`,
  ];
  return Buffer.from(rows.join('\r\n'), 'utf8');
}

const amountOf = (text: string) => Number(text.replace(/[^\d.]/g, ''));

/** Logs in and makes sure the SV tool is open (under load the login can land on the start page instead of the deep link). */
async function openSvTool(page: Page): Promise<void> {
  await login(page, 'admin', '/admin/sv-tool');
  if (!new URL(page.url()).pathname.startsWith('/admin/sv-tool')) await page.goto('/admin/sv-tool');
  await expect(page.getByTestId('sv-tool-screen')).toBeVisible();
}

async function chooseLanguage(page: Page, locale: 'en' | 'de'): Promise<void> {
  await openDrawer(page);
  await page.getByTestId('language-select').selectOption(locale);
  await closeDrawer(page);
}

test.describe('SV tool', () => {
  test.describe.configure({ timeout: 300_000 });

  test('import a statement, see arrears and interest, correct a booking, record a payment, the balance updates live; statement PDF and rate table', async ({
    page,
    browser,
  }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSvTool(page);
    await expect(page.locator('[data-testid^="sv-account-"]')).toHaveCount(6, { timeout: 30_000 });
    // Filters: only accounts in arrears; one account per booking state.
    await page.locator('label', { has: page.getByTestId('sv-only-arrears') }).click();
    await expect(page.getByTestId('sv-account-1001')).toHaveCount(0);
    await page.getByTestId('sv-state-filter').selectOption('EX');
    await expect(page.locator('[data-testid^="sv-account-"]')).toHaveCount(1);
    await page.getByTestId('sv-state-filter').selectOption('all');
    await page.locator('label', { has: page.getByTestId('sv-only-arrears') }).click();

    // 1001 is paid up: import a statement with two months of contributions, a part payment and a broken line.
    await page.getByTestId('sv-account-1001').click();
    await expect(page.getByTestId('sv-detail')).toBeVisible();
    await expect(page.getByTestId('sv-arrears')).toHaveText('€0.00');
    await page.getByTestId('sv-import-input').setInputFiles({ name: 'webeku.csv', mimeType: 'text/csv', buffer: statement('4001001') });
    await expect(page.getByTestId('sv-import-errors')).toContainText('Line 5');
    await expect(page.getByTestId('sv-arrears')).toHaveText('€1,600.00');
    await expect(page.getByTestId('sv-interest')).not.toHaveText('€0.00');
    await expect(page.getByTestId('sv-balance-chart')).toBeVisible();
    // Importing the same statement again adds nothing.
    const bookings = page.getByTestId('sv-transactions');
    const count = Number(await bookings.getAttribute('data-rows'));
    await page.getByTestId('sv-import-input').setInputFiles({ name: 'webeku.csv', mimeType: 'text/csv', buffer: statement('4001001') });
    await expect(page.locator('.bp6-toast', { hasText: '0 bookings imported, 3 already there' })).toBeVisible();
    await expect(bookings).toHaveAttribute('data-rows', String(count));
    // The bookings are virtualised: only the rows in view are in the page.
    expect(await page.locator('[data-testid^="sv-tx-"]').count()).toBeLessThan(count);
    await shot(page, 'sv-tool-imported-light-en');

    // Correct February's contribution (the oldest booking, at the end of the list) to 900 with a reason: arrears drop by 100.
    const toEnd = () => bookings.evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await toEnd();
    await page.locator('[data-testid^="sv-tx-"]', { hasText: 'Beiträge 02/2025' }).getByRole('button').click();
    await page.getByTestId('sv-corr-debit').fill('900.00');
    await expect(page.getByTestId('sv-corr-save')).toBeDisabled();
    await page.getByTestId('sv-corr-reason').fill('Beitragsgrundlage berichtigt');
    await page.getByTestId('sv-corr-save').click();
    await expect(page.getByTestId('sv-arrears')).toHaveText('€1,500.00');
    await toEnd();
    await expect(page.locator('[data-testid^="sv-tx-"]', { hasText: 'Beitragsgrundlage berichtigt' })).toHaveCount(1);

    // The rate table holds every year the demo needs (2026's rate is unconfirmed): an administrator changes it, an event.
    await expect(page.getByTestId('sv-warning-missing-rate')).toHaveCount(0);
    await page.getByTestId('sv-rates').click();
    await page.getByTestId('sv-rate-year').fill('2026');
    await page.getByTestId('sv-rate-value').fill('5.6');
    await page.getByTestId('sv-rate-save').click();
    await expect(page.getByTestId('sv-rate-2026')).toContainText('5.6');
    await shot(page, 'sv-tool-rates-light-en');
    await page.getByTestId('sv-rates-close').click();
    await expect(page.getByTestId('sv-warning-missing-rate')).toHaveCount(0);

    // The client's statement as a PDF.
    await page.getByTestId('sv-statement').click();
    await page.getByTestId('sv-statement-from').fill('2025-01-01');
    const download = page.waitForEvent('download');
    await page.getByTestId('sv-statement-download').click();
    const file = await (await download).path();
    const pdf = await readFile(file);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.length).toBeGreaterThan(2000);

    // A second browser (mobile) watches the same account.
    const context = await browser.newContext({ viewport: MOBILE });
    const other = await context.newPage();
    await openSvTool(other);
    await other.getByTestId('sv-account-1001').click();
    await expect(other.getByTestId('sv-balance')).toHaveText((await page.getByTestId('sv-balance').textContent())!);

    // Record a payment of the whole balance: both show zero.
    await page.getByTestId('sv-pay-amount').fill(String(amountOf((await page.getByTestId('sv-balance').textContent())!)));
    await page.getByTestId('sv-pay-submit').click();
    await expect(page.getByTestId('sv-balance')).toHaveText('€0.00');
    await expect(other.getByTestId('sv-balance')).toHaveText('€0.00');
    await expect(other.getByTestId('sv-arrears')).toHaveText('€0.00');
    await context.close();
  });

  test('looks right in en and de, light and dark, at 1280×720 and 390×844, without serious axe findings', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await openSvTool(page);
    await page.getByTestId('sv-account-1003').click();
    await expect(page.getByTestId('sv-warning-enforcement')).toBeVisible();
    await expect(page.getByTestId('sv-state-timeline')).toContainText('EX');
    await shot(page, 'sv-tool-desktop-light-en');
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('sv-edit-account').click();
    await expect(page.getByRole('dialog')).toContainText('Contribution account 4001003');
    await shot(page, 'sv-tool-account-dialog-light-en');
    await expectNoSeriousA11yViolations(page, '.bp6-dialog');
    await page.getByRole('button', { name: 'Cancel' }).click();

    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await expect(page.locator('body')).toHaveClass(/bp6-dark/);
    await shot(page, 'sv-tool-desktop-dark-en');
    await expectNoSeriousA11yViolations(page);

    await chooseLanguage(page, 'de');
    await expect(page.getByTestId('sv-warning-enforcement')).toContainText('Exekution');
    await shot(page, 'sv-tool-desktop-dark-de');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);

    await page.setViewportSize(MOBILE);
    await page.getByTestId('pane-tab-accounts').click();
    await expect(page.getByTestId('sv-accounts')).toHaveAttribute('data-layout', 'cards');
    await shot(page, 'sv-tool-mobile-list-light-de');
    await page.getByTestId('sv-account-1002').click();
    await expect(page.getByTestId('sv-warning-reminder-running-out').or(page.getByTestId('sv-warning-reminder-expired'))).toBeVisible();
    await shot(page, 'sv-tool-mobile-detail-light-de');
    await expectNoSeriousA11yViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await chooseLanguage(page, 'en');
  });
});
