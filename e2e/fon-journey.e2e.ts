import { expect, test } from '@playwright/test';
import type { Page } from '@playwright/test';
import fonDe from '../apps/web/src/features/fon/fon.de.json';
import fonEn from '../apps/web/src/features/fon/fon.en.json';
import shellDe from '../apps/web/src/i18n/locales/de.json';
import shellEn from '../apps/web/src/i18n/locales/en.json';
import { feathersClient } from './feathers';
import { englishOnlyTexts, ensureLanguage, expectAllReachable, localeText, login, looksRight, storedToken } from './support';

/**
 * A firm administrator runs FON monitoring the day before a deadline, in English and German, on the desktop and
 * on a phone: the office card warns with the count still needed and the days left, the open returns are looked
 * at, the quota list FinanzOnline shows today is imported, and the card says the deadline is met.
 *
 * The quota is counted as of the firm's day on the server's clock, so the situation is made with data relative
 * to today: the tax year whose next deadline comes first, 50 returns of tax office 46, too few filed for that
 * deadline at the pace so far; the list imported then has the missing returns filed today.
 */
const DAY = 86_400_000;
/** Today in the firm's time zone (the e2e portal keeps the default, Europe/Vienna): the day the quota is counted as of. */
const TODAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Vienna', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date());
const dayNumber = (iso: string) => Math.floor(Date.parse(`${iso}T00:00:00Z`) / DAY);
const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/** The main deadlines of tax year Y (QuRV § 4). */
function deadlinesOf(y: number): Array<{ date: string; target: number }> {
  const feb = new Date(Date.UTC(y + 2, 2, 0)).getUTCDate();
  return [
    { date: `${y + 1}-10-31`, target: 20 },
    { date: `${y + 1}-11-30`, target: 40 },
    { date: `${y + 2}-01-31`, target: 60 },
    { date: `${y + 2}-02-${feb}`, target: 80 },
    { date: `${y + 2}-03-31`, target: 100 },
  ];
}
const THIS_YEAR = Number(TODAY.slice(0, 4));
/** The tax year whose next deadline comes first: the one before last until its last deadline (31 March) has passed. */
const TAX_YEAR = deadlinesOf(THIS_YEAR - 2).at(-1)!.date >= TODAY ? THIS_YEAR - 2 : THIS_YEAR - 1;
const DEADLINES = deadlinesOf(TAX_YEAR);
const NEXT = DEADLINES.find((d) => d.date >= TODAY)!;
const BASE = 50;
const required = (target: number) => Math.ceil((BASE * target) / 100);
/** Days of the filing season so far (from 1 January after the tax year), the pace's denominator. */
const SEASON_DAYS = Math.max(1, daysBetween(`${TAX_YEAR + 1}-01-01`, TODAY) + 1);
/** Filed by a deadline `daysLeft` ahead at the pace so far (filed per day of the season). */
const projected = (filed: number, daysLeft: number) => Math.min(BASE, Math.floor(filed + (filed / SEASON_DAYS) * daysLeft));
const DAYS_LEFT = daysBetween(TODAY, NEXT.date);
const REQUIRED = required(NEXT.target);
/** Filed before: ten short of the next deadline (fewer when the pace so far would still reach it). */
const FILED_BEFORE = (() => {
  let filed = Math.max(0, REQUIRED - 10);
  while (filed > 0 && projected(filed, DAYS_LEFT) >= REQUIRED) filed -= 1;
  return filed;
})();
/** The first deadline ahead the pace so far would miss with `filed` returns filed today, if any. */
const firstAtRisk = (filed: number) =>
  DEADLINES.find((d) => d.date >= TODAY && filed < required(d.target) && projected(filed, daysBetween(TODAY, d.date)) < required(d.target)) ?? null;

/**
 * The tax number of return i of variant v: each variant's firm has tax numbers of its own, since the quota's
 * read model keys a return by year, tax number and type but not by firm (two firms with one tax number would
 * count each other's returns).
 */
const taxId = (v: number, i: number) => `46-${300 + v * 10 + Math.floor(i / 10)}/${3000 + v * 100 + i}`;
const clientName = (i: number) => `Stichtag Mandant ${String(i + 1).padStart(2, '0')}`;
const csvDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
/** A filing day of the returns filed earlier: from 15 January on, one every six days (in time for the deadlines passed), never after yesterday. */
const earlier = (i: number) =>
  new Date(Math.min(Date.UTC(TAX_YEAR + 1, 0, 15) + i * 6 * DAY, Math.max(Date.parse(TODAY) - DAY, Date.UTC(TAX_YEAR + 1, 0, 1)))).toISOString().slice(0, 10);
/** The FinanzOnline quota list: 50 returns of tax office 46 (Linz); the first `filed` filed, `filedToday` of them today. */
function quotaList(v: number, filed: number, filedToday: number): Buffer {
  const rows = Array.from({ length: BASE }, (_, i) => {
    const on = i < filed - filedToday ? earlier(i) : i < filed ? TODAY : null;
    return `${taxId(v, i)};${clientName(i)};Linz;${TAX_YEAR};ESt;ja;nein;${on ? csvDate(on) : ''};`;
  });
  return Buffer.from(
    ['Steuernummer;Name;Finanzamt;Veranlagungsjahr;Erklärungsart;Quotenrelevant;Betriebliche Einkünfte;Abgabedatum;Eingangsdatum', ...rows].join('\r\n'),
    'utf8',
  );
}

type Locale = 'en' | 'de';
const TEXTS = { en: fonEn, de: fonDe } as const;
const GERMAN_MUST_NOT_SHOW = [...englishOnlyTexts(fonEn, fonDe), ...englishOnlyTexts(shellEn, shellDe)];
const SIZES = [
  { name: 'desktop', viewport: { width: 1280, height: 720 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
] as const;

/** A text of the FON i18n file with its placeholders filled (and i18next's plural forms for `count`). */
const text = (locale: Locale, key: string, values: Record<string, string | number> = {}) => localeText(TEXTS[locale], locale, key, values);

/** A day as the portal writes it in the locale (en-US: 11/30/2026, de: 30.11.2026). */
const shownDate = (locale: Locale, iso: string) => (locale === 'de' ? csvDate(iso) : `${iso.slice(5, 7)}/${iso.slice(8, 10)}/${iso.slice(0, 4)}`);
const shownPercent = (locale: Locale, filed: number) =>
  `${new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(Math.round((filed / BASE) * 1000) / 10)} %`;

/** The next-deadline line of the office card: date and target, days left, and what is missing when something is. */
function nextDeadlineLine(locale: Locale, filed: number): string {
  const parts = [
    text(locale, 'quota.nextDeadline', { date: shownDate(locale, NEXT.date), target: NEXT.target }),
    DAYS_LEFT === 0 ? text(locale, 'quota.dueToday') : text(locale, 'quota.daysLeft', { count: DAYS_LEFT }),
  ];
  if (filed < REQUIRED) parts.push(text(locale, 'quota.stillNeeded', { count: REQUIRED - filed }));
  const shortfall = REQUIRED - projected(filed, DAYS_LEFT);
  if (shortfall > 0) parts.push(text(locale, 'quota.projectedShortfall', { count: shortfall }));
  return parts.join(' · ');
}

/** A firm of the journey's own, with the quota list as FinanzOnline showed it before (made by commands, removed after). */
type Client = Awaited<ReturnType<typeof feathersClient>>['app'];
async function firmBeforeTheDeadline(
  app: Client,
  baseURL: string,
  token: string,
  name: string,
  v: number,
): Promise<{ id: string; remove: () => Promise<void> }> {
  const firm = (await app.service('fon-firms').create({ name, ntcs_id: 4800 })) as { id: string };
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(quotaList(v, FILED_BEFORE, 0))], { type: 'text/csv' }), 'Quotenliste_vorher.csv');
  const response = await fetch(`${baseURL}/api/fon/imports?firm_id=${encodeURIComponent(firm.id)}&tax_year=${TAX_YEAR}&source=fon-file`, {
    method: 'POST',
    body: form,
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.status).toBe(202);
  const job = (await response.json()) as { id: string };
  await expect.poll(async () => ((await app.service('fon-imports').get(job.id)) as { status: string }).status, { timeout: 30_000 }).toBe('done');
  return {
    id: firm.id,
    remove: async () => {
      await app.service('fon-firms').remove(firm.id);
    },
  };
}

async function section(page: Page, id: string): Promise<void> {
  if ((page.viewportSize()?.width ?? 1280) < 1280) await page.getByTestId('fon-section').selectOption(id);
  else await page.getByTestId(`fon-tab-${id}`).click();
  await expect(page.getByTestId(`fon-panel-${id}`)).toBeVisible();
}

async function journey(page: Page, locale: Locale, size: (typeof SIZES)[number], v: number, firmName: string): Promise<void> {
  const variant = `${locale}-${size.name}`;
  await page.setViewportSize(size.viewport);
  await page.getByTestId('fon-firm').selectOption({ label: firmName });
  // The year, when the screen shows another (choosing the same one would only load it again).
  if ((await page.getByTestId('fon-year').inputValue()) !== String(TAX_YEAR)) await page.getByTestId('fon-year').selectOption(String(TAX_YEAR));
  const office = page.getByTestId('fon-office-46');

  // The office card warns: the next deadline at risk, with the days left and the count still needed.
  await expect(page.getByTestId('fon-warning-46')).toHaveText(text(locale, 'quota.warnings.at_risk', { date: shownDate(locale, NEXT.date) }));
  await expect(page.getByTestId('fon-next-46')).toHaveText(nextDeadlineLine(locale, FILED_BEFORE));
  await expect(page.getByTestId('fon-percent-46')).toHaveText(shownPercent(locale, FILED_BEFORE));
  await expect(office).toContainText(text(locale, 'quota.ofBase', { filed: FILED_BEFORE, base: BASE }));
  const nextRow = page.getByTestId(`fon-deadline-46-${DEADLINES.indexOf(NEXT) + 1}`);
  await expect(nextRow).toContainText(shownDate(locale, NEXT.date));
  await expect(nextRow).toContainText(text(locale, 'quota.states.at_risk'));
  // On a phone the deadline table scrolls sideways; the state shows without that.
  await expectAllReachable(page, nextRow.locator('.bp6-tag'));
  await looksRight(page, `fon-journey-1-warning-${variant}`, GERMAN_MUST_NOT_SHOW);

  // The details: the open returns of the office, and one of them.
  await section(page, 'items');
  await page.getByTestId('fon-filter-status').selectOption('open');
  const open = BASE - FILED_BEFORE;
  await expect(page.getByTestId('fon-item-count')).toHaveText(text(locale, 'items.count', { shown: open, total: open }));
  await expect(page.getByTestId('fon-filter-status').locator('option:checked')).toHaveText(`${text(locale, 'states.open')} (${open})`);
  // The first open return by name: the one after those filed.
  const firmId = await page.getByTestId('fon-firm').inputValue();
  await page.getByTestId(`fon-item-${firmId}:${TAX_YEAR}:${taxId(v, FILED_BEFORE).replace(/\D/g, '')}:ESt`).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText(text(locale, 'items.detail', { name: clientName(FILED_BEFORE) }));
  await expect(dialog).toContainText(text(locale, 'states.open'));
  await looksRight(page, `fon-journey-2-open-return-${variant}`, GERMAN_MUST_NOT_SHOW);
  await page.getByRole('button', { name: text(locale, 'admin.cancel') }).click();
  await expect(dialog).toHaveCount(0);

  // The step before the deadline: the quota list FinanzOnline shows today, with the missing returns filed.
  await section(page, 'imports');
  await page
    .getByTestId('fon-import-fon')
    .setInputFiles({ name: 'Quotenliste_heute.csv', mimeType: 'text/csv', buffer: quotaList(v, REQUIRED, REQUIRED - FILED_BEFORE) });
  const imported = page.getByTestId('fon-imports').locator('[data-testid^="fon-import-"]').filter({ hasText: 'Quotenliste_heute.csv' }).first();
  await expect(imported).toContainText(text(locale, 'imports.statuses.done'));
  await expect(imported).toContainText(text(locale, 'imports.counts', { rows: BASE, new: 0, changed: REQUIRED - FILED_BEFORE, opened: 0, closed: 0 }));
  await looksRight(page, `fon-journey-3-imported-${variant}`, GERMAN_MUST_NOT_SHOW);

  // The card now says the deadline is met: nothing more needed; a warning only for a later deadline the pace would miss.
  await section(page, 'quota');
  await expect(page.getByTestId('fon-next-46')).toHaveText(nextDeadlineLine(locale, REQUIRED));
  await expect(page.getByTestId('fon-percent-46')).toHaveText(shownPercent(locale, REQUIRED));
  await expect(nextRow).toContainText(text(locale, 'quota.states.met'));
  const later = firstAtRisk(REQUIRED);
  await expect(page.getByTestId('fon-warning-46')).toHaveText(
    later ? text(locale, 'quota.warnings.at_risk', { date: shownDate(locale, later.date) }) : text(locale, 'quota.warnings.none'),
  );
  await looksRight(page, `fon-journey-4-met-${variant}`, GERMAN_MUST_NOT_SHOW);
}

test.describe('FON monitoring before a deadline', () => {
  test.describe.configure({ timeout: 180_000 });

  test('an administrator sees the office warn with the count still needed and the days left, looks at the open returns, imports the list of today and sees the deadline met, in English and German, at 1280×720 and 390×844', async ({
    page,
    baseURL,
  }) => {
    await login(page, 'admin', '/fon-monitoring');
    const token = await storedToken(page);
    const { app, close } = await feathersClient(baseURL!, token);
    const variants = (['en', 'de'] as const).flatMap((locale) => SIZES.map((size) => ({ locale, size })));
    const stamp = Date.now() % 100_000;
    // A firm per variant, each with the list FinanzOnline showed before; removed again at the end.
    const firms = await Promise.all(
      variants.map(({ locale, size }, v) => firmBeforeTheDeadline(app, baseURL!, token, `Kanzlei Stichtag ${locale}-${size.name} ${stamp}`, v)),
    );
    try {
      if (new URL(page.url()).pathname !== '/fon-monitoring') await page.goto('/fon-monitoring');
      for (const [v, { locale, size }] of variants.entries()) {
        // The last variant's messages ("Import started.") go before the language changes: the German page is
        // checked for English texts, and a toast of the English step is not the German page's.
        // (A toast under the pointer stays: the pointer moves off first.)
        await page.mouse.move(1, (page.viewportSize()?.height ?? 720) - 1);
        await expect(page.locator('.bp6-toast')).toHaveCount(0, { timeout: 30_000 });
        await ensureLanguage(page, locale);
        await journey(page, locale, size, v, `Kanzlei Stichtag ${locale}-${size.name} ${stamp}`);
      }
    } finally {
      await Promise.all(firms.map((firm) => firm.remove()));
      close();
      await page.setViewportSize(SIZES[0].viewport);
      await ensureLanguage(page, 'en');
    }
  });
});
