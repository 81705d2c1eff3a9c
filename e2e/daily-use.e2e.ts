import { expectNoSeriousA11yViolations } from './axe';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { DocumentRecord } from '@portal/contracts';
import { feathersClient } from './feathers';
import { workableInvoice } from './invoice-support';
import { closeDrawer, expectDocumentShown, login, openDrawer, storedToken, shot } from './support';

/** What daily use needs: permissions by URL, unknown companies, unsaved edits, disabled actions, mobile. */
const MOBILE = { width: 390, height: 844 };

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => localStorage.setItem('dark-mode', d ? '1' : '0'), dark);
  await page.reload();
  await expect(page.getByTestId('page-title')).toBeVisible();
  if (dark) await expect(page.locator('body')).toHaveClass(/bp6-dark/);
}

/** Every route the web app declares (apps/web/src/app/routes.ts), so a screen added later is swept too. */
function declaredRoutes(): string[] {
  const source = readFileSync(join(__dirname, '../apps/web/src/app/routes.ts'), 'utf8');
  return [...source.matchAll(/^\s*path: '([^']+)',$/gm)].map((m) => m[1]!);
}

/** A concrete path of a route pattern: the demo client, an existing document, optional parts left out. */
function concretePath(pattern: string, documentId: number): string {
  const path = pattern
    .replace(/\/:[a-z_A-Z]+\?/g, (part) => (part.startsWith('/:client') ? '/1001' : ''))
    .replace(':client', '1001')
    .replace(':documentId', String(documentId));
  if (path.includes(':')) throw new Error(`daily-use: no value for a parameter of ${pattern}; add it to concretePath`);
  return path;
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** The newest success snackbar covers neither the fields nor the document the user works on. */
async function expectSnackbarClear(page: Page, panes: string[]): Promise<void> {
  // Read in the page as soon as the toast has slid in: a round trip per step may outlast its 5 s on a loaded
  // machine, so the position is taken where the toast lives, before it closes.
  const seen = await page.evaluate(async (names) => {
    const rect = (el: Element | null) => {
      const r = el?.getBoundingClientRect();
      return r ? { x: r.x, y: r.y, width: r.width, height: r.height } : null;
    };
    const newest = () => [...document.querySelectorAll('.bp6-toast')].filter((t) => t.querySelector('[data-testid="snackbar-success"]')).pop();
    const deadline = Date.now() + 15_000;
    let toast = newest();
    while (!toast && Date.now() < deadline) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
      toast = newest();
    }
    if (!toast) return null;
    if (!toast.classList.contains('bp6-toast-exit')) {
      await Promise.all(
        toast
          .getAnimations({ subtree: true })
          .filter((a) => a.effect?.getComputedTiming().endTime !== Infinity)
          .map((a) => a.finished.catch(() => undefined)),
      );
    }
    return { toast: rect(toast), panes: Object.fromEntries(names.map((name) => [name, rect(document.querySelector(`[data-pane="${name}"]`))])) };
  }, panes);
  expect(seen?.toast, 'a success snackbar is shown').toBeTruthy();
  for (const pane of panes) {
    const target = seen!.panes[pane];
    expect(target, `pane ${pane}`).toBeTruthy();
    expect(overlaps(seen!.toast!, target!), `snackbar over the ${pane} pane`).toBe(false);
  }
}

/** No tag text cut with an ellipsis and no tag past its cell / container. */
async function expectTagsWhole(page: Page, tags: ReturnType<Page['locator']>, container: string): Promise<void> {
  await expect.poll(() => tags.count()).toBeGreaterThan(0);
  for (const tag of await tags.all()) {
    const whole = await tag.evaluate((el, sel) => {
      const text = el.querySelector('.bp6-text-overflow-ellipsis') ?? el;
      const box = el.getBoundingClientRect();
      const outer = el.closest(sel)!.getBoundingClientRect();
      return text.scrollWidth <= text.clientWidth + 1 && box.right <= outer.right + 0.5;
    }, container);
    expect(whole, (await tag.textContent()) ?? '').toBe(true);
  }
}

test.describe('daily use', () => {
  test.describe.configure({ timeout: 300_000 });
  test('a screen without the permission and a company without access say so and offer nothing (de and en)', async ({ page, browser }) => {
    // client1 has no ove: /overview by URL is the no-permission page, not the overview.
    await login(page, 'client1', '/overview');
    await expect(page.getByTestId('no-permission')).toBeVisible();
    await expect(page.getByTestId('overview-row-1001')).toHaveCount(0);
    // Another client's company: "not found or no access", no upload, no list.
    await page.goto('/documents/1002');
    await expect(page.getByTestId('company-not-found')).toHaveText('Unternehmen nicht gefunden oder kein Zugriff', { timeout: 45_000 });
    await expect(page.getByTestId('upload-button')).toHaveCount(0);
    await expect(page.getByTestId('documents-table')).toHaveCount(0);
    await shot(page, 'daily-company-not-found-light-de');
    // Their own company still works.
    await page.goto('/documents/1001');
    await expect(page.getByTestId('upload-button')).toBeEnabled({ timeout: 45_000 });

    const context = await browser.newContext();
    const admin = await context.newPage();
    await login(admin, 'admin', '/invoices/9999');
    await expect(admin.getByTestId('company-not-found')).toHaveText('Company not found or no access');
    await expect(admin.getByTestId('invoice-list')).toHaveCount(0);
    await shot(admin, 'daily-company-not-found-light-en');
    await context.close();
  });

  test('changed settings ask save, discard or stay before another screen opens, by the drawer or by Back', async ({ page }) => {
    // Opened from another screen, so Back stays inside the portal.
    await login(page, 'admin', '/app-info');
    await openDrawer(page);
    await page.getByTestId('nav-settings').click();
    await expect(page.getByTestId('settings-screen')).toBeVisible();
    const retention = page.getByTestId('settings-retention');
    const before = await retention.inputValue();
    await retention.fill(before === '8' ? '9' : '8');
    await expect(page.getByTestId('settings-unsaved')).toBeVisible();
    const here = page.url();
    // The drawer.
    await openDrawer(page);
    await page.getByTestId('nav-app-info').click();
    const dialog = page.locator('.portal-leave-dialog');
    await expect(dialog).toBeVisible();
    await page.getByTestId('leave-stay').click();
    await closeDrawer(page).catch(() => undefined);
    await expect(page).toHaveURL(here);
    await expect(page.getByTestId('settings-unsaved')).toBeVisible();
    // Back.
    await page.evaluate(() => window.history.back());
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(here);
    await page.getByTestId('leave-discard').click();
    await expect(page).not.toHaveURL(here);
    await page.goto(here);
    await expect(retention).toHaveValue(before);
  });

  test('the portal opens on 127.0.0.1 as well as on localhost, and another host is told which variable to set', async ({ browser, baseURL, request }) => {
    const loopback = new URL(baseURL!);
    loopback.hostname = '127.0.0.1';
    const context = await browser.newContext();
    const page = await context.newPage();
    // 127.0.0.1 moves to the portal's own address and signs in there (no invalid_redirect_uri).
    await login(page, 'accountant', `${loopback.origin}/invoices/1001`);
    await expect(page.getByTestId('invoice-list')).toBeVisible();
    expect(new URL(page.url()).pathname).toMatch(/^\/invoices\/1001/);
    await context.close();
    const other = await request.get(`${baseURL}/`, { headers: { host: `portal.invalid:${loopback.port}` } });
    expect(other.status()).toBe(421);
    expect(await other.text()).toContain('PUBLIC_URL=');
  });

  test('unsaved edits ask save, discard or stay before another invoice opens, and guard closing the tab', async ({ page }) => {
    await login(page, 'accountant', '/invoices/1001/er_u');
    const detail = page.getByTestId('invoice-detail');
    await expect(detail).toBeVisible();
    const rows = page.locator('[data-testid^="invoice-row-"]');
    await expect.poll(() => rows.count()).toBeGreaterThan(1);
    const first = Number(await detail.getAttribute('data-id'));
    const ids = await rows.evaluateAll((els) => els.map((el) => Number(el.getAttribute('data-testid')!.replace('invoice-row-', ''))));
    const otherId = ids.find((id) => id !== first)!;

    // Disabled actions look disabled and say why.
    const save = page.getByTestId('action-save');
    await expect(save).toBeDisabled();
    expect(await save.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgb(51, 102, 153)');
    await expect(page.locator('[data-disabled-reason]', { has: page.getByTestId('action-book') })).toHaveAttribute(
      'data-disabled-reason',
      'Buchen erfordert eine bestätigte Rechnung und die Berechtigung acc.',
    );
    await page.locator('[data-disabled-reason]', { has: save }).hover();
    await expect(page.locator('.bp6-tooltip')).toContainText('Noch nichts geändert.');

    await page.getByTestId('field-subject').fill('Nicht verlieren');
    await page.getByTestId(`invoice-row-${otherId}`).click();
    const dialog = page.locator('.portal-leave-dialog');
    await expect(dialog).toBeVisible();
    await shot(page, 'daily-unsaved-dialog-light-de');
    await page.getByTestId('leave-stay').click();
    await expect(dialog).toHaveCount(0);
    await expect(detail).toHaveAttribute('data-id', String(first));
    await expect(page.getByTestId('field-subject')).toHaveValue('Nicht verlieren');

    await page.getByTestId(`invoice-row-${otherId}`).click();
    await page.getByTestId('leave-discard').click();
    await expect(detail).toHaveAttribute('data-id', String(otherId));

    // Save and continue: the edit is kept, then the list moves on.
    await page.getByTestId(`invoice-row-${first}`).click();
    await expect(detail).toHaveAttribute('data-id', String(first));
    const revision = Number(await detail.getAttribute('data-revision'));
    // A text of this run: a retry finds the first run's save on the server, and the same text would be no edit.
    const savedText = `Gespeichert beim Verlassen ${Date.now()}`;
    await page.getByTestId('field-subject').fill(savedText);
    await page.getByTestId(`invoice-row-${otherId}`).click();
    await page.getByTestId('leave-save').click();
    await expect(detail).toHaveAttribute('data-id', String(otherId));
    await page.getByTestId(`invoice-row-${first}`).click();
    // Saved (the reading in the background may add events of its own meanwhile).
    await expect.poll(async () => Number(await detail.getAttribute('data-revision'))).toBeGreaterThan(revision);
    await expect(page.getByTestId('field-subject')).toHaveValue(savedText);

    // Ctrl+Down with a changed form asks too; staying keeps the edit.
    await page.getByTestId('field-subject').fill('Tastatur');
    await page.keyboard.press('Control+ArrowDown');
    await expect(dialog).toBeVisible();
    await page.getByTestId('leave-stay').click();
    await expect(detail).toHaveAttribute('data-id', String(first));
    await expect(page.getByTestId('field-subject')).toHaveValue('Tastatur');

    // The browser's Back button as well: the page stays until the user chose; discarding then goes back. The
    // browser has changed the address before the guard hears of it; the guard puts it back (so: wait for it).
    const here = page.url();
    await page.evaluate(() => window.history.back());
    await expect(dialog).toBeVisible();
    await expect(page).toHaveURL(here);
    await page.getByTestId('leave-stay').click();
    // The closing dialog stays in the page while it fades out: a click on it would choose nothing.
    await expect(dialog).toHaveCount(0);
    await expect(page.getByTestId('field-subject')).toHaveValue('Tastatur');
    await expect(page).toHaveURL(here);
    await page.evaluate(() => window.history.back());
    await expect(dialog).toBeVisible();
    await page.getByTestId('leave-discard').click();
    await expect(page).not.toHaveURL(here);
    await page.evaluate(() => window.history.forward());
    await expect(page).toHaveURL(here);
    await expect(detail).toHaveAttribute('data-id', String(first));

    // Closing the tab with unsaved edits: the browser asks.
    await page.getByTestId('field-subject').fill('Noch offen');
    let asked = '';
    page.on('dialog', (d) => {
      asked = d.type();
      void d.dismiss();
    });
    await page.close({ runBeforeUnload: true });
    await expect.poll(() => asked).toBe('beforeunload');
  });

  test('below lg every screen is one column: tabs for list, document and fields, a full-width picker, no cut tables', async ({ browser }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await login(page, 'accountant', '/invoices/1001/er_u');
    const panes = page.getByTestId('invoice-panes');
    await expect(panes).toHaveAttribute('data-layout', 'tabs');
    const picker = page.locator('.portal-company-picker--fill');
    await expect(picker).toBeVisible();
    expect((await picker.boundingBox())!.width).toBeGreaterThan(340);
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await page.getByTestId('pane-tab-list').click();
    const row = page.locator('[data-testid^="invoice-row-"]').first();
    await expect(row).toBeVisible();
    await shot(page, 'daily-mobile-invoice-list-light-de');
    await row.click();
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    await expect(page.getByTestId('pane-tab-fields')).toHaveAttribute('aria-selected', 'true');
    await shot(page, 'daily-mobile-invoice-fields-light-de');
    await expectNoSeriousA11yViolations(page, undefined, '.portal-pdf-page');
    await page.getByTestId('pane-tab-document').click();
    await expectDocumentShown(page);
    await shot(page, 'daily-mobile-invoice-document-light-de');

    await page.goto('/documents/1001');
    await expect(page.getByTestId('documents-table')).toBeVisible({ timeout: 45_000 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'daily-mobile-documents-light-de');

    await page.goto('/invoices/1001/er_u');
    await setDark(page, true);
    await expect(page.getByTestId('invoice-panes')).toHaveAttribute('data-layout', 'tabs');
    await shot(page, 'daily-mobile-invoice-dark-de');
    await expectNoSeriousA11yViolations(page, undefined, '.portal-pdf-page');
    await context.close();
  });

  test('from lg the work screen keeps its three panes and amounts are never cut; light and dark pass axe', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await login(page, 'accountant', '/invoices/1001/er_u');
    await expect(page.getByTestId('invoice-panes')).toHaveAttribute('data-layout', 'columns');
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    // Every amount in the list fits its row.
    const amounts = page.locator('.portal-invoice-row-amount');
    await expect.poll(() => amounts.count()).toBeGreaterThan(0);
    for (const amount of await amounts.all()) {
      const fits = await amount.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const list = el.closest('.portal-split-pane')!.getBoundingClientRect();
        return el.scrollWidth <= el.clientWidth && box.right <= list.right;
      });
      expect(fits).toBe(true);
    }
    await shot(page, 'daily-desktop-invoices-light-de');
    await expectNoSeriousA11yViolations(page, undefined, '.portal-pdf-page');
    await setDark(page, true);
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    await shot(page, 'daily-desktop-invoices-dark-de');
    await expectNoSeriousA11yViolations(page, undefined, '.portal-pdf-page');
  });

  test('the supplier picker offers to create a typed name and opens the dialog with it', async ({ page }) => {
    await login(page, 'accountant', '/invoices/1001/er_u');
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    const picker = page.getByTestId('field-supplier_account');
    await picker.click();
    await picker.fill('Moser');
    const offer = page.getByTestId('account-create');
    await expect(offer).toHaveText('Lieferant Moser anlegen…');
    await expect(page.locator('.bp6-menu-item', { hasText: 'Moser verwenden' })).toHaveCount(0);
    await shot(page, 'daily-supplier-create-offer-light-de');
    await offer.click();
    await expect(page.locator('.portal-create-person')).toBeVisible();
    await expect(page.getByTestId('create-person-name')).toHaveValue('Moser');
    await expect(page.getByTestId('create-person-account')).toHaveValue(/^\d{6}$/);
    await shot(page, 'daily-supplier-create-dialog-light-de');
  });

  test('snackbars after Confirm and Book cover neither the fields nor the document, at 1280x720 and 390x844', async ({ page, browser, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await login(page, 'accountant', '/invoices/1001/er_u');
    const { id } = await workableInvoice(page, baseURL!, 1001);
    await page.getByTestId(`invoice-row-${id}`).click();
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(id));
    await page.getByTestId('action-confirm').click();
    await expectSnackbarClear(page, ['fields', 'document']);
    await shot(page, 'daily-snackbar-confirm-desktop-light-de');
    await page.goto(`/invoices/1001/er/${id}`);
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(id));
    await page.getByTestId('action-book').click();
    await expectSnackbarClear(page, ['fields', 'document']);
    await shot(page, 'daily-snackbar-book-desktop-light-de');

    const context = await browser.newContext({ viewport: MOBILE });
    const phone = await context.newPage();
    await login(phone, 'accountant', '/invoices/1001/er_u');
    const other = await workableInvoice(phone, baseURL!, 1001, [id]);
    await phone.goto(`/invoices/1001/er_u/${other.id}`);
    await phone.getByTestId('pane-tab-fields').click();
    await expect(phone.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(other.id));
    await phone.getByTestId('action-confirm').click();
    await expectSnackbarClear(phone, ['fields']);
    await shot(phone, 'daily-snackbar-confirm-mobile-light-de');
    await phone.goto(`/invoices/1001/er/${other.id}`);
    await phone.getByTestId('pane-tab-fields').click();
    await expect(phone.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(other.id));
    await phone.getByTestId('action-book').click();
    await expectSnackbarClear(phone, ['fields']);
    await phone.getByTestId('pane-tab-document').click();
    await expectSnackbarClear(phone, ['document']);
    await shot(phone, 'daily-snackbar-book-mobile-light-de');
    await context.close();
  });

  test('at 1280x720 status tags are never cut and a search keeps Gross and Status on screen', async ({ page, baseURL }) => {
    await page.setViewportSize({ width: 1280, height: 720 });
    await login(page, 'accountant', '/documents/1001');
    // One invoice confirmed and booked: the most tags a row shows (confirmed, booked, locked).
    const { id } = await workableInvoice(page, baseURL!, 1001);
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    // Booking needs what the export needs: the accounts, and a tax rate when the reading found none.
    const read = (await app.service('documents').get(id)) as DocumentRecord;
    await app.service('documents').patch(id, {
      fields: {
        supplier_account: '330100',
        expense_account: '510000',
        ...(read.booking.tax_rate === null && read.booking.tax_code === null ? { tax_rate: 20 } : {}),
      },
    });
    await app.service('documents').patch(id, { action: 'confirm' });
    const booked = (await app.service('documents').patch(id, { action: 'book' })) as DocumentRecord;
    close();
    expect(booked.locked).toBe(true);

    await page.goto('/documents/1001?tab=ER');
    const row = page.locator(`[data-row-id="${id}"]`);
    await expect(row.locator('[data-flag="locked"]')).toBeVisible({ timeout: 30_000 });
    await expectTagsWhole(page, row.locator('.bp6-tag'), '.bp6-table-cell');
    await shot(page, 'daily-documents-status-desktop-light-de');

    // A search adds the match column; Gross and Status stay inside the screen.
    const word = (booked.biller_name ?? booked.title).split(/\s+/)[0]!;
    await page.getByTestId('documents-search').fill(word);
    await expect(page.getByTestId('documents-table').locator('mark').first()).toBeVisible({ timeout: 20_000 });
    for (const header of ['Bruttobetrag', 'Status']) {
      const cell = page.locator('.bp6-table-column-name', { hasText: new RegExp(`^${header}$`) }).first();
      await expect(cell).toBeVisible();
      const box = (await cell.boundingBox())!;
      expect(box.x + box.width, header).toBeLessThanOrEqual(1280);
    }
    // No header is cut or runs into the next one.
    for (const name of await page.locator('.portal-documents-table .bp6-table-column-name').all()) {
      expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1), (await name.textContent()) ?? '').toBe(true);
    }
    await shot(page, 'daily-documents-search-desktop-light-de');

    // The invoice screen: the tags of the open invoice and of its list row are whole.
    await page.goto(`/invoices/1001/er/${id}`);
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(id));
    await expectTagsWhole(page, page.getByTestId('invoice-detail').locator('.portal-invoice-head .bp6-tag'), '.portal-invoice-head');
    await expectTagsWhole(page, page.getByTestId(`invoice-row-${id}`).locator('.bp6-tag'), '.portal-invoice-row');
    // Nor the dates of the list rows beside them.
    for (const date of await page.locator('.portal-invoice-row-state > :first-child').all()) {
      expect(await date.evaluate((el) => el.scrollWidth <= el.clientWidth), (await date.textContent()) ?? '').toBe(true);
    }
    await shot(page, 'daily-invoices-status-desktop-light-de');
  });

  test('below lg every route fits the 390 px screen without sideways scrolling (admin, en)', async ({ browser, baseURL }) => {
    const context = await browser.newContext({ viewport: MOBILE });
    const page = await context.newPage();
    await login(page, 'admin', '/app-info');
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    const found = (await app.service('documents').find({ query: { client_no: 1001, tab: 'ER_U', $limit: 1 } })) as { data: DocumentRecord[] };
    close();
    const documentId = found.data[0]!.id;
    const routes = declaredRoutes();
    expect(routes.length).toBeGreaterThan(15);
    const wide: string[] = [];
    for (const pattern of routes) {
      const path = concretePath(pattern, documentId);
      await page.goto(path);
      await expect(page.getByTestId('page-title')).toBeVisible();
      // Settled: no spinner, skeleton or busy list left (a screen that keeps one is measured as it stands).
      await expect(page.locator('.bp6-spinner, .bp6-skeleton, [aria-busy="true"]'))
        .toHaveCount(0, { timeout: 20_000 })
        .catch(() => undefined);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > MOBILE.width) wide.push(`${path}: ${width} px`);
      await shot(page, `daily-mobile-route${pattern.replace(/[/:?]+/g, '-').replace(/-$/, '')}-light-en`);
    }
    expect(wide).toEqual([]);
    await context.close();
  });

  test('the invoice screen and the single document in English at 390 and 1280', async ({ page }) => {
    await page.setViewportSize(MOBILE);
    await login(page, 'admin', '/invoices/1001/er_u');
    await page.getByTestId('pane-tab-fields').click();
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    await shot(page, 'daily-mobile-invoice-fields-light-en');
    const id = Number(await page.getByTestId('invoice-detail').getAttribute('data-id'));
    await page.goto(`/doc/1001/${id}`);
    await expect(page.getByTestId('document-screen')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'daily-mobile-doc-light-en');
    await page.getByTestId('pane-tab-details').click();
    await expect(page.getByTestId('document-title')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(MOBILE.width);
    await shot(page, 'daily-mobile-doc-details-light-en');
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/invoices/1001/er_u/${id}`);
    await expect(page.getByTestId('invoice-panes')).toHaveAttribute('data-layout', 'columns');
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    await shot(page, 'daily-desktop-invoices-light-en');
  });

  test('the trash tab offers no upload: no button, and a dropped file is refused', async ({ page }) => {
    await login(page, 'client1', '/documents/1001');
    await expect(page.getByTestId('upload-button')).toBeVisible({ timeout: 30_000 });
    /** Drags a PDF over the page and drops it, as the browser does for a file from the desktop. */
    const dragFile = (drop: boolean) =>
      page.evaluate((andDrop) => {
        const data = new DataTransfer();
        data.items.add(new File(['%PDF-1.4\n'], 'dropped.pdf', { type: 'application/pdf' }));
        document.body.dispatchEvent(new DragEvent('dragenter', { dataTransfer: data, bubbles: true, cancelable: true }));
        const over = new DragEvent('dragover', { dataTransfer: data, bubbles: true, cancelable: true });
        document.body.dispatchEvent(over);
        if (andDrop) document.body.dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
        return over.defaultPrevented;
      }, drop);
    // Control: on an upload tab the overlay shows.
    expect(await dragFile(false)).toBe(true);
    await expect(page.getByTestId('dropzone')).toBeVisible();
    await page.evaluate(() => document.body.dispatchEvent(new DragEvent('dragleave', { dataTransfer: new DataTransfer(), bubbles: true })));
    await page.goto('/documents/1001?tab=Deleted');
    await expect(page.getByTestId('documents-count')).toBeVisible();
    await expect(page.getByTestId('upload-button')).toHaveCount(0);
    // The drop is taken (the browser does not open the file) but nothing is uploaded.
    expect(await dragFile(true)).toBe(true);
    await expect(page.getByTestId('dropzone')).toHaveCount(0);
    await expect(page.getByTestId('upload-item')).toHaveCount(0);
  });

  test('the German history names fields, users and values in words, and the raw event is one click away', async ({ page, baseURL }) => {
    await login(page, 'accountant', '/invoices/1001/er_u');
    // An invoice the reading has finished with (whatever earlier tests did to the list).
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    let read: DocumentRecord | undefined;
    await expect
      .poll(
        async () => {
          const found = (await app.service('documents').find({ query: { client_no: 1001, tab: 'Latest', $limit: 50 } })) as { data: DocumentRecord[] };
          read = found.data.find((d) => d.extraction === 'done' && d.pages !== null && ['ER_U', 'ER'].includes(d.category) && !d.invalid);
          return read !== undefined;
        },
        { timeout: 60_000 },
      )
      .toBe(true);
    close();
    await page.goto(`/invoices/1001/${read!.category.toLowerCase()}/${read!.id}`);
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(read!.id));
    await page.getByTestId('tab-history').click();
    const timeline = page.getByTestId('audit-timeline');
    await expect(timeline.locator('[data-kind="fields-extracted"]').first()).toBeVisible({ timeout: 30_000 });
    const more = timeline.getByRole('button', { name: /^\+\d+ weitere$/ });
    while ((await more.count()) > 0) await more.first().click();
    const labels = await timeline.locator('.portal-changes tbody td:first-child').allTextContents();
    expect(labels.length).toBeGreaterThan(5);
    // No snake_case, camelCase or dotted path (`fields.biller.name`) left.
    expect(labels.filter((l) => /\b[a-z]+_[a-z0-9_]+\b|\b[a-z]+[A-Z]\w*\b|\w\.\w/.test(l))).toEqual([]);
    await expect(timeline.locator('.portal-changes code')).toHaveCount(0);
    const shown = await timeline.evaluate((el) => (el as HTMLElement).innerText);
    expect(shown).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i);
    expect(shown).not.toMatch(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/);
    // The reading service is named, not an unknown user.
    expect(shown).toContain('Texterkennung');
    expect(shown).not.toContain('Unbekannter Benutzer');
    await shot(page, 'daily-history-words-light-de');
    // The raw event for auditors.
    const entry = timeline.locator('.portal-audit-entry').first();
    const revision = (await entry.getAttribute('data-testid'))!.replace('audit-entry-', '');
    await page.getByTestId(`audit-raw-toggle-${revision}`).click();
    await expect(page.getByTestId(`audit-raw-${revision}`)).toContainText('"type": "Document');
    await page.getByTestId(`audit-raw-toggle-${revision}`).click();
    await expect(page.getByTestId(`audit-raw-${revision}`)).toHaveCount(0);
  });

  test('a total the reading could not trust is left empty and marked "please check" on the work screen and the document', async ({ page, baseURL }) => {
    const pdf = await PDFDocument.create();
    const sheet = pdf.addPage([595, 842]);
    const font = await pdf.embedFont(StandardFonts.Helvetica);
    const number = `RE-${Date.now() % 1_000_000}`;
    const lines = [
      'Bergblick Druckerei GmbH',
      'Hauptstraße 12, 6020 Innsbruck',
      'UID: ATU12345678',
      `Rechnung Nr. ${number}`,
      'Rechnungsdatum: 14.03.2025',
      'Nettobetrag: 100,00 EUR',
      'USt 20 %: 20,00 EUR',
      'Gesamtbetrag: 150,00 EUR',
    ];
    lines.forEach((text, i) => sheet.drawText(text, { x: 56, y: 780 - i * 20, size: 12, font }));
    await login(page, 'accountant', '/documents/1001');
    await page.getByTestId('upload-input').setInputFiles({ name: `Pruefen_${number}.pdf`, mimeType: 'application/pdf', buffer: Buffer.from(await pdf.save()) });
    await expect(page.getByTestId('upload-item').filter({ hasText: number })).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    let id = 0;
    await expect
      .poll(
        async () => {
          const found = (await app.service('documents').find({ query: { client_no: 1001, tab: 'ER_U', $sort: { uploaded_at: -1 }, $limit: 5 } })) as {
            data: DocumentRecord[];
          };
          const mine = found.data.find((d) => d.file_name.includes(number) && d.extraction === 'done');
          id = mine?.id ?? 0;
          return mine?.review_fields ?? [];
        },
        { timeout: 60_000 },
      )
      .toContain('gross_amount');
    close();
    await page.goto(`/invoices/1001/er_u/${id}`);
    await expect(page.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(id));
    await expect(page.getByTestId('check-gross_amount')).toHaveText('Bitte prüfen');
    await expect(page.getByTestId('field-gross_amount')).toHaveValue('');
    await expect(page.getByTestId('check-net_amount')).toHaveCount(0);
    await shot(page, 'daily-please-check-work-light-de');
    await page.goto(`/doc/1001/${id}`);
    await expect(page.getByTestId('document-fields').getByTestId('check-gross_amount')).toBeVisible();
    // Entering the value by hand takes the mark away.
    await page.goto(`/invoices/1001/er_u/${id}`);
    await page.getByTestId('field-gross_amount').fill('120,00');
    await page.getByTestId('action-save').click();
    await expect(page.getByTestId('check-gross_amount')).toHaveCount(0);
  });
});
