import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { startFakeVies, type FakeVies } from '../apps/api/test/fake-vies';
import { E2E_VIES_PORT } from '../playwright.config';
import { expectNoSeriousA11yViolations } from './axe';
import { closeDrawer, expectAllReachable, login, openDrawer, toggleDarkTheme, shot } from './support';

async function createAddress(page: Page, name: string, vatId: string, rpa: boolean): Promise<void> {
  await page.getByTestId('addresses-new').click();
  const dialog = page.getByTestId('address-create-dialog');
  await expect(dialog).toBeVisible();
  await page.getByTestId('new-address-name').fill(name);
  await page.getByTestId('new-address-country').selectOption('AT');
  await page.getByTestId('new-address-vat_id').fill(vatId);
  if (rpa) await page.locator('label', { has: page.getByTestId('new-address-rpa') }).click();
  await page.getByTestId('new-address-save').click();
}

test.describe('addresses and the RPA address database', () => {
  // Generous for a loaded machine; on a quiet one the file runs in well under a minute.
  test.setTimeout(420_000);

  // The portal's VIES_URL points here (playwright.config.ts): VIES answers that the member state's service is unavailable.
  let vies: FakeVies;
  test.beforeAll(async () => {
    vies = await startFakeVies(E2E_VIES_PORT);
    vies.behaviour = 'MS_UNAVAILABLE';
  });
  test.afterAll(async () => vies.close());

  test('an RPA address with a VAT ID, a second one with the same VAT ID refused in the spec’s words, and a VAT check with VIES unavailable', async ({
    page,
  }) => {
    await login(page, 'admin', '/admin/addresses');
    await expect(page.getByTestId('addresses-list')).toBeVisible();
    await expect(page.locator('[data-testid^="address-row-"]').first()).toBeVisible();
    await shot(page, 'addresses-desktop-en');
    await expectNoSeriousA11yViolations(page);

    // The company register search box says what it searched and cuts at 50 characters.
    await page.getByTestId('addresses-new').click();
    await page.getByTestId('register-search-input').fill('Alpenstrom');
    await expect(page.getByTestId('register-source')).toContainText('address database only');
    await expect(page.getByText('Company register search is cut after 50 characters')).toBeVisible();
    await page.getByTestId('register-search-input').fill('x'.repeat(60));
    await expect(page.getByTestId('register-search-input')).toHaveValue('x'.repeat(50));
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('address-create-dialog')).toHaveCount(0);

    await createAddress(page, 'Zillertaler Seilbahnbau GmbH', 'ATU 6389 0515', true);
    await expect(page).toHaveURL(/\/admin\/addresses\/\d+$/);
    await expect(page.getByTestId('address-name')).toHaveText('Zillertaler Seilbahnbau GmbH');
    await expect(page.getByTestId('address-rpa-tag')).toBeVisible();

    await createAddress(page, 'Zillertaler Seilbahnbau Kopie', 'ATU63890515', true);
    await expect(page.getByTestId('address-create-error')).toHaveText(
      'Failed to create address in RPA database: VAT ID ATU63890515 is already in the RPA database (Zillertaler Seilbahnbau GmbH).',
    );
    await shot(page, 'addresses-rpa-refused-en');
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('address-create-dialog')).toHaveCount(0);

    // The same VAT ID on an ordinary address is taken but flagged, already while typing, and the country is chosen by its name.
    await page.getByTestId('addresses-new').click();
    const dialog = page.getByTestId('address-create-dialog');
    await page.getByTestId('new-address-name').fill('Zillertaler Seilbahnbau Zweigstelle');
    await expect(page.getByTestId('new-address-country').locator('option', { hasText: 'Austria (AT)' })).toHaveCount(1);
    await page.getByTestId('new-address-country').selectOption({ label: 'Austria (AT)' });
    await page.getByTestId('new-address-vat_id').fill('atu 63890515');
    await expect(dialog.getByTestId('address-same-vat')).toContainText('The VAT ID ATU63890515 is also on');
    await expect(dialog.getByTestId('address-same-vat')).toContainText('Zillertaler Seilbahnbau GmbH');
    await shot(page, 'addresses-same-vat-create-en');
    await page.getByTestId('new-address-save').click();
    await expect(page.getByTestId('address-name')).toHaveText('Zillertaler Seilbahnbau Zweigstelle');
    await expect(page.getByTestId('address-same-vat')).toContainText('Zillertaler Seilbahnbau GmbH');
    await expect(page.getByTestId('address-fact-country')).toHaveText('Austria (AT)');

    // VIES answers MS_UNAVAILABLE: the check is "Check failed", never "invalid", and recorded in the history.
    await page.getByTestId('address-check-vat').click();
    await expect(page.getByTestId('address-vat-result')).toHaveText('Check failed');
    await expect(page.getByTestId('history-VatIdChecked').first()).toContainText('Check failed');
    // The fault in words, never VIES's code.
    await expect(page.getByTestId('address-vat-fault')).toHaveText('Reason: VIES is busy – please check again later.');
    await expect(page.getByTestId('history-VatIdChecked').first()).toContainText('VIES is busy');
    await expect(page.getByTestId('address-detail')).not.toContainText('MS_UNAVAILABLE');
    expect(vies.received.some((body) => body.includes('63890515'))).toBe(true);
    await shot(page, 'addresses-detail-en');

    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('de');
    await closeDrawer(page);
    await expect(page.getByTestId('address-vat-result')).toHaveText('Prüfung fehlgeschlagen');
    await expect(page.getByTestId('address-vat-fault')).toHaveText('Grund: VIES ist ausgelastet – bitte später erneut prüfen.');
    await expect(page.getByTestId('address-same-vat')).toContainText('Die UID ATU63890515 steht auch bei');
    await expect(page.getByTestId('address-fact-country')).toHaveText('Österreich (AT)');
    await shot(page, 'addresses-detail-de-dark');
    await expectNoSeriousA11yViolations(page);

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('[data-testid=addresses-panes][data-layout=tabs]')).toBeVisible();
    await expect(page.getByTestId('address-detail')).toBeVisible();
    // Every action of the detail on the phone (German labels are the longest): none cut off, none beyond the screen.
    await expectAllReachable(page, page.getByTestId('address-detail').locator('button:visible, label.bp6-control:visible'));
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await page.getByTestId('address-edit').scrollIntoViewIfNeeded();
    await shot(page, 'addresses-mobile-detail-de-dark');
    await page.getByTestId('pane-tab-list').click();
    await expect(page.getByTestId('addresses-list')).toBeVisible();
    await shot(page, 'addresses-mobile-list-de-dark');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('en');
    await closeDrawer(page);
    await shot(page, 'addresses-mobile-list-en');
  });
});
