import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { ensureLanguage, login, toggleDarkTheme, shot } from './support';

/** User manager: create a user with clients who then sees only those; bulk-remove a code from three users. */
const row = (page: Page, username: string) => page.getByTestId(`user-row-${username}`);

test.describe('user manager', () => {
  test.describe.configure({ timeout: 300_000 });

  test('admin creates a user with two clients; the user signs in, chooses a password and sees only those clients', async ({ page, browser }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await login(page, 'admin', '/user-admin');
    await expect(row(page, 'office')).toBeVisible();
    await expect(row(page, 'trainee')).toContainText('disabled');
    await expect(row(page, 'partner')).toContainText('All clients except 1005');
    // On a 1280×720 desk whether a user can log in and when they last did are in view, without scrolling sideways
    // (down to the row, since users made by other tests may push it below the fold).
    await row(page, 'trainee').locator('td').first().scrollIntoViewIfNeeded();
    await expect(row(page, 'trainee').getByTestId('user-status')).toBeInViewport({ ratio: 1 });
    await expect(row(page, 'trainee').getByTestId('user-status')).toHaveText('disabled');
    await expect(row(page, 'trainee').getByTestId('user-last-login')).toBeInViewport({ ratio: 1 });
    // Permission codes come with their meaning.
    await expect(row(page, 'field').locator('[data-code="doc"]')).toHaveText(/doc\s+Documents view/);
    await shot(page, 'user-admin-list-light-en');
    await expectNoSeriousA11yViolations(page);

    // Search and filters are answered by the server.
    await page.getByTestId('user-search').fill('moser');
    await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    await expect(row(page, 'field')).toBeVisible();
    await page.getByTestId('user-search').fill('');
    await page.getByTestId('user-filter-enabled').selectOption('disabled');
    await expect(page.locator('[data-testid^="user-row-"]')).toHaveCount(1);
    await page.getByTestId('user-filter-enabled').selectOption('all');
    await page.getByTestId('user-sort-email').click();
    await expect(page.locator('[data-testid^="user-row-"]').first()).toContainText('a.berger@huber-partner.example');

    const username = `e2e.${Date.now().toString(36)}`;
    await page.getByTestId('user-new').click();
    const dialog = page.locator('.portal-user-edit');
    await dialog.getByTestId('user-save').click();
    await expect(dialog).toContainText('Username cannot be empty');
    await dialog.getByTestId('user-username').fill(username);
    await dialog.getByTestId('user-email').fill('kaputt');
    await dialog.getByTestId('user-password').fill('Anfang 2026 gut');
    await dialog.getByTestId('user-password-repeat').fill('Anfang 2026 gur');
    await expect(dialog).toContainText('Invalid e-mail address');
    await expect(dialog).toContainText('passwords must match');
    await dialog.getByTestId('user-email').fill(`${username}@huber-partner.example`);
    await dialog.getByTestId('user-password-repeat').fill('Anfang 2026 gut');
    await dialog.getByTestId('user-first').fill('Erika');
    await dialog.getByTestId('user-last').fill('Neumann');
    for (const code of ['doc', 'lar']) await dialog.locator('label', { has: page.getByTestId(`user-perm-${code}`) }).click();
    for (const client of [1002, 1003]) await dialog.locator('label', { has: page.getByTestId(`user-client-${client}`) }).click();
    await shot(page, 'user-admin-create-light-en');
    await expectNoSeriousA11yViolations(page, '.portal-user-edit');
    await dialog.getByTestId('user-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, username)).toContainText('1002, 1003');

    const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
    const user = await context.newPage();
    await user.goto('/');
    await user.locator('input[name="username"]').fill(username);
    await user.locator('input[name="password"]').fill('Anfang 2026 gut');
    await user.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
    await user.locator('input[name="newPassword"]').fill('Eigenes Passwort 2026');
    await user.locator('input[name="repeatPassword"]').fill('Eigenes Passwort 2026');
    await user.locator('input[name="repeatPassword"]').press('Enter');
    await expect(user.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
    const picker = user.locator('input[name="company"]');
    await picker.click();
    await picker.fill('');
    await expect(user.locator('[data-testid^="company-option-"]')).toHaveCount(2);
    await expect(user.getByTestId('company-option-1002')).toBeVisible();
    await expect(user.getByTestId('company-option-1003')).toBeVisible();
    await context.close();

    // The login shows in the list, pushed live.
    await expect(row(page, username)).not.toContainText('never', { timeout: 15_000 });
  });

  test('bulk-removes a permission from three users after a preview per user', async ({ page }) => {
    await login(page, 'admin', '/user-admin');
    for (const name of ['partner', 'field', 'trainee']) await page.locator('label', { has: page.getByTestId(`user-select-${name}`) }).click();
    await page.getByTestId('user-bulk').click();
    const dialog = page.locator('.portal-user-bulk');
    await dialog.locator('label', { has: page.getByTestId('bulk-removePermissions-doc') }).click();
    await dialog.getByTestId('bulk-preview').click();
    for (const name of ['partner', 'field', 'trainee']) await expect(dialog.getByTestId(`bulk-row-${name}`)).toContainText('−doc');
    await shot(page, 'user-admin-bulk-preview-light-en');
    await expect(row(page, 'field')).toContainText('doc');
    await dialog.getByTestId('bulk-apply').click();
    await expect(dialog).toContainText('3 users changed');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    for (const name of ['partner', 'field', 'trainee']) await expect(row(page, name).locator('[data-code="doc"]')).toHaveCount(0);
  });

  test('a bulk edit that adds and removes the same code or client says on Preview what conflicts, in English and German', async ({ page }) => {
    await login(page, 'admin', '/user-admin');
    for (const name of ['partner', 'field']) await page.locator('label', { has: page.getByTestId(`user-select-${name}`) }).click();
    await page.getByTestId('user-bulk').click();
    const dialog = page.locator('.portal-user-bulk');
    // Codes are offered with their meaning.
    await expect(dialog.locator('label', { has: page.getByTestId('bulk-addPermissions-rep') })).toContainText('Reports and unpaid items');
    for (const id of ['bulk-addPermissions-rep', 'bulk-removePermissions-rep', 'bulk-addClients-1002', 'bulk-removeClients-1002']) {
      await dialog.locator('label', { has: page.getByTestId(id) }).click();
    }
    await dialog.getByTestId('bulk-preview').click();
    const conflicts = dialog.getByTestId('bulk-conflicts');
    await expect(conflicts).toContainText('Added and removed at once');
    await expect(conflicts).toContainText('rep Reports and unpaid items');
    await expect(conflicts).toContainText('Client 1002');
    await expect(page.getByText('save failed')).toHaveCount(0);
    await expect(dialog.getByTestId('bulk-result')).toHaveCount(0);
    await expect(dialog.getByTestId('bulk-apply')).toBeDisabled();
    await shot(page, 'user-admin-bulk-conflict-light-en');
    await expectNoSeriousA11yViolations(page, '.portal-user-bulk');
    // Taking one side back lets the preview run.
    await dialog.locator('label', { has: page.getByTestId('bulk-removeClients-1002') }).click();
    await dialog.locator('label', { has: page.getByTestId('bulk-removePermissions-rep') }).click();
    await expect(conflicts).toHaveCount(0);
    await dialog.getByTestId('bulk-preview').click();
    await expect(dialog.getByTestId('bulk-row-field')).toContainText('+rep');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    await ensureLanguage(page, 'de');
    await page.getByTestId('user-bulk').click();
    await dialog.locator('label', { has: page.getByTestId('bulk-addPermissions-doc') }).click();
    await dialog.locator('label', { has: page.getByTestId('bulk-removePermissions-doc') }).click();
    await dialog.getByTestId('bulk-preview').click();
    await expect(conflicts).toContainText('Zugleich hinzugefügt und entfernt');
    await expect(conflicts).toContainText('doc Belegansicht');
    await shot(page, 'user-admin-bulk-conflict-light-de');
    await dialog.getByRole('button', { name: 'Abbrechen' }).click();
    await ensureLanguage(page, 'en');
  });

  test('works on a phone in German and dark for an administrator without kca: cards, a read-only user, enabling a user', async ({ browser }) => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'de-DE', colorScheme: 'dark' });
    const page = await context.newPage();
    await login(page, 'office', '/user-admin');
    await expect(page.getByTestId('user-table')).toHaveAttribute('data-layout', 'cards');
    if (!(await page.evaluate(() => document.body.classList.contains('bp6-dark')))) {
      await page.getByTestId('menu-button').click();
      await toggleDarkTheme(page);
      await page.keyboard.press('Escape');
    }
    // office (adm without kca, clients 1001-1003) sees only users within those clients, not the administrator.
    await expect(row(page, 'accountant')).toBeVisible();
    await expect(row(page, 'admin')).toHaveCount(0);
    await expect(row(page, 'clerk')).toHaveCount(0);
    await shot(page, 'user-admin-list-dark-de-mobile');
    await expectNoSeriousA11yViolations(page);
    await row(page, 'accountant').click();
    const dialog = page.locator('.portal-user-edit');
    await expect(dialog).toContainText('Sie dürfen diesen Benutzer nicht ändern');
    await expect(dialog.getByTestId('user-save')).toHaveCount(0);
    await shot(page, 'user-admin-readonly-dark-de-mobile');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    await row(page, 'trainee').click();
    await expect(dialog).toBeVisible();
    await dialog.locator('label', { has: page.getByTestId('user-enabled') }).click();
    await shot(page, 'user-admin-edit-dark-de-mobile');
    await expectNoSeriousA11yViolations(page, '.portal-user-edit');
    await dialog.getByTestId('user-save').click();
    await expect(dialog).toHaveCount(0);
    await expect(row(page, 'trainee')).toContainText('aktiv');
    await context.close();
  });
});
