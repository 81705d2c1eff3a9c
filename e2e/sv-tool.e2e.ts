import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, login } from './support';

/** Issue 16: import a WebEKU statement, see arrears and interest, record a payment; a second browser follows live. */
const shot = (page: Page, name: string) => page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });

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

test.describe('SV tool', () => {
  test.describe.configure({ timeout: 300_000 });

  test('import a statement, see arrears and interest, record a payment, the balance updates live', async ({ page, browser }) => {
    await login(page, 'admin', '/admin/sv-tool');
    await expect(page.getByTestId('sv-tool-screen')).toBeVisible();
    await expect(page.locator('[data-testid^="sv-account-"]')).toHaveCount(6, { timeout: 30_000 });
    await shot(page, 'sv-tool-list-light-en');
    // Filters: only accounts in arrears; one account per booking state.
    await page.locator('label', { has: page.getByTestId('sv-only-arrears') }).click();
    await expect(page.getByTestId('sv-account-1001')).toHaveCount(0);
    await page.getByTestId('sv-state-filter').selectOption('EX');
    await expect(page.locator('[data-testid^="sv-account-"]')).toHaveCount(1);
    await page.getByTestId('sv-state-filter').selectOption('all');
    await page.locator('label', { has: page.getByTestId('sv-only-arrears') }).click();

    // 1001 is paid up: import a statement with two months of contributions and a part payment.
    await page.getByTestId('sv-account-1001').click();
    const detail = page.getByTestId('sv-detail');
    await expect(detail).toBeVisible();
    const before = (await page.getByTestId('sv-balance').textContent())!;
    await page.getByTestId('sv-import-input').setInputFiles({ name: 'webeku.csv', mimeType: 'text/csv', buffer: statement('4001001') });
    await expect(page.getByTestId('sv-import-errors')).toContainText('Line 5');
    await expect(page.getByTestId('sv-balance')).not.toHaveText(before);
    await expect(page.getByTestId('sv-arrears')).not.toHaveText('€0.00');
    await expect(page.getByTestId('sv-interest')).not.toHaveText('€0.00');
    await shot(page, 'sv-tool-detail-light-en');
    // Importing the same statement again adds nothing.
    const count = await page.locator('[data-testid^="sv-tx-"]').count();
    await page.getByTestId('sv-import-input').setInputFiles({ name: 'webeku.csv', mimeType: 'text/csv', buffer: statement('4001001') });
    await expect(page.locator('.bp6-toast')).toContainText('0 bookings imported, 3 already there');
    expect(await page.locator('[data-testid^="sv-tx-"]').count()).toBe(count);

    // A second browser watches the same account.
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const other = await context.newPage();
    await login(other, 'admin', '/admin/sv-tool');
    await other.getByTestId('sv-account-1001').click();
    await expect(other.getByTestId('sv-detail')).toBeVisible();
    const watched = (await other.getByTestId('sv-balance').textContent())!;

    // Record a payment of the rest.
    const arrearsText = (await page.getByTestId('sv-balance').textContent())!;
    const amount = arrearsText.replace(/[^\d.,]/g, '').replace(/,/g, '');
    await page.getByTestId('sv-pay-amount').fill(amount);
    await page.getByTestId('sv-pay-submit').click();
    await expect(page.getByTestId('sv-balance')).toHaveText('€0.00');
    await expect(other.getByTestId('sv-balance')).not.toHaveText(watched);
    await expect(other.getByTestId('sv-balance')).toHaveText('€0.00');
    await other.getByTestId('pane-tab-detail').scrollIntoViewIfNeeded();
    await shot(other, 'sv-tool-detail-mobile-light-en');
    await context.close();
  });
});
