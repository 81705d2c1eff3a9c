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
}

/** Signs in on a deep link; lands there again when the sign-in returned elsewhere (seen on a loaded machine). */
export async function loginAt(page: Page, username: string, path: string): Promise<void> {
  await login(page, username, path);
  if (new URL(page.url()).pathname !== path) await page.goto(path);
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
