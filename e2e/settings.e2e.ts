import { expect, test, type Page } from '@playwright/test';
import { zoneOffsetMinutes } from '@portal/contracts';
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

  /** The wall-clock minutes of a time as the English screens write it ("11/29/2026, 9:05 PM"). */
  const wallMinutes = (text: string): number => {
    const m = /(\d{2})\/(\d{2})\/(\d{4}), (\d{1,2}):(\d{2})\s?(AM|PM)/.exec(text);
    if (!m) throw new Error(`no time in ${text}`);
    const hour = (Number(m[4]) % 12) + (m[6] === 'PM' ? 12 : 0);
    return Date.UTC(Number(m[3]), Number(m[1]) - 1, Number(m[2]), hour, Number(m[5])) / 60_000;
  };
  const chooseZone = async (page: Page, zone: string) => {
    // By keyboard: the select takes the zone, Tab reaches the save button, Enter saves.
    await page.getByTestId('settings-time-zone').focus();
    await page.getByTestId('settings-time-zone').selectOption(zone);
    await page.keyboard.press('Tab');
    await expect(page.getByTestId('settings-time-zone-save')).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('settings-time-zone-save')).toBeDisabled();
  };

  test("an administrator sets the firm's time zone: times on screen follow it, in en and de, light and dark, desktop and phone", async ({ page }) => {
    await login(page, 'admin', '/settings/1002');
    const lastChange = page.getByTestId('settings-last-change');
    await expect(page.getByTestId('settings-time-zone')).toHaveValue('Europe/Vienna');
    await expect(lastChange).toBeVisible();
    const inVienna = wallMinutes((await lastChange.textContent()) ?? '');
    try {
      await chooseZone(page, 'America/New_York');
      // Offsets count like Date#getTimezoneOffset: the wall clock moves by Vienna's minus New York's.
      const shift = zoneOffsetMinutes('Europe/Vienna', new Date()) - zoneOffsetMinutes('America/New_York', new Date());
      await expect.poll(async () => wallMinutes((await lastChange.textContent()) ?? '') - inVienna).toBe(shift);
      await expect(page.locator('#settings-time-zone option:checked')).toHaveText(/^America\/New York \(UTC−0[45]:00\)$/);
      await shot(page, 'settings-time-zone-desktop-en');
      await expectNoSeriousA11yViolations(page);
      // Every connection hears of it: a page opened now writes times in the new zone too.
      await page.reload();
      await expect(page.getByTestId('settings-time-zone')).toHaveValue('America/New_York');
      await expect.poll(async () => wallMinutes((await lastChange.textContent()) ?? '') - inVienna).toBe(shift);

      await openDrawer(page);
      await toggleDarkTheme(page);
      await page.getByTestId('language-select').selectOption('de');
      await closeDrawer(page);
      await expect(page.getByText('Zeitzone der Kanzlei', { exact: true })).toBeVisible();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByTestId('settings-firm').scrollIntoViewIfNeeded();
      await shot(page, 'settings-time-zone-mobile-de-dark');
      await expectNoSeriousA11yViolations(page);
      await page.setViewportSize({ width: 1280, height: 720 });
      await openDrawer(page);
      await toggleDarkTheme(page);
      await page.getByTestId('language-select').selectOption('en');
      await closeDrawer(page);
    } finally {
      // One portal serves every test of the run: the zone goes back.
      await chooseZone(page, 'Europe/Vienna');
    }
    await expect.poll(async () => wallMinutes((await lastChange.textContent()) ?? '')).toBe(inVienna);
  });

  test('users without adm get the no-permission page', async ({ page }) => {
    await login(page, 'accountant', '/settings/1001');
    await expect(page.getByTestId('no-permission')).toBeVisible();
  });
});
