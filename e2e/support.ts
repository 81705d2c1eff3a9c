import { expect } from '@playwright/test';
import type { Page } from '@playwright/test';

export const SCREENSHOTS = 'test-results/screenshots';

/** Log in through the real login page of the identity provider (password = username for demo users). */
export async function login(page: Page, username: string, path = '/'): Promise<void> {
  await page.goto(path);
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(username);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  // A consent screen, if the provider shows one for the first-party client.
  const consent = page.getByRole('button', { name: /^(Continue|Authorize|Allow|Weiter|Zulassen)$/i });
  const shell = page.getByTestId('page-title');
  await expect(shell.or(consent).first()).toBeVisible({ timeout: 30_000 });
  if (await consent.isVisible().catch(() => false)) await consent.click();
  await expect(shell).toBeVisible({ timeout: 30_000 });
  // Settle: '/' redirects to the start route (a transition; the drawer closes when it lands), and the login
  // callback's fragment is removed.
  await page.waitForURL((url) => url.pathname !== '/' && !url.hash.includes('code='));
  await expect(shell).not.toHaveText('Start');
  // The language is the user's own and sticks across sessions (issue 17): a test that switched it and failed before
  // switching back must not leave the next test in the other language.
  const demoLocale = DEMO_LOCALE[username];
  if (demoLocale) await ensureLanguage(page, demoLocale);
}

/** The demo users' own languages (apps/api/src/seed/demo-data.ts). */
const DEMO_LOCALE: Readonly<Record<string, 'en' | 'de'>> = { admin: 'en', client1: 'de', accountant: 'de', clerk: 'de', approver: 'de', auditor: 'en' };

/** Switches the signed-in user's language through the drawer when the page shows another one. */
export async function ensureLanguage(page: Page, locale: 'en' | 'de'): Promise<void> {
  if ((await page.evaluate(() => document.documentElement.lang)) === locale) return;
  await openDrawer(page);
  await page.getByTestId('language-select').selectOption(locale);
  await closeDrawer(page);
  await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(locale);
}

/** Opens the drawer and waits until its slide-in animation has finished. */
export async function openDrawer(page: Page): Promise<void> {
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('drawer')).toBeVisible();
  await expect.poll(async () => (await page.locator('.portal-drawer').boundingBox())?.x).toBe(0);
}

/** Closes the drawer with Escape and waits until it is gone. */
export async function closeDrawer(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('.portal-drawer')).toHaveCount(0);
}

/** Blueprint's Switch hides its input; click the visible label. */
export async function toggleDarkTheme(page: Page): Promise<void> {
  await page.locator('label', { has: page.getByTestId('dark-switch') }).click();
}

/** The access token the portal stored after login (spec 3: local storage key feathers-jwt). */
export async function storedToken(page: Page): Promise<string> {
  await expect.poll(() => page.evaluate(() => localStorage.getItem('feathers-jwt'))).toBeTruthy();
  return (await page.evaluate(() => localStorage.getItem('feathers-jwt'))) as string;
}

/**
 * Waits until the OCR worker has no document queued or running (the demo invoices of the first start), so a list
 * a test walks does not change under it. Reads the portal's Prometheus metrics.
 */
export async function extractionSettled(baseURL: string, timeout = 240_000): Promise<void> {
  const gauge = (text: string, name: string) => Number(new RegExp(`^${name} (\\d+)`, 'm').exec(text)?.[1] ?? '0');
  await expect
    .poll(
      async () => {
        const text = await (await fetch(`${baseURL}/metrics`)).text();
        return gauge(text, 'portal_extraction_queue') + gauge(text, 'portal_extraction_running');
      },
      { timeout, intervals: [1_000] },
    )
    .toBe(0);
}
