import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import type { DocumentRecord, EditorDocumentRecord, ExtractedFields, Paginated } from '@portal/contracts';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { expectNoSeriousA11yViolations } from './axe';
import { feathersClient } from './feathers';
import { closeDrawer, extractionSettled, login, openDrawer, storedToken, toggleDarkTheme, shot } from './support';

// The built api's demo scan: three generated invoices, each followed by its terms page (6 pages).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { buildDemoScan } = require('../apps/api/dist/features/editor/demo-scans.js') as {
  buildDemoScan(
    company: { company_no: number; company_name: string; company_place: string },
    o: { seed: number; invoices: number; today: Date },
  ): Promise<{ fileName: string; bytes: Buffer; invoices: ExtractedFields[] }>;
};

const COMPANY = { company_no: 1001, company_name: 'Alpenblick Gastronomie GmbH', company_place: 'Innsbruck' };

async function onePagePdf(text: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage([595, 842]).drawText(text, { x: 56, y: 760, size: 14, font });
  return Buffer.from(await pdf.save());
}

async function uploadToInbox(page: Page, files: { name: string; buffer: Buffer }[]) {
  await page.getByTestId('inbox-file-input').setInputFiles(files.map((f) => ({ ...f, mimeType: 'application/pdf' })));
  for (const f of files) await expect(page.getByTestId('inbox-upload').filter({ hasText: f.name })).toHaveAttribute('data-phase', 'done');
}

const card = (page: Page, title: string) => page.getByTestId('inbox-list-waiting').getByTestId('inbox-item').filter({ hasText: title });

test.describe('document editor', () => {
  test('splits a six-page scan of three invoices into three documents, each extracted with the right fields', async ({ page, baseURL }) => {
    test.setTimeout(300_000);
    const scan = await buildDemoScan(COMPANY, { seed: 9100 + Math.floor(Math.random() * 800), invoices: 3, today: new Date() });
    expect(scan.invoices).toHaveLength(3);
    // The first start's demo invoices are OCR'd first: the three new documents must not wait behind them.
    await extractionSettled(baseURL!);
    await login(page, 'client1', '/document-editor/1001');
    await expect(page.getByTestId('editor-inbox')).toBeVisible();
    await openDrawer(page);
    const badge = page.getByTestId('badge-editorInbox');
    const before = (await badge.count()) ? Number(await badge.textContent()) : 0;
    await closeDrawer(page);

    await uploadToInbox(page, [{ name: scan.fileName, buffer: scan.bytes }]);
    const title = scan.fileName.replace(/\.pdf$/, '').replace(/_/g, ' ');
    await expect(card(page, title)).toBeVisible();
    await openDrawer(page);
    await expect(badge).toHaveText(String(before + 1));
    // The inbox is counted beside the editor; the documents lists do not hold these scans.
    await expect(page.getByTestId('nav-document-editor').getByTestId('badge-editorInbox')).toBeVisible();
    await expect(page.getByTestId('nav-documents').locator('[data-testid^="badge-"]')).toHaveCount(0);
    await closeDrawer(page);

    await card(page, title).getByTestId('inbox-open').click();
    await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'inbox');
    await expect(page.locator('[data-testid^="page-"][role="option"]')).toHaveCount(6);
    await expect(page.getByTestId('page-0').locator('[data-rendered="true"]')).toBeVisible({ timeout: 60_000 });
    await page.getByTestId('editor-group').selectOption('ER_U');
    await page.getByTestId('cut-1').click();
    // The keyboard marks a split too: C after the focused page.
    await page.getByTestId('page-3').click();
    await page.getByTestId('page-grid').press('c');
    await expect(page.getByTestId('cut-3')).toHaveClass(/portal-page-cut-on/);
    await expect(page.getByTestId('page-3')).toHaveAttribute('aria-label', /neuer Beleg/);
    // With markers set, Complete waits for the split and says so, instead of competing with it.
    await expect(page.getByTestId('editor-complete')).toBeDisabled();
    await expect(page.getByTestId('editor-complete-after-split')).toHaveText(
      'Zuerst trennen: Die Markierungen ergeben 3 Belege; danach jeden davon abschließen.',
    );
    await shot(page, 'editor-split-markers-desktop-de');
    await page.getByTestId('editor-split').click();
    await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'split');
    const parts = page.getByTestId('editor-parts').getByTestId('inbox-item');
    await expect(parts).toHaveCount(3);

    const client = await feathersClient(baseURL!, await storedToken(page));
    try {
      const drafts = (await client.app
        .service('editor-document')
        .find({ query: { from_id: Number(page.url().split('/').pop()), $sort: { received_at: 1 } } })) as Paginated<EditorDocumentRecord>;
      const documentIds: number[] = [];
      const ordered = drafts.data.sort((a, b) => a.pages[0]!.page - b.pages[0]!.page);
      // The first part through the screen, the others as any client of the gateway would.
      await page.goto(`/document-editor/1001/${ordered[0]!.id}`);
      await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'inbox');
      await expect(page.locator('[data-testid^="page-"][role="option"]')).toHaveCount(2);
      await page.getByTestId('editor-complete').click();
      await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });
      documentIds.push(Number((await page.getByTestId('editor-open-document').getAttribute('href'))!.split('/').pop()));
      for (const draft of ordered.slice(1)) {
        const done = (await client.app.service('editor-document').patch(draft.id, { action: 'completeDocument' })) as EditorDocumentRecord;
        documentIds.push(done.document_id!);
      }
      for (const [i, id] of documentIds.entries()) {
        const doc = await expect
          .poll(
            async () => {
              const d = (await client.app.service('documents').get(id)) as DocumentRecord;
              return d.extraction === 'pending' ? null : d;
            },
            { timeout: 120_000 },
          )
          .not.toBeNull()
          .then(async () => (await client.app.service('documents').get(id)) as DocumentRecord);
        const expected = scan.invoices[i]!;
        expect(doc.pages).toBe(2);
        expect(doc.invoice_number).toBe(expected.invoice_number);
        expect(doc.gross_amount).toBe(expected.gross_amount);
        expect(doc.lineage?.sources[0]).toMatchObject({ kind: 'editor', pages: [2 * i + 1, 2 * i + 2] });
      }
    } finally {
      client.close();
    }
  });

  test('merges two scans, turns a page, undoes and renames, completes; the audit timeline shows the lineage', async ({ page }) => {
    test.setTimeout(300_000);
    const stamp = Date.now().toString(36);
    await login(page, 'client1', '/document-editor/1001');
    await uploadToInbox(page, [
      { name: `Vorderseite ${stamp}.pdf`, buffer: await onePagePdf(`Rechnung Vorderseite ${stamp}`) },
      { name: `Rueckseite ${stamp}.pdf`, buffer: await onePagePdf(`Rechnung Rueckseite ${stamp}`) },
    ]);
    await card(page, `Vorderseite ${stamp}`).getByTestId('inbox-select').check({ force: true });
    await card(page, `Rueckseite ${stamp}`).getByTestId('inbox-select').check({ force: true });
    await page.getByTestId('inbox-merge').click();
    await expect(page.getByTestId('editor-screen')).toBeVisible();
    await expect(page.locator('[data-testid^="page-"][role="option"]')).toHaveCount(2);

    await page.getByTestId('page-1').click();
    await page.getByTestId('rotate-right').click();
    await expect(page.getByTestId('page-1')).toHaveAttribute('data-rotation', '90');
    await page.getByTestId('editor-undo').click();
    await expect(page.getByTestId('page-1')).toHaveAttribute('data-rotation', '0');
    await page.getByTestId('page-grid').focus();
    await page.keyboard.press('r');
    await expect(page.getByTestId('page-1')).toHaveAttribute('data-rotation', '90');
    // Drag the second page before the first.
    await page.getByTestId('page-1').dragTo(page.getByTestId('page-0'), { targetPosition: { x: 10, y: 60 } });
    await expect(page.getByTestId('page-0')).toHaveAttribute('data-rotation', '90');

    await page.getByTestId('editor-title').fill(`Rechnung komplett ${stamp}`);
    await page.getByTestId('editor-title').press('Enter');
    await expect(page.getByTestId('editor-heading')).toHaveText(`Rechnung komplett ${stamp}`);
    await page.getByTestId('editor-complete').click();
    await expect(page.getByTestId('editor-failure')).toContainText('Mandant und Belegart müssen gewählt sein');
    await page.getByTestId('editor-group').selectOption('Other');
    // Renamed and completed in one go: leaving the name field for Complete renames first, then completes.
    await page.getByTestId('editor-title').fill(`Rechnung vollständig ${stamp}`);
    await page.getByTestId('editor-complete').click();
    await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'completed');
    await expect(page.getByTestId('editor-heading')).toHaveText(`Rechnung vollständig ${stamp}`);
    await page.getByTestId('editor-open-document').click();
    await expect(page.getByTestId('document-screen')).toBeVisible();
    await expect(page.getByTestId('audit-timeline')).toBeVisible();
    const lines = page.getByTestId('lineage-source');
    await expect(lines).toHaveCount(2);
    await expect(lines.first()).toContainText(`Rueckseite ${stamp}`);
    await expect(lines.first()).not.toContainText('Revision');
    await shot(page, 'editor-lineage-desktop-de');
    // Not confirmed yet: its pages can still change, in a working copy opened from the document screen.
    const documentUrl = page.url();
    await page.getByTestId('document-edit-pages').click();
    await expect(page).toHaveURL(/\/document-editor\/1001\/\d+$/);
    await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'inbox');
    await expect(page.locator('[data-testid^="page-"][role="option"]')).toHaveCount(2);
    // A refused upload under "Add pages" says why, in German; a good one adds its page.
    await page.getByTestId('add-upload-input').setInputFiles({ name: 'kaputt.pdf', mimeType: 'application/pdf', buffer: Buffer.from('MZ kein Beleg') });
    await expect(page.getByTestId('editor-failure')).toContainText('Die Datei ist kein PDF, PNG, JPEG, TIFF oder E-Rechnungs-XML');
    await page
      .getByTestId('add-upload-input')
      .setInputFiles({ name: `Nachtrag ${stamp}.pdf`, mimeType: 'application/pdf', buffer: await onePagePdf(`Nachtrag ${stamp}`) });
    await expect(page.locator('[data-testid^="page-"][role="option"]')).toHaveCount(3);
    await expect(page.getByTestId('editor-failure')).toHaveCount(0);
    await shot(page, 'editor-working-copy-desktop-de');
    await page.getByTestId('editor-complete').click();
    await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'completed', { timeout: 60_000 });

    // As of the revision the document has three pages and a new file; just before it, the earlier file, still downloadable.
    await page.goto(documentUrl);
    const revisedEntry = page.getByTestId('audit-timeline').locator('[data-kind="pages-revised"]');
    await expect(revisedEntry).toBeVisible();
    const revisedAt = Number((await revisedEntry.getAttribute('data-testid'))!.replace('audit-entry-', ''));
    const asOf = page.getByTestId('audit-as-of');
    await page.getByTestId(`audit-as-of-${revisedAt}`).click();
    await expect(asOf.getByTestId('audit-as-of-pages')).toHaveText('3');
    const newSha = await asOf.getByTestId('audit-as-of-sha256').textContent();
    await page.getByTestId(`audit-as-of-${revisedAt - 1}`).click();
    await expect(asOf).toHaveAttribute('data-revision', String(revisedAt - 1));
    await expect(asOf.getByTestId('audit-as-of-sha256')).toHaveText(/^[0-9a-f]{64}$/);
    expect(await asOf.getByTestId('audit-as-of-sha256').textContent()).not.toBe(newSha);
    const download = page.waitForEvent('download');
    await asOf.getByTestId('audit-as-of-download').click();
    expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
    await shot(page, 'editor-as-of-earlier-file-desktop-de');
    await page.getByTestId('audit-as-of-close').click();
    const uploadLines = page.getByTestId('audit-entry-0').getByTestId('lineage-source');
    await expect(uploadLines.first()).toContainText(`Rueckseite ${stamp}`);
    await uploadLines.first().getByRole('link').click();
    await expect(page.getByTestId('editor-screen')).toHaveAttribute('data-status', 'merged');
  });

  test('looks right and passes axe in en/de, light/dark, desktop and 390×844', async ({ page }) => {
    test.setTimeout(300_000);
    await login(page, 'admin', '/document-editor/1001');
    await expect(page.getByTestId('inbox-list-waiting').getByTestId('inbox-item').first()).toBeVisible();
    await expect(page.getByTestId('inbox-list-waiting').locator('[data-rendered="true"]').first()).toBeVisible({ timeout: 60_000 });
    await shot(page, 'editor-inbox-desktop-en-light');
    await expectNoSeriousA11yViolations(page, '[data-testid="editor-inbox"]');
    await page.getByTestId('inbox-list-waiting').getByTestId('inbox-open').first().click();
    await expect(page.getByTestId('page-0').locator('[data-rendered="true"]')).toBeVisible({ timeout: 60_000 });
    await expect(page.getByTestId('preview-canvas')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
    await shot(page, 'editor-editor-desktop-en-light');
    await expectNoSeriousA11yViolations(page, '[data-testid="editor-screen"]');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('de');
    await closeDrawer(page);
    await expect(page.getByTestId('preview-canvas')).toHaveAttribute('data-rendered', 'true', { timeout: 60_000 });
    await shot(page, 'editor-editor-desktop-de-dark');
    await expectNoSeriousA11yViolations(page, '[data-testid="editor-screen"]');
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByTestId('page-grid')).toHaveClass(/portal-page-strip/);
    await shot(page, 'editor-editor-mobile-de-dark');
    await expectNoSeriousA11yViolations(page, '[data-testid="editor-screen"]');
    await page.getByTestId('editor-back').click();
    await shot(page, 'editor-inbox-mobile-de-dark');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'editor-inbox-mobile-de-light');
    await expectNoSeriousA11yViolations(page, '[data-testid="editor-inbox"]');
    // The language is kept on the account: back to English for the tests that follow.
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption('en');
    await closeDrawer(page);
  });

  test('an administrator creates a scanner; a PDF it pushes appears in the document editor inbox live', async ({ page, browser, baseURL }) => {
    test.setTimeout(300_000);
    await login(page, 'admin', '/scanner-admin');
    await expect(page.getByTestId('scanner-admin')).toBeVisible();
    await expect(page.getByTestId('scanner-row')).not.toHaveCount(0);
    // The office scanner whose scan waits in 1001's inbox has been seen and took it.
    const alpenblick = page.getByTestId('scanner-row').filter({ hasText: 'Büro Alpenblick' });
    await expect(alpenblick.getByTestId('scanner-last-seen')).not.toHaveText('never');
    await expect(alpenblick.getByTestId('scanner-counts')).toHaveText(/^[1-9]\d* taken/);
    await shot(page, 'editor-scanners-desktop-en-light');
    await expectNoSeriousA11yViolations(page, '[data-testid="scanner-admin"]');
    await page.getByTestId('scanner-add').click();
    const name = `Empfang ${Date.now().toString(36)}`;
    await page.getByTestId('scanner-name').fill(name);
    await page.getByTestId('scanner-location').fill('Erdgeschoss');
    await page.getByTestId('scanner-user-client1').check({ force: true });
    await page.getByTestId('scanner-client').selectOption('1001');
    await page.getByTestId('scanner-save').click();
    const secret = await page.getByTestId('scanner-secret').inputValue();
    expect(secret).toHaveLength(32);
    const pushUrl = await page.getByTestId('scanner-http').inputValue();
    // This portal runs no SMTP listener for scans (no SCAN_SMTP_PORT): no e-mail address is offered, and it says so.
    await expect(page.getByTestId('scanner-email')).toHaveCount(0);
    await expect(page.getByTestId('scanner-email-unavailable')).toContainText('Scan to e-mail is not available');
    await shot(page, 'editor-scanner-secret-desktop-en-light');
    await page.getByTestId('scanner-secret-done').click();
    const row = page.getByTestId('scanner-row').filter({ hasText: name });
    await expect(row.getByTestId('scanner-last-seen')).toHaveText('never');

    // client1 watches the inbox of 1001 in another browser.
    const other = await browser.newContext();
    const watcher = await other.newPage();
    await login(watcher, 'client1', '/document-editor/1001');
    await expect(watcher.getByTestId('editor-inbox')).toBeVisible();
    const scanId = pushUrl.split('/').slice(-2)[0]!;
    const form = new FormData();
    form.append('files', new Blob([new Uint8Array(await onePagePdf('Lieferschein vom Scanner'))]), 'Scanner Lieferschein.pdf');
    const res = await fetch(`${baseURL}/api/scanners/${scanId}/scans`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Basic ${Buffer.from(`${scanId}:${secret}`).toString('base64')}` },
    });
    expect(res.status).toBe(201);
    await expect(card(watcher, 'Scanner Lieferschein')).toBeVisible();
    await expect(card(watcher, 'Scanner Lieferschein')).toContainText(name);
    await expect(row.getByTestId('scanner-last-seen')).not.toHaveText('never');
    await other.close();

    await row.getByTestId('scanner-activated').locator('..').click();
    await expect(row.getByTestId('scanner-activated')).not.toBeChecked();
    const refused = await fetch(`${baseURL}/api/scanners/${scanId}/scans`, {
      method: 'POST',
      body: form,
      headers: { Authorization: `Basic ${Buffer.from(`${scanId}:${secret}`).toString('base64')}` },
    });
    expect(refused.status).toBe(403);
    await expect(row.getByTestId('scanner-counts')).toContainText('1 refused');
    await page.setViewportSize({ width: 390, height: 844 });
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('de');
    await closeDrawer(page);
    await shot(page, 'editor-scanners-mobile-de-dark');
    await expectNoSeriousA11yViolations(page, '[data-testid="scanner-admin"]');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await page.getByTestId('language-select').selectOption('en');
    await closeDrawer(page);
  });
});
