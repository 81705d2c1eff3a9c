import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { SCREENSHOTS, login } from './support';

/** Every text a list's count shows from the page's start, recorded in the page (it changes within milliseconds). */
async function recordCounts(page: Page, testId = 'documents-count'): Promise<void> {
  await page.addInitScript((selector) => {
    const seen: string[] = [];
    (window as unknown as { __counts: string[] }).__counts = seen;
    new MutationObserver(() => {
      const text = document.querySelector(selector)?.textContent;
      if (text && seen[seen.length - 1] !== text) seen.push(text);
    }).observe(document, { subtree: true, childList: true, characterData: true });
  }, `[data-testid="${testId}"]`);
}

/** Top-level navigations of the page (a provider redirect would add two). */
function navigations(page: Page): string[] {
  const urls: string[] = [];
  page.on('framenavigated', (frame) => frame === page.mainFrame() && urls.push(new URL(frame.url()).pathname));
  return urls;
}

test.describe('first paint', () => {
  // Two sign-ins in one test: room for a loaded CI machine.
  test.describe.configure({ timeout: 120_000 });

  test('a deep link with a stored session shows the first rows without a round trip through the login page, and never a false 0', async ({ page }) => {
    await login(page, 'client1', '/documents/1001');
    await expect(page.locator('a.portal-doc-link').first()).toBeVisible({ timeout: 30_000 });
    await recordCounts(page);
    const visited = navigations(page);
    const providerPages: string[] = [];
    page.on('request', (r) => r.url().includes('/oidc/auth') && !r.url().includes('prompt=none') && providerPages.push(r.url()));

    await page.goto('/documents/1001');
    await expect(page.locator('a.portal-doc-link').first()).toBeVisible();
    // client1 works in German.
    await expect(page.getByTestId('documents-count')).toHaveText(/^[1-9]\d* Belege?$/);
    await page.screenshot({ path: `${SCREENSHOTS}/first-paint-documents-de.png` });

    expect(visited).toEqual(['/documents/1001']);
    expect(providerPages).toEqual([]);
    const counts = await page.evaluate(() => (window as unknown as { __counts: string[] }).__counts);
    expect(counts[0]).toBe('Belege werden geladen…');
    expect(counts.filter((text) => /^0 /.test(text))).toEqual([]);
    // The silent refresh replaced the stored token with a fresh one from the provider.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('feathers-jwt'))).toBeTruthy();
  });

  test('the invoice list shows placeholder rows while loading, never a false 0 invoices', async ({ page }) => {
    await login(page, 'accountant', '/invoices/1001/er_u');
    await expect(page.locator('[data-testid^="invoice-row-"]').first()).toBeVisible({ timeout: 30_000 });
    await recordCounts(page, 'invoice-count');
    await page.goto('/invoices/1001/er_u');
    await expect(page.locator('[data-testid^="invoice-row-"]').first()).toBeVisible();
    await expect(page.getByTestId('invoice-list-skeleton')).toHaveCount(0);
    await expect(page.getByTestId('invoice-count')).toHaveText(/^[1-9]\d* Rechnung(en)?$/);
    const counts = await page.evaluate(() => (window as unknown as { __counts: string[] }).__counts);
    expect(counts[0]).toBe('Rechnungen werden geladen…');
    expect(counts.filter((text) => /^0 /.test(text))).toEqual([]);
  });

  test('when the provider session has ended, the stored token is cleared and the login page opens', async ({ page, context }) => {
    await login(page, 'client1', '/documents/1001');
    await expect(page.locator('a.portal-doc-link').first()).toBeVisible({ timeout: 30_000 });
    await context.clearCookies();
    await page.goto('/documents/1001');
    await expect(page.locator('input[name="username"]')).toBeVisible({ timeout: 30_000 });
    expect(await page.evaluate(() => localStorage.getItem('feathers-jwt'))).toBeNull();
    // Signing in again lands on the deep link.
    await page.locator('input[name="username"]').fill('client1');
    await page.locator('input[name="password"]').fill('client1');
    await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
    await expect(page.locator('a.portal-doc-link').first()).toBeVisible({ timeout: 30_000 });
    await expect(page).toHaveURL(/\/documents\/1001$/);
  });

  test('when the provider answers the silent check with a page of its own, a page without a valid token signs in in the open instead of waiting', async ({
    page,
  }) => {
    await login(page, 'client1', '/documents/1001');
    await expect(page.locator('a.portal-doc-link').first()).toBeVisible({ timeout: 30_000 });
    // An expired stored token: the page must ask the provider before it can start.
    await page.evaluate(() => {
      const part = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      localStorage.setItem('feathers-jwt', `${part({ alg: 'RS256' })}.${part({ sub: 'expired', exp: Math.floor(Date.now() / 1000) - 60 })}.sig`);
    });
    // The provider's error page in the hidden iframe never reports back to the portal page.
    await page.route(/\/oidc\/auth\?.*prompt=none/, (route) => route.fulfill({ status: 500, contentType: 'text/html', body: '<p>Internal error</p>' }));
    const openLogins: string[] = [];
    page.on('request', (r) => r.isNavigationRequest() && r.frame() === page.mainFrame() && r.url().includes('/oidc/auth') && openLogins.push(r.url()));
    await page.goto('/documents/1001');
    await expect(page.locator('a.portal-doc-link').first()).toBeVisible({ timeout: 30_000 });
    // Through the provider's login in the open (its session signs the browser in without the form), back on the deep link.
    expect(openLogins.length).toBeGreaterThanOrEqual(1);
    await expect(page).toHaveURL(/\/documents\/1001$/);
  });
});
