import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { DEFAULT_INVOICE, ublInvoice } from '../libs/einvoice-validation/testing/invoices';
import { expectNoSeriousA11yViolations } from './axe';
import { closeDrawer, ensureLanguage, extractionSettled, login, openDrawer, toggleDarkTheme, shot } from './support';

/** A picture once what slides or fades in (a dialog opening) has finished, so it is not caught half transparent. */
const TIMESHEET = '%PDF-1.4\n% timesheet\n';
/** A complete XRechnung 3.0 (UBL) from the validator's own invoice builder with an attached timesheet: valid under every rule. */
const validXRechnung = (number: string) =>
  ublInvoice({ ...DEFAULT_INVOICE, number }).replace(
    '<cac:AccountingSupplierParty>',
    `<cac:AdditionalDocumentReference><cbc:ID>TS-03</cbc:ID><cbc:DocumentDescription>Timesheet</cbc:DocumentDescription><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="application/pdf" filename="timesheet.pdf">${Buffer.from(TIMESHEET).toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>
  <cac:AccountingSupplierParty>`,
  );
/** The same invoice without the buyer reference (BR-DE-15) and without the item name of line 2 (BR-25). */
const brokenXRechnung = (number: string) =>
  ublInvoice({ ...DEFAULT_INVOICE, number })
    .replace(/<cbc:BuyerReference>[^<]*<\/cbc:BuyerReference>/, '')
    .replace('<cbc:Name>Fachbuch Steuerrecht</cbc:Name>', '');

const TEXTS = {
  de: {
    means: 'SEPA-Überweisung',
    attachments: 'Anhänge',
    line: 'Artikelbezeichnung',
    buyerReference: 'Buyer reference',
    request: 'Bitte um Korrektur der E-Rechnung',
    other: 'Request to correct e-invoice',
    filter: 'Ungültige E-Rechnungen',
    confirmed: /bestätigt/i,
  },
  en: {
    means: 'SEPA credit transfer',
    attachments: 'Attachments',
    line: 'item name',
    buyerReference: 'buyer reference (BT-10)',
    request: 'Request to correct e-invoice',
    other: 'Bitte um Korrektur der E-Rechnung',
    filter: 'Invalid e-invoices',
    confirmed: /confirmed/i,
  },
} as const;

/** Uploads both invoices through the documents screen and answers their document ids once the rules' verdicts are in. */
async function uploadBoth(page: Page, stamp: string): Promise<{ broken: number; valid: number }> {
  await page.getByTestId('upload-input').setInputFiles([
    { name: `xrechnung-broken-${stamp}.xml`, mimeType: 'application/xml', buffer: Buffer.from(brokenXRechnung(`RE-BROKEN-${stamp}`)) },
    { name: `xrechnung-valid-${stamp}.xml`, mimeType: 'application/xml', buffer: Buffer.from(validXRechnung(`RE-VALID-${stamp}`)) },
  ]);
  const idOf = async (name: string) => {
    const item = page.getByTestId('upload-item').filter({ hasText: name });
    await expect(item).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    return Number(await item.getAttribute('data-document-id'));
  };
  return { broken: await idOf(`xrechnung-broken-${stamp}`), valid: await idOf(`xrechnung-valid-${stamp}`) };
}

const badgeOf = (page: Page, id: number) => page.locator(`[data-row-id="${id}"]`).getByTestId('einvoice-validity');

for (const lang of ['de', 'en'] as const) {
  test(`${lang}: an uploaded XRechnung gets the rules' verdict: badge, filter, findings with the field highlighted, correction request, confirming with a reason`, async ({
    page,
    context,
    baseURL,
  }) => {
    test.setTimeout(600_000);
    // The worker reads one file after another: the demo invoices' OCR first, so ours are read within the wait.
    await extractionSettled(baseURL!);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    const texts = TEXTS[lang];
    const stamp = `${lang}${Date.now() % 10_000_000}`;
    await login(page, 'accountant', '/documents/1001?tab=ER_U');
    await ensureLanguage(page, lang);
    await expect(page.getByTestId('documents-screen')).toBeVisible();
    const ids = await uploadBoth(page, stamp);

    // Badges in the list: invalid and valid, pushed without a reload.
    await expect(badgeOf(page, ids.broken)).toHaveAttribute('data-validity', 'invalid', { timeout: 120_000 });
    await expect(badgeOf(page, ids.valid)).toHaveAttribute('data-validity', 'valid', { timeout: 120_000 });
    await shot(page, `einvoices-list-${lang}`);

    // The filter for invalid e-invoices keeps the broken one and drops the valid one.
    await page.locator('label', { has: page.getByTestId('filter-einvoice-invalid') }).click();
    await expect(page.locator('label', { has: page.getByTestId('filter-einvoice-invalid') })).toContainText(texts.filter);
    await expect(page.locator(`[data-row-id="${ids.broken}"]`).first()).toBeVisible();
    await expect(page.locator(`[data-row-id="${ids.valid}"]`)).toHaveCount(0);
    await shot(page, `einvoices-filter-${lang}`);
    await page.locator('label', { has: page.getByTestId('filter-einvoice-invalid') }).click();

    // The firm overview counts it, and its count opens the client's documents filtered to invalid e-invoices.
    await page.goto('/overview');
    await expect(page.getByTestId('overview-invalid-einvoices-1001')).not.toHaveText('0');
    await page.getByTestId('overview-invalid-einvoices-1001').click();
    await expect(page).toHaveURL(/\/documents\/1001\?tab=Latest&einvoice=invalid$/);
    await expect(page.getByTestId('filter-einvoice-invalid')).toBeChecked();
    await expect(page.locator(`[data-row-id="${ids.broken}"]`).first()).toBeVisible();
    await expect(page.locator(`[data-row-id="${ids.valid}"]`)).toHaveCount(0);

    // The document: findings beside the readable invoice, in the UI language.
    await page.goto(`/doc/1001/${ids.broken}`);
    const findings = page.getByTestId('einvoice-findings');
    await expect(findings).toBeVisible();
    await expect(findings.getByTestId('einvoice-validity')).toHaveAttribute('data-validity', 'invalid');
    const lineFinding = findings.locator('[data-rule="BR-25"]');
    await expect(lineFinding).toContainText(texts.line);
    await expect(lineFinding).toContainText('/ubl:Invoice/cac:InvoiceLine[2]');
    await expect(findings.locator('[data-rule="BR-DE-15"]')).toContainText(texts.buyerReference);
    // Every part with an error is outlined; the chosen finding's part is highlighted, chosen by keyboard.
    await expect(page.locator('[data-einvoice-field="line-2"][data-einvoice-mark="flagged"]')).toBeVisible();
    await lineFinding.getByTestId('einvoice-finding-show').focus();
    await page.keyboard.press('Enter');
    await expect(page.locator('[data-einvoice-field="line-2"][data-einvoice-mark="selected"]')).toBeVisible();
    await expect(page.locator('[data-einvoice-field="line-1"]')).not.toHaveAttribute('data-einvoice-mark', /.+/);
    await shot(page, `einvoices-findings-line-${lang}`);
    await findings.locator('[data-rule="BR-DE-15"]').getByTestId('einvoice-finding-show').click();
    await expect(page.getByTestId('invoice-buyer-reference')).toHaveAttribute('data-einvoice-mark', 'selected');
    await expectNoSeriousA11yViolations(page);

    // One click to the correction request, in either language, to copy or to mail.
    await findings.getByTestId('einvoice-correction').click();
    const dialog = page.locator('.portal-einvoice-correction');
    const text = dialog.getByTestId('correction-text');
    await expect(text).toHaveValue(new RegExp(texts.request));
    await expect(text).toHaveValue(/BR-25/);
    await expect(text).toHaveValue(/BR-DE-15/);
    await expect(text).toHaveValue(new RegExp(`RE-BROKEN-${stamp}`));
    await expect(dialog.getByTestId('correction-mail')).toHaveAttribute('href', /^mailto:\?subject=/);
    await shot(page, `einvoices-correction-${lang}`);
    await expectNoSeriousA11yViolations(page, '.portal-einvoice-correction');
    await dialog.getByTestId('correction-copy').click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toContain('BR-25');
    await dialog.getByTestId('correction-language').selectOption(lang === 'de' ? 'en' : 'de');
    await expect(text).toHaveValue(new RegExp(texts.other));
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);

    // Dark theme.
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await expect(page.locator('[data-einvoice-field="line-2"][data-einvoice-mark]')).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await shot(page, `einvoices-findings-dark-${lang}`);
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);

    // The valid one: no findings, a valid badge.
    await page.goto(`/doc/1001/${ids.valid}`);
    await expect(page.getByTestId('einvoice-findings').getByTestId('einvoice-validity')).toHaveAttribute('data-validity', 'valid');
    await expect(page.getByTestId('einvoice-finding')).toHaveCount(0);
    await expect(page.getByTestId('einvoice-correction')).toHaveCount(0);
    // Its readable view shows the terms beyond the amounts: buyer reference, payment means and terms, attachments to download.
    await expect(page.getByTestId('invoice-buyer-reference')).toHaveText('04011000-12345-03');
    await expect(page.getByTestId('invoice-payment-terms')).toContainText(texts.means);
    await expect(page.getByTestId('invoice-payment-terms')).toContainText('Zahlbar innerhalb von 30 Tagen.');
    await expect(page.getByTestId('invoice-total-payable')).toBeVisible();
    const attachments = page.getByTestId('invoice-attachments');
    await expect(attachments).toContainText(texts.attachments);
    await expect(attachments).toContainText('timesheet.pdf');
    await page.getByTestId('invoice-page').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await shot(page, `einvoices-readable-${lang}`);
    const [download] = await Promise.all([page.waitForEvent('download'), attachments.getByTestId('invoice-attachment-download-1').click()]);
    expect(download.suggestedFilename()).toBe('timesheet.pdf');
    const saved = await download.path();
    expect(readFileSync(saved, 'latin1')).toBe(TIMESHEET);
    // Each attachment names its description, MIME type and size; the server hands its file out only with a token.
    await expect(attachments.getByTestId('invoice-attachment-1')).toContainText('Timesheet');
    await expect(attachments.getByTestId('invoice-attachment-1')).toContainText(new RegExp(`application/pdf · ${Buffer.byteLength(TIMESHEET)}\\sbyte`, 'i'));
    expect((await page.request.get(`/api/documents/${ids.valid}/einvoice-attachments/1`)).status()).toBe(401);
    await expectNoSeriousA11yViolations(page);

    // The work screen: badge, findings tab beside the readable invoice, and confirming the invalid one asks for a reason.
    await page.goto(`/invoices/1001/er_u/${ids.broken}`);
    const detail = page.getByTestId('invoice-detail');
    await expect(detail.getByTestId('einvoice-validity')).toHaveAttribute('data-validity', 'invalid');
    await expect(page.getByTestId(`invoice-row-${ids.broken}`).getByTestId('einvoice-validity')).toHaveAttribute('data-validity', 'invalid');
    await detail.getByTestId('tab-einvoice').click();
    await detail.locator('[data-rule="BR-25"]').getByTestId('einvoice-finding-show').click();
    await expect(page.getByTestId('invoice-pdf').locator('[data-einvoice-field="line-2"][data-einvoice-mark="selected"]')).toBeVisible();
    await shot(page, `einvoices-work-screen-${lang}`);
    // Beside the PDF the readable invoice's line items stack instead of scrolling sideways.
    const sideways = (el: HTMLElement) => el.scrollWidth - el.clientWidth;
    expect(await page.getByTestId('invoice-pdf').getByTestId('invoice-page').evaluate(sideways)).toBeLessThanOrEqual(1);
    await expectNoSeriousA11yViolations(page);
    await detail.getByTestId('action-confirm').click();
    const ask = page.locator('.portal-einvoice-confirm-reason');
    await expect(ask).toBeVisible();
    await ask.getByTestId('confirm-reason-submit').click();
    await expect(ask).toBeVisible();
    const reason = `Korrektur angefordert ${stamp}`;
    await ask.getByTestId('confirm-reason').fill(reason);
    await shot(page, `einvoices-confirm-reason-${lang}`);
    await ask.getByTestId('confirm-reason-submit').click();
    await expect(ask).toHaveCount(0);

    // The reason is in the document's history.
    await page.goto(`/doc/1001/${ids.broken}`);
    const history = page.getByTestId('document-history');
    await expect(history.locator('[data-kind="confirmed"]')).toContainText(reason);
    await expect(history.locator('[data-kind="einvoice-validated"]')).toBeVisible();
  });

  test(`${lang}: on a phone (390×844) the findings and the highlighted field of a broken XRechnung`, async ({ page, baseURL }) => {
    test.setTimeout(480_000);
    await extractionSettled(baseURL!);
    const stamp = `p${lang}${Date.now() % 10_000_000}`;
    await login(page, 'accountant', '/documents/1001?tab=ER_U');
    await ensureLanguage(page, lang);
    const ids = await uploadBoth(page, stamp);
    await expect(badgeOf(page, ids.broken)).toHaveAttribute('data-validity', 'invalid', { timeout: 120_000 });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`/doc/1001/${ids.broken}`);
    await expect(page.locator('[data-testid=document-panes][data-layout=tabs]')).toBeVisible();
    await page.getByTestId('pane-tab-details').click();
    const findings = page.getByTestId('einvoice-findings');
    await expect(findings.locator('[data-rule="BR-25"]')).toContainText(TEXTS[lang].line);
    await findings.scrollIntoViewIfNeeded();
    await shot(page, `einvoices-phone-findings-${lang}`);
    await expectNoSeriousA11yViolations(page);
    // Showing a finding switches to the invoice page with its part highlighted.
    await findings.locator('[data-rule="BR-25"]').getByTestId('einvoice-finding-show').click();
    await expect(page.locator('[data-einvoice-field="line-2"][data-einvoice-mark="selected"]')).toBeVisible();
    await shot(page, `einvoices-phone-highlight-${lang}`);
    // The line items read as stacked rows: nothing scrolls sideways.
    expect(await page.getByTestId('invoice-page').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
    expect(
      await page
        .getByTestId('invoice-lines')
        .locator('thead')
        .evaluate((el) => getComputedStyle(el).position),
    ).toBe('absolute');
    await page.getByTestId('pane-tab-details').click();
    await findings.getByTestId('einvoice-correction').click();
    await expect(page.getByTestId('correction-text')).toHaveValue(new RegExp(TEXTS[lang].request));
    await shot(page, `einvoices-phone-correction-${lang}`);
    await expectNoSeriousA11yViolations(page, '.portal-einvoice-correction');
  });
}
