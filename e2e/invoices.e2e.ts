import { expect, test } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import type { DocumentRecord } from '@portal/contracts';
import { feathersClient } from './feathers';
import { workableInvoice } from './invoice-support';
import { expectDocumentShown, login, storedToken, shot } from './support';

const CLIENT = 1001;

async function setDark(page: Page, dark: boolean): Promise<void> {
  await page.evaluate((d) => localStorage.setItem('dark-mode', d ? '1' : '0'), dark);
  await page.reload();
  await expect(page.getByTestId('invoice-detail')).toBeVisible();
  if (dark) await expect(page.locator('body')).toHaveClass(/bp6-dark/);
  else await expect(page.locator('body')).not.toHaveClass(/bp6-dark/);
}

async function secondUser(browser: Browser, username: string, path: string): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page, username, path);
  return page;
}

/** The id of the invoice the work screen shows, from its URL. */
const openedId = (page: Page): string => new URL(page.url()).pathname.split('/').pop() ?? '';

/** The id of the row `step` rows below (1) or above (-1) the given one in the list as shown now. */
function neighbourShown(page: Page, id: number | string, step: 1 | -1): Promise<string | null> {
  return page.evaluate(
    ([current, by]) => {
      const ids = [...document.querySelectorAll('[data-testid^="invoice-row-"]')].map((row) => row.getAttribute('data-testid')!.slice('invoice-row-'.length));
      const at = ids.indexOf(String(current));
      return at < 0 ? null : (ids[at + by] ?? null);
    },
    [String(id), step] as const,
  );
}

test.describe('invoice work screen', () => {
  test.describe.configure({ timeout: 300_000 });
  test('accountant corrects and confirms, admin books in a second browser, the first updates live; Ctrl+Down; history as of the first event', async ({
    page,
    browser,
    baseURL,
  }) => {
    await login(page, 'accountant', `/invoices/${CLIENT}`);
    // id 0: the first invoice of er_u opens and the URL names it.
    await expect(page).toHaveURL(new RegExp(`/invoices/${CLIENT}/er_u/\\d+$`));
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    await expect(page.getByTestId('page-title')).toHaveText('Buchhaltung');

    const { id, next } = await workableInvoice(page, baseURL!, CLIENT, [], { asShown: true });
    const url = `/invoices/${CLIENT}/er_u/${id}`;
    await page.getByTestId(`invoice-row-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`${url}$`));
    const detail = page.getByTestId('invoice-detail');
    await expect(detail).toHaveAttribute('data-id', String(id));
    // Ctrl+Down / Ctrl+Up walk the list: to the neighbour it had, or to the one it has now when an invoice read
    // meanwhile moved into the list between them.
    await page.keyboard.press('Control+ArrowDown');
    await expect.poll(async () => [String(next), await neighbourShown(page, id, 1)].includes(openedId(page))).toBe(true);
    const below = openedId(page);
    // The next walk is taken once the work screen shows the invoice the URL names.
    await expect(detail).toHaveAttribute('data-id', below);
    await page.keyboard.press('Control+ArrowUp');
    await expect.poll(async () => [String(id), await neighbourShown(page, below, -1)].includes(openedId(page))).toBe(true);
    if (openedId(page) !== String(id)) await page.goto(url);
    await expect(detail).toHaveAttribute('data-id', String(id));
    await expectDocumentShown(page);
    // Each value shows where it came from.
    await expect(page.locator('[data-field="gross_amount"] .portal-origin-tag')).toBeVisible();

    // Spec 5 in German: IBAN invalid, six digits, sum incorrect with sum and difference; confirm blocked meanwhile.
    await page.getByTestId('field-iban').fill('AT00 1234 5678');
    await expect(page.getByTestId('issue-iban-ibanInvalid')).toHaveText('IBAN ungültig');
    await page.getByTestId('field-expense_account').fill('5100');
    await page.keyboard.press('Escape');
    await expect(page.getByTestId('issue-expense_account-sixDigits')).toHaveText('Sechs Ziffern erforderlich');
    const gross = page.getByTestId('field-gross_amount');
    const original = await gross.inputValue();
    await gross.fill('1,00');
    await expect(page.getByTestId('issue-gross_amount-sumIncorrect')).toContainText('Summe falsch: Summe');
    await expect(page.getByTestId('issue-gross_amount-sumIncorrect')).toContainText('Differenz');
    await expect(page.getByTestId('action-confirm')).toBeDisabled();
    await shot(page, 'invoices-validation-light-de');
    await page.getByTestId('action-discard').click();
    await expect(gross).toHaveValue(original);
    await expect(page.getByTestId('issue-iban-ibanInvalid')).toHaveCount(0);

    // The payment QR of the unpaid incoming invoice.
    await page.getByTestId('action-payment-qr').click();
    await expect(page.getByTestId('payment-qr').locator('img')).toBeVisible();
    await page.keyboard.press('Escape');

    // Correct a field and confirm.
    const revision = Number(await detail.getAttribute('data-revision'));
    await page.getByTestId('field-subject').fill('Büromaterial März');
    await page.getByTestId('field-document_type').selectOption('FS');
    await expect(page.getByTestId('unsaved')).toBeVisible();
    await page.getByTestId('action-save').click();
    await expect(detail).toHaveAttribute('data-revision', String(revision + 1));
    await expect(page.locator('[data-field="subject"] .portal-origin-tag')).toHaveAttribute('data-origin', '9');
    await page.getByTestId('action-confirm').click();
    // The confirmed invoice left "Incoming, unconfirmed"; the work moves on to the next one and the URL names it.
    await expect(page).toHaveURL(new RegExp(`/invoices/${CLIENT}/er_u/${next}$`));
    await expect(detail).toHaveAttribute('data-id', String(next));
    // The confirmed invoice lives under "Incoming" now: its old URL leads there.
    const confirmedUrl = `/invoices/${CLIENT}/er/${id}`;
    await page.goto(url);
    await expect(page).toHaveURL(new RegExp(`${confirmedUrl}$`));
    await expect(detail.locator('[data-flag="Confirmed"]')).toBeVisible();
    await expect(page.getByTestId('action-book')).toBeEnabled();

    // A second user in a second browser books it; the first browser follows live.
    const admin = await secondUser(browser, 'admin', confirmedUrl);
    await expect(admin.getByTestId('invoice-detail')).toHaveAttribute('data-id', String(id));
    await expect(admin.getByTestId('field-subject')).toHaveValue('Büromaterial März');
    await expectDocumentShown(admin);
    await shot(admin, 'invoices-work-light-en');
    await admin.getByTestId('action-book').click();
    await expect(admin.getByTestId('invoice-detail').locator('[data-flag="Booked"]')).toBeVisible();

    await expect(detail.locator('[data-flag="Booked"]')).toBeVisible();
    await expect(page.getByTestId('live-notice')).toBeVisible();
    await expect(page.getByTestId('action-book')).toHaveCount(0);
    await expect(page.getByTestId('field-subject')).toHaveAttribute('readonly', '');
    await shot(page, 'invoices-work-live-light-de');

    // The timeline of the booked invoice: chain intact, the document as of its first event, a diff.
    if (openedId(page) !== String(id)) await page.goto(url);
    await expect(detail).toHaveAttribute('data-id', String(id));
    await page.getByTestId('tab-history').click();
    const timeline = page.getByTestId('audit-timeline');
    await expect(timeline.getByTestId('chain-status').first()).toHaveAttribute('data-intact', 'true');
    await expect(timeline.locator('[data-kind="booked"] [data-testid="audit-user"]')).toHaveText('Andrea Admin');
    await expect(timeline.locator('[data-kind="confirmed"] [data-testid="audit-user"]')).toHaveText('Anna Berger');
    await expect(timeline.locator('[data-kind="fields-edited"]').filter({ hasText: 'Büromaterial März' })).toHaveCount(1);
    await page.getByTestId('kind-booked').click();
    await expect(timeline.locator('.portal-audit-entry')).toHaveCount(1);
    await page.getByTestId('kind-all').click();
    await page.getByTestId('audit-as-of-0').click();
    const asOf = page.getByTestId('audit-as-of');
    await expect(asOf).toHaveAttribute('data-revision', '0');
    await expect(asOf.locator('[data-flag="open"]')).toBeVisible();
    await expect(asOf.locator('#as-of-0-subject')).toHaveValue('');
    await shot(page, 'invoices-timeline-light-de');
    await page.getByTestId('diff-compare').click();
    await expect(page.getByTestId('audit-diff')).toContainText('Büromaterial März');

    await setDark(page, true);
    await page.getByTestId('tab-history').click();
    await page.getByTestId('audit-as-of-0').click();
    await expect(page.getByTestId('audit-as-of')).toBeVisible();
    await shot(page, 'invoices-timeline-dark-de');

    await admin.getByTestId('tab-history').click();
    await expect(admin.getByTestId('audit-timeline')).toBeVisible();
    await shot(admin, 'invoices-timeline-light-en');
    await setDark(admin, true);
    await expectDocumentShown(admin);
    await shot(admin, 'invoices-work-dark-en');
    await admin.context().close();
  });

  test('two people editing the same field get a clear conflict with the newer value, never a silent overwrite', async ({ page, baseURL }) => {
    await login(page, 'accountant', `/invoices/${CLIENT}/er_u`);
    await expect(page.getByTestId('invoice-detail')).toBeVisible();
    const id = Number(await page.getByTestId('invoice-detail').getAttribute('data-id'));
    await page.getByTestId('field-payment_reference').fill('MINE-1');
    await page.getByTestId('field-due_date').fill('01.07.2026');
    await page.getByTestId('field-gross_amount').fill('100,00');

    // Someone else saves the same fields first.
    const { app, close } = await feathersClient(baseURL!, await storedToken(page));
    const current = (await app.service('documents').get(id)) as DocumentRecord;
    await app
      .service('documents')
      .patch(id, { fields: { payment_reference: 'THEIRS-1', due_date: '2026-07-23', gross_amount: 8585.93 } }, { query: { revision: current.revision } });
    close();

    const notice = page.getByTestId('conflict-notice');
    await expect(notice).toBeVisible();
    await expect(page.getByTestId('their-payment_reference')).toContainText('THEIRS-1');
    // Their values as the German reader writes them, never an ISO date or a bare figure.
    await expect(page.getByTestId('their-due_date')).toHaveText('Neuerer Wert: 23.07.2026');
    await expect(page.getByTestId('their-gross_amount')).toHaveText('Neuerer Wert: 8.585,93');
    await expect(page.getByTestId('field-payment_reference')).toHaveValue('MINE-1');
    await page.getByTestId('their-payment_reference').scrollIntoViewIfNeeded();
    await shot(page, 'invoices-conflict-light-de');
    await page.getByTestId('conflict-keep-mine').click();
    await page.getByTestId('action-save').click();
    await expect(notice).toHaveCount(0);
    await expect(page.getByTestId('unsaved')).toHaveCount(0);
    await expect(page.getByTestId('field-payment_reference')).toHaveValue('MINE-1');
  });
});
