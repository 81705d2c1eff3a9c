import { expect, test } from '@playwright/test';
import { expectNoSeriousA11yViolations } from './axe';
import { closeDrawer, login, openDrawer, storedToken, toggleDarkTheme, shot } from './support';

/** A file that claims to be a PDF but is broken: the extraction flags it Broken. */
async function uploadBroken(baseURL: string, token: string): Promise<number> {
  const form = new FormData();
  form.append('files', new Blob([`%PDF-1.7\n1 0 obj broken ${Date.now()}\n%%EOF`], { type: 'application/pdf' }), `kaputt-${Date.now()}.pdf`);
  const res = await fetch(`${baseURL}/api/documents/upload?client=1002&category=ER_U`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(res.status).toBeLessThan(300);
  return ((await res.json()) as { files: Array<{ documentId: number }> }).files[0]!.documentId;
}

test.describe('automation error view', () => {
  // Generous for a loaded machine; on a quiet one the file runs in well under a minute.
  test.setTimeout(420_000);

  test('a broken upload appears in /error with its count in the drawer, retry re-runs it, resolve takes a remark', async ({ page, baseURL }) => {
    await login(page, 'admin', '/error');
    // The sign-in sometimes lands on the start route instead of the deep link; the stored token opens /error directly.
    if (new URL(page.url()).pathname !== '/error') await page.goto('/error');
    await expect(page.getByTestId('rpa-table')).toBeVisible();
    await openDrawer(page);
    await expect(page.getByTestId('badge-rpaErrors')).toBeVisible();
    const before = Number(await page.getByTestId('badge-rpaErrors').textContent());
    await closeDrawer(page);

    const documentId = await uploadBroken(baseURL!, await storedToken(page));
    const id = `document-${documentId}:extraction`;
    const row = page.getByTestId(`rpa-row-${id}`);
    // The worker may still be reading the demo invoices first (minutes on a loaded machine).
    await expect(row).toBeVisible({ timeout: 300_000 });
    await expect(row).toContainText('Document broken');
    await expect(page.getByTestId(`rpa-attempts-${id}`)).toHaveText('1');
    await openDrawer(page);
    await expect(page.getByTestId('badge-rpaErrors')).toHaveText(String(before + 1));
    await closeDrawer(page);
    await shot(page, 'rpa-errors-desktop-en');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId(`rpa-retry-${id}`).click();
    await expect(page.getByTestId(`rpa-attempts-${id}`)).toHaveText('2', { timeout: 150_000 });

    await page.getByTestId(`rpa-resolve-${id}`).click();
    await page.getByTestId('rpa-resolve-confirm').click();
    await expect(page.getByText('Required field')).toBeVisible();
    await page.getByTestId('rpa-remark').fill('Original beim Mandanten angefordert');
    await page.getByTestId('rpa-resolve-confirm').click();
    await expect(row).toHaveCount(0);
    await page.getByTestId('rpa-filter-status').selectOption('resolved');
    await expect(page.getByTestId(`rpa-resolution-${id}`)).toContainText('Original beim Mandanten angefordert');
    await page.getByTestId(`rpa-open-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/doc/1002/${documentId}$`));

    await page.goto('/error');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('de');
    await closeDrawer(page);
    // Every status: the broken upload resolved above is listed whatever the other open failures are.
    await page.getByTestId('rpa-filter-status').selectOption('all');
    await expect(page.getByTestId('rpa-table').getByText('Beleg beschädigt').first()).toBeVisible();
    await shot(page, 'rpa-errors-desktop-de-dark');
    await expectNoSeriousA11yViolations(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.locator('[data-testid=rpa-table][data-layout=cards]')).toBeVisible();
    await shot(page, 'rpa-errors-mobile-de-dark');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('en');
    await closeDrawer(page);
    await shot(page, 'rpa-errors-mobile-en');
  });
});
