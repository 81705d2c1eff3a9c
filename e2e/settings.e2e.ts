import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { closeDrawer, login, openDrawer, toggleDarkTheme, shot } from './support';


test.describe('client settings', () => {
  // Generous for a loaded machine; on a quiet one the file runs in about 30 s.
  test.setTimeout(240_000);
  test('an administrator changes dunning and retention, sees "Account not found" and the legal minimum, in en and de, light and dark', async ({ page }) => {
    await login(page, 'admin', '/settings/1003');
    await expect(page.getByTestId('settings-screen')).toBeVisible();
    await expect(page.getByTestId('settings-country')).toHaveValue('AT');
    await expect(page.getByTestId('settings-retention')).toHaveValue('7');
    await shot(page, 'settings-desktop-en');
    await expectNoSeriousA11yViolations(page);

    // An account number missing from the master data: the server's text next to the field.
    await page.getByTestId('settings-expense-account').fill('999999');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Account not found')).toBeVisible();

    // Retention below Austria's seven years is refused with the minimum.
    await page.getByTestId('settings-expense-account').fill('770000');
    await page.getByTestId('settings-retention').fill('5');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Retention must be at least 7 years in Austria')).toBeVisible();

    // Not a number: the form says so itself and does not save.
    await page.getByTestId('settings-retention').fill('ten');
    await expect(page.getByText('must be a number')).toBeVisible();
    await expect(page.getByTestId('settings-save')).toBeDisabled();

    await page.getByTestId('settings-retention').fill('10');
    await page.getByTestId('settings-dunning-2-days').fill('35');
    await page.getByTestId('settings-save').click();
    await expect(page.getByTestId('settings-last-change')).toBeVisible();
    await page.reload();
    await expect(page.getByTestId('settings-dunning-2-days')).toHaveValue('35');
    await expect(page.getByTestId('settings-retention')).toHaveValue('10');
    await expect(page.getByTestId('settings-expense-account')).toHaveValue('770000');

    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('de');
    await closeDrawer(page);
    await expect(page.getByText('Mahnwesen')).toBeVisible();
    await page.getByTestId('settings-retention').fill('3');
    await page.getByTestId('settings-save').click();
    await expect(page.getByText('Die Aufbewahrung muss in Österreich mindestens 7 Jahre betragen')).toBeVisible();
    await shot(page, 'settings-desktop-de-dark');
    await expectNoSeriousA11yViolations(page);
    await page.getByTestId('settings-discard').click();

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('settings-dunning')).toBeVisible();
    await shot(page, 'settings-mobile-de-dark');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('en');
    await closeDrawer(page);
    await shot(page, 'settings-mobile-en');
  });

  test('users without adm get the no-permission page', async ({ page }) => {
    await login(page, 'accountant', '/settings/1001');
    await expect(page.getByTestId('no-permission')).toBeVisible();
  });
});
