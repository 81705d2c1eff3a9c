import { expect, test } from '@playwright/test';
import { feathersClient } from './feathers';
import { closeDrawer, login, openDrawer, signOut, storedToken, toggleDarkTheme, shot } from './support';

test.describe('web shell', () => {
  test('admin and client1 log in through the login page and see different drawers', async ({ page, browser }) => {
    await login(page, 'admin');
    await expect(page).toHaveURL(/\/overview$/);
    await expect(page.getByTestId('page-title')).toHaveText('Overview');
    await expect(page).toHaveTitle(/^Overview \| /);
    await expect(page.getByTestId('overview-table')).toBeVisible();
    await openDrawer(page);
    await expect(page.getByTestId('nav-overview')).toBeVisible();
    await expect(page.getByTestId('nav-app-info')).toBeVisible();
    await expect(page.getByTestId('nav-documentation')).toHaveAttribute('href', /\?(.*&)?provider=/);
    await expect(page.getByTestId('user-email')).toContainText('@');
    await expect(page.getByTestId('logout')).toBeVisible();
    await shot(page, 'shell-admin-drawer-light-en');

    const context = await browser.newContext();
    const client = await context.newPage();
    await login(client, 'client1');
    // client1 has no ove: "/" sends them to their first client's invoices.
    await expect(client).toHaveURL(/\/invoices\/1001(\/|$)/);
    await openDrawer(client);
    await expect(client.getByTestId('nav-app-info')).toBeVisible();
    await expect(client.getByTestId('nav-overview')).toHaveCount(0);
    await expect(client.getByTestId('user-email')).not.toHaveText(await page.getByTestId('user-email').innerText());
    await shot(client, 'shell-client1-drawer-light-en');
    await context.close();
  });

  test('the drawer closes on Escape and on route change', async ({ page }) => {
    await login(page, 'admin');
    await openDrawer(page);
    await closeDrawer(page);
    await openDrawer(page);
    await page.getByTestId('nav-app-info').click();
    await expect(page).toHaveURL(/\/app-info$/);
    await expect(page.getByTestId('drawer')).toBeHidden();
    await expect(page.getByTestId('app-version')).toHaveText('1.6.6');
    await expect(page.getByTestId('permission-adm')).toBeVisible();
    await expect(page.getByTestId('slogan')).toHaveText('independent, competent, reliable.');
    await expect(page).toHaveTitle(/^App info \| /);
    await shot(page, 'app-info-light-en');
  });

  test('switching the language shows German texts; language and dark mode persist over a reload', async ({ page }) => {
    await login(page, 'admin');
    await shot(page, 'shell-light-en');
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption('de');
    await expect(page.getByTestId('nav-overview')).toContainText('Übersicht');
    await expect(page.getByTestId('logout')).toContainText('Abmelden');
    await closeDrawer(page);
    await expect(page.getByTestId('page-title')).toHaveText('Übersicht');
    await expect(page.getByTestId('overview-filter')).toHaveAttribute('placeholder', 'Nach Nummer, Name oder Ort filtern');
    await shot(page, 'shell-light-de');

    await openDrawer(page);
    const wasDark = await page.evaluate(() => document.body.classList.contains('bp6-dark'));
    expect(wasDark).toBe(false);
    await toggleDarkTheme(page);
    await expect(page.locator('body')).toHaveClass(/bp6-dark/);
    expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('1');
    await closeDrawer(page);
    await shot(page, 'shell-dark-de');

    await page.reload();
    await expect(page.getByTestId('page-title')).toBeVisible();
    await expect(page.locator('body')).toHaveClass(/bp6-dark/);
    // The language is the user's (a command on the account), not the page's: it survives the reload.
    await expect(page.getByTestId('page-title')).toHaveText('Übersicht');
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption('en');
    await closeDrawer(page);
    await expect(page.getByTestId('page-title')).toHaveText('Overview');
    await shot(page, 'shell-dark-en');
    await openDrawer(page);
    await shot(page, 'shell-drawer-dark-en');
    await toggleDarkTheme(page);
    await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
    expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBe('0');
  });

  test('without a stored choice the theme follows the system preference', async ({ browser }) => {
    const context = await browser.newContext({ colorScheme: 'dark' });
    const page = await context.newPage();
    await login(page, 'admin');
    await expect(page.locator('body')).toHaveClass(/bp6-dark/);
    expect(await page.evaluate(() => localStorage.getItem('dark-mode'))).toBeNull();
    await context.close();
  });

  test('a company is picked by typing its number', async ({ page }) => {
    await login(page, 'admin');
    const input = page.locator('input[name="company"]');
    await page.keyboard.press('Alt+c');
    if (!(await input.evaluate((el) => el === document.activeElement))) await input.click();
    await input.fill('1003');
    const option = page.getByTestId('company-option-1003');
    await expect(option).toBeVisible();
    await expect(page.locator('[data-testid^="company-option-"]')).toHaveCount(1);
    await shot(page, 'company-picker-light-en');
    await option.click();
    await expect(input).toHaveValue(/^1003 /);
    await input.click();
    await input.fill('zzzz-no-such-company');
    await expect(page.getByText('No company found')).toBeVisible();
  });

  test('a company renamed by a command appears without reload', async ({ page, baseURL }) => {
    await login(page, 'admin');
    await expect(page.getByTestId('overview-row-1002')).toBeVisible();
    const picker = page.locator('input[name="company"]');
    await picker.click();
    await picker.fill('1002');
    await page.getByTestId('company-option-1002').click();
    await expect(picker).toHaveValue(/^1002 /);
    const token = await storedToken(page);
    const { app, close } = await feathersClient(baseURL!, token);
    try {
      const found = (await app.service('accounting-client').find({ query: { company_no: 1002 } })) as { data: Array<{ id: number }> };
      const name = `Renamed ${Date.now()} GmbH`;
      await app.service('accounting-client').patch(found.data[0].id, { company_name: name });
      await expect(page.getByTestId('overview-name-1002')).toHaveText(name);
      await expect(picker).toHaveValue(`1002 ${name}`);
      await page.getByTestId('overview-filter').fill('Renamed');
      await expect(page.locator('[data-testid^="overview-row-"]')).toHaveCount(1);
    } finally {
      close();
    }
  });

  test('any other path shows "Page not found"', async ({ page }) => {
    await login(page, 'admin', '/no/such/page');
    await expect(page.getByTestId('not-found')).toHaveText('Page not found');
    await expect(page).toHaveTitle(/^Page not found \| /);
    await shot(page, 'not-found-light-en');
  });

  test('logout ends the session and lands on the login page', async ({ page }) => {
    await login(page, 'admin');
    await signOut(page);
    expect(await page.evaluate(() => localStorage.getItem('feathers-jwt'))).toBeNull();
    // A new visit needs a new login.
    await page.goto('/overview');
    await expect(page.locator('input[name="username"]')).toBeVisible();
  });
});

test.describe('logout route', () => {
  test('visiting /logout directly ends the session without asking to log in first', async ({ page }) => {
    await login(page, 'admin');
    await page.goto('/logout');
    const confirm = page.getByRole('button', { name: /^(Yes, sign me out|Sign out|Abmelden|Logout)$/i });
    const username = page.locator('input[name="username"]');
    await expect(username.or(confirm).first()).toBeVisible({ timeout: 30_000 });
    if (await confirm.isVisible().catch(() => false)) await confirm.click();
    await expect(username).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('feathers-jwt'))).toBeNull();
  });
});

test.describe('feedback', () => {
  test('an unhandled promise rejection shows a red snackbar with an alert icon', async ({ page }) => {
    await login(page, 'admin');
    await page.evaluate(() => {
      void Promise.reject(new Error('Something broke'));
    });
    const toast = page.locator('.bp6-toast.bp6-intent-danger');
    await expect(toast).toContainText('Something broke');
    await expect(toast.locator('[data-icon="error"]')).toBeVisible();
    await shot(page, 'snackbar-error-light-en');
  });
});

test.describe('session', () => {
  test('a refreshed token re-authenticates the live connection', async ({ page }) => {
    await login(page, 'admin');
    const before = await storedToken(page);
    const refreshed = await page.evaluate(async () => {
      const root = (
        window as unknown as {
          __portal: {
            auth: { updateToken(n: number): Promise<boolean>; token?: string };
            session: { tokenRefreshed(t: string): Promise<void>; status: string };
          };
        }
      ).__portal;
      const ok = await root.auth.updateToken(-1); // forced refresh through the refresh token
      await root.session.tokenRefreshed(root.auth.token!);
      return { ok, status: root.session.status };
    });
    expect(refreshed).toEqual({ ok: true, status: 'authenticated' });
    await expect.poll(() => storedToken(page)).not.toBe(before);
    await page.getByTestId('overview-filter').fill('1003');
    // Another test's rename may carry these digits in its timestamp: the filter shows 1003 and hides the others.
    await expect(page.getByTestId('overview-row-1003')).toBeVisible();
    await expect(page.getByTestId('overview-row-1006')).toHaveCount(0);
  });

  test('a tick of the refresh loop renews a token with under 80 s left and re-authenticates', async ({ page }) => {
    await login(page, 'admin');
    const before = await storedToken(page);
    const result = await page.evaluate(async () => {
      type Portal = {
        auth: { keycloak: { timeSkew: number | null; tokenParsed?: { exp?: number } } };
        session: { refreshToken(): Promise<boolean>; status: string };
      };
      const root = (window as unknown as { __portal: Portal }).__portal;
      const kc = root.auth.keycloak;
      // Let the login client believe the token has 60 s left (keycloak-js: exp - now + timeSkew).
      const left = (kc.tokenParsed?.exp ?? 0) - Math.ceil(Date.now() / 1000) + (kc.timeSkew ?? 0);
      kc.timeSkew = (kc.timeSkew ?? 0) - (left - 60);
      const refreshed = await root.session.refreshToken(); // what the 60000 ms loop runs: updateToken(80)
      return { refreshed, status: root.session.status };
    });
    expect(result).toEqual({ refreshed: true, status: 'authenticated' });
    await expect.poll(() => storedToken(page)).not.toBe(before);
    await page.getByTestId('overview-filter').fill('1004');
    // Another test's rename may carry these digits in its timestamp: the filter shows 1004 and hides the others.
    await expect(page.getByTestId('overview-row-1004')).toBeVisible();
    await expect(page.getByTestId('overview-row-1006')).toHaveCount(0);
  });

  test('after a dropped connection the client re-authenticates and pushed changes keep arriving', async ({ page, baseURL }) => {
    await login(page, 'admin');
    await expect(page.getByTestId('overview-row-1005')).toBeVisible();
    await page.evaluate(() => {
      const root = (window as unknown as { __portal: { client: { socket: { io: { engine: { close(): void } } } } } }).__portal;
      root.client.socket.io.engine.close();
    });
    await expect
      .poll(
        () =>
          page.evaluate(
            () => (window as unknown as { __portal: { client: { socket: { connected: boolean }; isAuthenticated: boolean } } }).__portal.client.isAuthenticated,
          ),
        { timeout: 20_000 },
      )
      .toBe(true);
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    try {
      const found = (await app.service('accounting-client').find({ query: { company_no: 1005 } })) as { data: Array<{ id: number }> };
      const name = `Reconnected ${Date.now()} AG`;
      await app.service('accounting-client').patch(found.data[0].id, { company_name: name });
      await expect(page.getByTestId('overview-name-1005')).toHaveText(name);
    } finally {
      close();
    }
  });
});
