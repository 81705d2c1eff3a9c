import { expect, test } from '@playwright/test';
import type { Browser, Page, WebSocketRoute } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import documentsDe from '../apps/web/src/features/documents/documents.de.json';
import documentsEn from '../apps/web/src/features/documents/documents.en.json';
import shellDe from '../apps/web/src/i18n/locales/de.json';
import shellEn from '../apps/web/src/i18n/locales/en.json';
import { expectNoSeriousA11yViolations } from './axe';
import {
  closeDrawer,
  englishOnlyTexts,
  ensureLanguage,
  expectAllReachable,
  localePattern,
  localeText,
  login,
  looksRight,
  openDrawer,
  toggleDarkTheme,
  shot,
} from './support';

/** A unique word of letters only, so the full-text index keeps it as one token. */
function uniqueWord(): string {
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  return `Quokka${Array.from({ length: 8 }, () => letters[Math.floor(Math.random() * 26)]).join('')}`;
}

/** A one-page German invoice with a text layer, carrying the unique word. */
async function invoicePdf(word: string, number: string): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([595, 842]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const lines: Array<[string, number, boolean]> = [
    ['Bergblick Druckerei GmbH', 780, true],
    ['Hauptstraße 12, 6020 Innsbruck', 764, false],
    ['UID: ATU12345678', 748, false],
    ['Alpenblick Handels GmbH, Seestraße 5, 5020 Salzburg', 700, false],
    [`Rechnung Nr. ${number}`, 650, true],
    ['Rechnungsdatum: 14.03.2025', 630, false],
    [`Leistung: Druck von 500 Flyern, Motiv ${word}`, 590, false],
    ['Nettobetrag: 100,00 EUR', 540, false],
    ['USt 20 %: 20,00 EUR', 524, false],
    ['Gesamtbetrag: 120,00 EUR', 508, true],
    ['IBAN: AT61 1904 3002 3457 3201', 470, false],
  ];
  for (const [text, y, isBold] of lines) page.drawText(text, { x: 56, y, size: 12, font: isBold ? bold : font });
  return Buffer.from(await pdf.save());
}

/** The id of the table row whose title contains the text (from its open link). */
async function rowId(page: Page, text: string): Promise<number> {
  const link = page.getByTestId('documents-table').locator('a.portal-doc-link', { hasText: text });
  await expect(link).toBeVisible();
  const testId = await link.getAttribute('data-testid');
  return Number(testId?.replace('open-', ''));
}

/** A list row of the synthetic 10,000-row list. */
function syntheticRow(i: number) {
  return {
    id: 9_000_000 + i,
    client_no: 1001,
    category: 'Other',
    title: `Synthetic document ${String(i).padStart(5, '0')}`,
    file_name: `s${i}.pdf`,
    media_type: 'application/pdf',
    size: 1000,
    sha256: `${i}`,
    uploaded_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
    uploaded_by: 'client1',
    updated_at: '2025-01-01T00:00:00Z',
    revision: 1,
    flags: i % 7 === 0 ? 3 : i % 5 === 0 ? 1 : 0,
    confirmed: i % 5 === 0 || i % 7 === 0,
    booked: i % 7 === 0,
    locked: i % 7 === 0,
    invalid: false,
    deleted: false,
    trashed_at: null,
    purge_after: null,
    problem: null,
    extraction: 'done',
    origin: i % 3 === 0 ? 7 : 2,
    pages: 1,
    page_origins: [2],
    language: 'de',
    invoice_number: `RE-${i}`,
    invoice_date: '2025-02-03',
    due_date: null,
    biller_name: `Supplier ${i % 97}`,
    recipient_name: null,
    gross_amount: 100 + i / 100,
    currency: 'EUR',
    fields: {},
    field_origins: {},
    einvoice: null,
    text_sha256: null,
    booking: {},
    booking_origins: {},
    issues: [],
    erp_status: null,
    erp_reason: null,
    confirmed_by: null,
    booked_by: null,
  };
}

const SYNTHETIC_TOTAL = 10_000;

/**
 * Serves `documents find` of the Other tab from 10,000 synthetic rows by rewriting the socket.io answers
 * (engine.io text frames: `42<ack>[...]` out, `43<ack>[error, result]` back); everything else passes through.
 */
async function serveTenThousandRows(page: Page): Promise<void> {
  await page.routeWebSocket(/\/socket\.io\//, (ws: WebSocketRoute) => {
    const server = ws.connectToServer();
    const synthetic = new Map<string, { skip: number; limit: number }>();
    ws.onMessage((message) => {
      if (typeof message === 'string') {
        const m = /^42(\d+)(\[.*)$/s.exec(message);
        if (m) {
          const [method, path, query] = JSON.parse(m[2]) as [string, string, Record<string, unknown>];
          if (method === 'find' && path === 'documents' && query?.tab === 'Other' && !query.search) {
            synthetic.set(m[1], { skip: Number(query.$skip ?? 0), limit: Number(query.$limit ?? 50) });
          }
        }
      }
      server.send(message);
    });
    server.onMessage((message) => {
      if (typeof message === 'string') {
        const m = /^43(\d+)\[/.exec(message);
        const page = m && synthetic.get(m[1]);
        if (m && page) {
          synthetic.delete(m[1]);
          const data = Array.from({ length: Math.max(0, Math.min(page.limit, SYNTHETIC_TOTAL - page.skip)) }, (_, i) =>
            syntheticRow(SYNTHETIC_TOTAL - page.skip - i),
          );
          ws.send(`43${m[1]}${JSON.stringify([null, { total: SYNTHETIC_TOTAL, limit: page.limit, skip: page.skip, data }])}`);
          return;
        }
      }
      ws.send(message);
    });
  });
}

type Locale = 'en' | 'de';
const TEXTS = { en: documentsEn, de: documentsDe } as const;
const SHELL = { en: shellEn, de: shellDe } as const;
const GERMAN_MUST_NOT_SHOW = [...englishOnlyTexts(documentsEn, documentsDe), ...englishOnlyTexts(shellEn, shellDe)];
const DESKTOP = { name: 'desktop', viewport: { width: 1280, height: 720 } } as const;
const PHONE = { name: 'phone', viewport: { width: 390, height: 844 } } as const;
/** The client's journey in the variants besides German at 1280 (the first test walks that one, with the trash and the rendering). */
const VARIANTS = [
  { locale: 'en', size: DESKTOP },
  { locale: 'en', size: PHONE },
  { locale: 'de', size: PHONE },
] as const;

/** A text of the documents i18n file with its placeholders filled. */
const text = (locale: Locale, key: string, values: Record<string, string | number> = {}) => localeText(TEXTS[locale], locale, key, values);

/** Every status an upload row may show in the locale: sending, waiting (with its place in the line), reading, read. */
function uploadStatuses(locale: Locale): RegExp[] {
  const upload = TEXTS[locale].upload;
  return [upload.queued, upload.uploading, upload.extracting, upload.inLine_one, upload.inLine_other, upload.done, ...Object.values(upload.stage)].map(
    localePattern,
  );
}

/** Records every text the upload rows' status shows from now on (a document read at once passes its steps within a second). */
async function recordUploadStatuses(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __uploadStatuses: string[] }).__uploadStatuses = seen;
    const note = () => {
      for (const el of document.querySelectorAll('[data-testid="upload-status"]')) {
        const status = el.textContent ?? '';
        if (seen.at(-1) !== status) seen.push(status);
      }
    };
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
}

/** The upload ended read, and each status it showed on its way (recorded since `recordUploadStatuses`) was in the locale's words. */
async function expectUploadStatusesIn(page: Page, locale: Locale): Promise<void> {
  await expect(page.getByTestId('upload-item').last().getByTestId('upload-status')).toHaveText(text(locale, 'upload.done'));
  const statuses = await page.evaluate(() => (window as unknown as { __uploadStatuses: string[] }).__uploadStatuses);
  const known = uploadStatuses(locale);
  console.log(`upload statuses seen (${locale}, ${page.viewportSize()?.width} px): ${statuses.join(' | ')}`);
  expect(
    statuses.filter((status) => !known.some((pattern) => pattern.test(status))),
    `upload statuses not in ${locale}: ${statuses.join(' | ')}`,
  ).toEqual([]);
}

/**
 * The client company's own day (client1): uploads a PDF, follows its progress in the user's words, sees it in the
 * list with the fields read, without a reload, and finds it by a word of its text. One upload, one browser context.
 */
async function clientJourney(
  browser: Browser,
  locale: Locale,
  size: typeof DESKTOP | typeof PHONE,
  v: number,
  inTurn: (signIn: () => Promise<void>) => Promise<void>,
): Promise<void> {
  const variant = `${locale}-${size.name}`;
  const word = uniqueWord();
  const number = `RE-${(Date.now() % 100_000) * 10 + v}`;
  const context = await browser.newContext({ viewport: size.viewport });
  const page = await context.newPage();
  try {
    await inTurn(async () => {
      await login(page, 'client1', '/documents/1001');
      await ensureLanguage(page, locale);
    });
    await expect(page.getByTestId('tab-ER_U')).toHaveText(text(locale, 'tabs.ER_U'));
    // The help fits the role: the client's firm confirms what it uploads.
    await expect(page.getByTestId('documents-help')).toHaveText(text(locale, 'helpFirmConfirms.ER_U'));
    await openDrawer(page);
    await expect(page.getByTestId('nav-documents')).toContainText(localeText(SHELL[locale], locale, 'drawer.documents'));
    await closeDrawer(page);

    // The upload and the reading, each step in the user's words (a place in the line while others are read first).
    await recordUploadStatuses(page);
    await page.getByTestId('upload-input').setInputFiles({ name: `Rechnung_${word}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf(word, number) });
    const item = page.getByTestId('upload-item').filter({ hasText: word });
    await expect(page.getByTestId('upload-panel')).toContainText(text(locale, 'upload.title'));
    await expect(item).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await expectUploadStatusesIn(page, locale);
    // The file's name and its status are whole on the screen, not cut.
    await expectAllReachable(page, item.getByTestId('upload-status'));
    for (const part of [item.locator('.portal-upload-name'), item.getByTestId('upload-status')])
      expect(await part.evaluate((el) => el.scrollWidth - el.clientWidth), `${await part.textContent()} cut`).toBeLessThanOrEqual(0);

    // In the list with the fields read, without a reload, in the user's words and formats.
    const id = await rowId(page, word);
    const cells = page.locator(`[data-row-id="${id}"]`);
    await expect(cells.filter({ hasText: number })).toBeVisible({ timeout: 30_000 });
    await expect(cells.getByTestId('extraction-origin')).toHaveText(text(locale, 'origin.2'));
    await expect(cells.filter({ hasText: locale === 'de' ? '14.03.2025' : '03/14/2025' })).toBeVisible();
    const gross = cells.filter({ hasText: locale === 'de' ? '120,00 €' : '€120.00' });
    await expect(gross).toBeVisible();
    // On the phone too the number and the amount read are on the screen, without scrolling the table sideways.
    await expectAllReachable(page, cells.filter({ hasText: number }).or(gross));
    await looksRight(page, `documents-journey-1-uploaded-${variant}`, GERMAN_MUST_NOT_SHOW);

    // Found by a word of its text, the word marked.
    await expect(page.getByTestId('documents-search')).toHaveAttribute('placeholder', text(locale, 'filters.search'));
    await page.getByTestId('documents-search').fill(word);
    const mark = page.getByTestId('documents-table').locator('mark', { hasText: new RegExp(word, 'i') });
    await expect(mark.first()).toBeVisible({ timeout: 20_000 });
    await looksRight(page, `documents-journey-2-found-${variant}`, GERMAN_MUST_NOT_SHOW);
  } finally {
    // The client's own language for the tests after this one.
    if (locale !== 'de') await ensureLanguage(page, 'de').catch(() => undefined);
    await context.close();
  }
}

test.describe('documents', () => {
  test.setTimeout(240_000);

  test('an uploaded PDF appears live with its fields, is found by a word, goes to the trash and comes back, and opens rendered', async ({ page }) => {
    const word = uniqueWord();
    const number = `RE-${Date.now() % 1_000_000}`;
    await login(page, 'client1', '/documents/1001');
    await expect(page.getByTestId('documents-screen')).toBeVisible();
    await expect(page.getByTestId('documents-help')).not.toBeEmpty();

    // The Documents entry is in the drawer (client1 has doc).
    await openDrawer(page);
    await expect(page.getByTestId('nav-documents')).toBeVisible();
    await closeDrawer(page);

    // Upload in the browser: a progress bar per file, then the worker's progress until extracted, in German.
    await recordUploadStatuses(page);
    await page.getByTestId('upload-input').setInputFiles({ name: `Rechnung_${word}.pdf`, mimeType: 'application/pdf', buffer: await invoicePdf(word, number) });
    const item = page.getByTestId('upload-item').filter({ hasText: word });
    await expect(item).toBeVisible();
    await expect(item).toHaveAttribute('data-phase', 'done', { timeout: 120_000 });
    await expectUploadStatusesIn(page, 'de');

    // It is in ER_U with its extracted fields, without a reload.
    const id = await rowId(page, word);
    // Cells carry their row's id.
    const cells = page.locator(`[data-row-id="${id}"]`);
    await expect(cells.filter({ hasText: number })).toBeVisible({ timeout: 30_000 });
    await expect(cells.getByTestId('extraction-origin')).toBeVisible();
    await shot(page, 'documents-er-u-light-de');

    // Full-text search highlights the word.
    await page.getByTestId('documents-search').fill(word);
    const mark = page.getByTestId('documents-table').locator('mark', { hasText: new RegExp(word, 'i') });
    await expect(mark.first()).toBeVisible({ timeout: 20_000 });
    await shot(page, 'documents-search-light-de');
    await page.getByTestId('documents-search').fill('');
    await expect(page.getByTestId('documents-table').locator('mark')).toHaveCount(0);

    // Move to the trash and restore it.
    await page.getByTestId(`select-${id}`).locator('..').click();
    await expect(page.getByTestId('documents-count')).toContainText('1');
    await page.getByTestId('trash').click();
    await expect(page.getByTestId(`open-${id}`)).toHaveCount(0);
    // The snackbar's Undo brings it back; then into the trash for good.
    await page.locator('.bp6-toast').getByRole('button', { name: 'Rückgängig' }).click();
    await expect(page.getByTestId(`open-${id}`)).toBeVisible();
    await page.getByTestId(`select-${id}`).locator('..').click();
    await page.getByTestId('trash').click();
    await expect(page.getByTestId(`open-${id}`)).toHaveCount(0);
    await page.getByTestId('tab-Deleted').click();
    await expect(page.getByTestId(`open-${id}`)).toBeVisible();
    // Nothing is uploaded into the trash.
    await expect(page.getByTestId('upload-button')).toHaveCount(0);
    await page.getByTestId(`select-${id}`).locator('..').click();
    await page.getByTestId('restore').click();
    await expect(page.getByTestId(`open-${id}`)).toHaveCount(0);
    await page.getByTestId('tab-ER_U').click();
    await expect(page.getByTestId(`open-${id}`)).toBeVisible();

    // The single view renders the PDF on a canvas and shows the fields with their origins.
    await page.getByTestId(`open-${id}`).click();
    await expect(page).toHaveURL(new RegExp(`/doc/1001/${id}$`));
    await expect(page.getByTestId('pdf-page-1')).toHaveAttribute('data-rendered', 'true', { timeout: 30_000 });
    const inked = await page
      .getByTestId('pdf-page-1')
      .locator('canvas')
      .evaluate((canvas: HTMLCanvasElement) => {
        const ctx = canvas.getContext('2d');
        if (!ctx) return 0;
        const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
        let dark = 0;
        for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark++;
        return dark;
      });
    expect(inked).toBeGreaterThan(500);
    await expect(page.getByTestId('field-invoice_number')).toHaveText(number);
    // The origin in words with its code; the spec's name of the code in the title.
    await expect(page.getByTestId('origin-invoice_number')).toHaveText(/^(PDF text layer|PDF-Textebene) · 2$/);
    await expect(page.getByTestId('origin-invoice_number')).toHaveAttribute('title', /PDF_Parse \(2\)/);
    await page.getByTestId('toggle-text').click();
    await expect(page.getByTestId('document-text')).toContainText(word);
    await shot(page, 'document-single-light-de');

    // A document that does not exist.
    await page.goto('/doc/1001/999999999');
    await expect(page.getByTestId('document-not-found')).toBeVisible();
  });

  test('a client uploads a PDF, follows its reading and finds it by a word, in English at 1280×720 and 390×844 and in German at 390×844', async ({
    browser,
  }) => {
    // The variants side by side, each in its browser context (the language is applied per session at sign-in): the
    // journey mostly waits for the server, and three uploads at once also put two of them in the reading line.
    // The sign-ins one after another: the portal refuses a second sign-in of an account while one is being checked.
    let signedIn: Promise<void> = Promise.resolve();
    const inTurn = (signIn: () => Promise<void>) => (signedIn = signedIn.then(signIn, signIn));
    const outcomes = await Promise.allSettled(VARIANTS.map(({ locale, size }, v) => clientJourney(browser, locale, size, v, inTurn)));
    for (const outcome of outcomes) if (outcome.status === 'rejected') throw outcome.reason;
  });

  test('the documents tab in light and dark, English and German', async ({ page }) => {
    await login(page, 'client1', '/documents/1001?tab=Latest');
    await expect(page.getByTestId('documents-table')).toBeVisible();
    await page.waitForTimeout(500);
    await shot(page, 'documents-latest-light-de');
    // The table's header and cells carry only the ARIA their roles allow (aria-allowed-attr is critical).
    await expectNoSeriousA11yViolations(page, '[data-testid="documents-table"]');
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption('en');
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await expect(page.getByTestId('tab-Latest')).toHaveText('Latest');
    await shot(page, 'documents-latest-dark-en');
    await expectNoSeriousA11yViolations(page, '[data-testid="documents-table"]');
    await openDrawer(page);
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'documents-latest-light-en');
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption('de');
    await toggleDarkTheme(page);
    await closeDrawer(page);
    await shot(page, 'documents-latest-dark-de');
    const first = page.locator('a.portal-doc-link').first();
    if (await first.count()) {
      await first.click();
      await expect(page.getByTestId('document-screen')).toBeVisible();
      await page.waitForTimeout(1500);
      await shot(page, 'document-single-dark-de');
    }
  });

  test('a list of 10,000 documents renders and scrolls to its end', async ({ page }) => {
    await serveTenThousandRows(page);
    await login(page, 'client1', '/documents/1001');
    await expect(page.getByTestId('documents-screen')).toBeVisible();
    const start = Date.now();
    await page.getByTestId('tab-Other').click();
    const table = page.getByTestId('documents-table');
    await expect(table).toHaveAttribute('data-total', String(SYNTHETIC_TOTAL));
    await expect(page.locator('a.portal-doc-link', { hasText: 'Synthetic document 10000' })).toBeVisible();
    const firstRender = Date.now() - start;

    const scroller = page.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
    const jump = Date.now();
    await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
    await expect(page.locator('a.portal-doc-link', { hasText: 'Synthetic document 00001' })).toBeVisible();
    const toEnd = Date.now() - jump;

    // Scroll like a mouse wheel (120 px per frame) and time the frames.
    const frames = await scroller.evaluate(async (el) => {
      const times: number[] = [];
      el.scrollTop = el.scrollHeight / 2;
      await new Promise<void>((r) => requestAnimationFrame(() => r()));
      let last = performance.now();
      for (let i = 0; i < 120; i++) {
        el.scrollTop += 120;
        await new Promise<void>((r) => requestAnimationFrame(() => r()));
        const now = performance.now();
        times.push(now - last);
        last = now;
      }
      times.sort((a, b) => a - b);
      return { median: times[Math.floor(times.length / 2)], p95: times[Math.floor(times.length * 0.95)] };
    });
    console.log(
      `10,000 rows: first render ${firstRender} ms, jump to the last row ${toEnd} ms, scrolling frames median ${frames.median.toFixed(1)} ms, p95 ${frames.p95.toFixed(1)} ms`,
    );
    await shot(page, 'documents-10000-rows');
    expect(firstRender).toBeLessThan(5_000);
  });
});
