import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { expect } from '@playwright/test';
import type { Cookie, Locator, Page } from '@playwright/test';

export const SCREENSHOTS = 'test-results/screenshots';

/** A screenshot of the viewport for looking at, once the page's finite animations (drawer, dialogs, toasts) have ended. */
export async function shot(page: Page, name: string): Promise<void> {
  await finiteAnimationsEnded(page);
  await page.screenshot({ path: `${SCREENSHOTS}/${name}.png` });
}

/** Waits until the page's finite animations and transitions (drawer, dialogs, toasts) have ended; spinners run on. */
export async function finiteAnimationsEnded(page: Page): Promise<void> {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity)
        .map((a) => a.finished.catch(() => undefined)),
    ),
  );
}

/**
 * The identity provider's session cookies of each demo user's first sign-in in this worker. A later test's fresh
 * browser context starts with them, as a user's browser keeps them: the app still goes through the provider's
 * authorization redirect and code exchange, only the login form (filled and checked dozens of times already) is
 * skipped. A session that ended (a test signed out) shows the form again, which is then filled.
 */
const providerSessions = new Map<string, Cookie[]>();
const PROVIDER_SESSION = /^_session(\.|$)/;

/**
 * Log in through the real login page of the identity provider (password = username for demo users). `newSession`
 * signs in on the form even when the user has a session: a second device of their own.
 */
export async function login(page: Page, username: string, path = '/', { newSession = false } = {}): Promise<void> {
  const context = page.context();
  const known = newSession ? undefined : providerSessions.get(username);
  if (known && (await context.cookies()).length === 0) await context.addCookies(known);
  await page.goto(path);
  const form = page.locator('input[name="username"]');
  const shell = page.getByTestId('page-title');
  if (known) await expect(shell.or(form).first()).toBeVisible({ timeout: 30_000 });
  if (!known || (await form.isVisible().catch(() => false))) await signInOnTheForm(page, username);
  await expect(shell).toBeVisible({ timeout: 30_000 });
  providerSessions.set(
    username,
    (await context.cookies()).filter((c) => PROVIDER_SESSION.test(c.name)),
  );
  // Settle: '/' redirects to the start route (a transition; the drawer closes when it lands), and the login
  // callback's fragment is removed.
  await page.waitForURL((url) => url.pathname !== '/' && !url.hash.includes('code='));
  await expect(shell).not.toHaveText('Start');
  // The language is the user's own and sticks across sessions: a test that switched it and failed before
  // switching back must not leave the next test in the other language.
  const demoLocale = DEMO_LOCALE[username];
  if (demoLocale) await ensureLanguage(page, demoLocale);
}

async function signInOnTheForm(page: Page, username: string): Promise<void> {
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(username);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  // A consent screen, if the provider shows one for the first-party client.
  const consent = page.getByRole('button', { name: /^(Continue|Authorize|Allow|Weiter|Zulassen)$/i });
  await expect(page.getByTestId('page-title').or(consent).first()).toBeVisible({ timeout: 30_000 });
  if (await consent.isVisible().catch(() => false)) await consent.click();
}

/** The demo users' own languages (apps/api/src/seed/demo-data.ts). */
const DEMO_LOCALE: Readonly<Record<string, 'en' | 'de'>> = { admin: 'en', client1: 'de', accountant: 'de', clerk: 'de', approver: 'de', auditor: 'en' };

/** Switches the signed-in user's language through the drawer when the page shows another one. */
export async function ensureLanguage(page: Page, locale: 'en' | 'de'): Promise<void> {
  const lang = () => page.evaluate(() => document.documentElement.lang);
  if ((await lang()) === locale) return;
  // A route change landing late (the list's redirect to its first invoice on a loaded machine) closes the drawer
  // and detaches its select while the option is being chosen: then the drawer is opened again and the choice repeated.
  await expect(async () => {
    if ((await lang()) === locale) return;
    await openDrawer(page);
    await page.getByTestId('language-select').selectOption(locale, { timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
  if ((await page.locator('.portal-drawer').count()) > 0) await closeDrawer(page);
  await expect.poll(lang).toBe(locale);
}

/** Signs in on a deep link; lands there again when the sign-in returned elsewhere (seen on a loaded machine). */
export async function loginAt(page: Page, username: string, path: string): Promise<void> {
  await login(page, username, path);
  if (new URL(page.url()).pathname !== path) await page.goto(path);
}

/** Opens the drawer and waits until its slide-in animation has finished. */
export async function openDrawer(page: Page): Promise<void> {
  const left = async () => (await page.locator('.portal-drawer').boundingBox())?.x;
  await page.getByTestId('menu-button').click();
  await expect(page.getByTestId('drawer')).toBeVisible();
  // A route change closes the drawer: one landing late after sign-in can shut it again, then it is opened once more.
  const inPlace = await expect
    .poll(left, { timeout: 10_000 })
    .toBe(0)
    .then(
      () => true,
      () => false,
    );
  if (inPlace) return;
  await page.getByTestId('menu-button').click({ timeout: 10_000 });
  await expect.poll(left).toBe(0);
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

/** The access token the portal stored after login (spec §3: local storage key feathers-jwt). */
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

const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `portal-e2e-${PORT}`);

/** `npm run user -- …` against the e2e portal's data dir (tests using it skip against an external portal). */
export async function userCommand(...args: string[]): Promise<string> {
  const env = { ...process.env, PORT: String(PORT), PORTAL_DATA_DIR: DATA_DIR };
  const { stdout } = await promisify(execFile)(process.execPath, ['apps/api/dist/cli/user.js', ...args], { env });
  return stdout;
}

/**
 * A user of their own for a test that changes what a login asks (second factors), so no other test's demo
 * user is touched: created with `npm run user`, signed in with the one-time password, their own chosen.
 */
export async function signInAsNewUser(page: Page, name: string, locale: 'en' | 'de' = 'en'): Promise<{ username: string; password: string }> {
  const username = `${name}${Date.now() % 100000}`;
  const out = await userCommand(
    'add',
    username,
    '--email',
    `${username}@kanzlei.example`,
    '--first-name',
    'Eva',
    '--last-name',
    'Test',
    '--permissions',
    'doc,lar',
    '--clients',
    '1001',
    '--locale',
    locale,
  );
  const oneTime = /One-time password: (\S+)/.exec(out)?.[1] ?? '';
  const password = 'Belege prüfen 2026';
  await page.goto('/');
  await page.locator('input[name="username"]').fill(username);
  await page.locator('input[name="password"]').fill(oneTime);
  await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
  await page.locator('input[name="newPassword"]').fill(password);
  await page.locator('input[name="repeatPassword"]').fill(password);
  await page.getByRole('button', { name: /^(Save and sign in|Speichern und anmelden)$/ }).click();
  await expect(page.getByTestId('page-title')).toBeVisible({ timeout: 30_000 });
  return { username, password };
}

/** Opens the drawer's logout (oidc-provider may ask to confirm the sign-out) and waits for the provider's login page. */
export async function signOut(page: Page): Promise<void> {
  // The provider ends the session everywhere: a later sign-in of that user fills the form again.
  providerSessions.clear();
  await openDrawer(page);
  await page.getByTestId('logout').click();
  const confirm = page.getByRole('button', { name: /^(Yes, sign me out|Sign out|Abmelden|Logout)$/i });
  const username = page.locator('input[name="username"]');
  await expect(username.or(confirm).first()).toBeVisible({ timeout: 30_000 });
  if (await confirm.isVisible().catch(() => false)) await confirm.click();
  await expect(username).toBeVisible({ timeout: 30_000 });
}

/** Records the page language and the app's text at every change of the next loads, from the first paint. */
export async function recordPaints(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __paints: string[] }).__paints = seen;
    new MutationObserver(() => {
      const text = document.getElementById('root')?.textContent ?? '';
      if (text) seen.push(`${document.documentElement.lang}:${text.slice(0, 40)}`);
    }).observe(document, { childList: true, subtree: true, characterData: true });
  });
}

/** What `recordPaints` saw on the page loaded last: `<lang>:<text>` per change. */
export function paints(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __paints?: string[] }).__paints ?? []);
}

/** The document pane shows the document: a drawn PDF page, or the readable view of an XML e-invoice. */
export async function expectDocumentShown(page: Page): Promise<void> {
  await expect(page.locator('.portal-pdf canvas, [data-testid="invoice-page"]').first()).toBeVisible({ timeout: 30_000 });
}

/**
 * Every element the locator matches can be reached on the current viewport: inside its width and not cut
 * off by a clipping container (the point at its centre, once scrolled to vertically, hits the element itself).
 */
export async function expectAllReachable(page: Page, locator: Locator): Promise<void> {
  const width = page.viewportSize()!.width;
  const count = await locator.count();
  expect(count).toBeGreaterThan(0);
  for (let i = 0; i < count; i += 1) {
    const element = locator.nth(i);
    // Scrolled into view vertically only: an action reachable only by scrolling sideways is cut off for the user.
    await element.evaluate((el) => {
      const ancestors: Array<[Element, number]> = [];
      for (let a = el.parentElement; a; a = a.parentElement) ancestors.push([a, a.scrollLeft]);
      el.scrollIntoView({ block: 'center', inline: 'nearest' });
      for (const [a, left] of ancestors) a.scrollLeft = left;
    });
    const name = (await element.getAttribute('data-testid')) ?? (await element.textContent()) ?? String(i);
    const box = (await element.boundingBox())!;
    expect(box.x, `${name} starts on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${name} ends on screen (${width} px)`).toBeLessThanOrEqual(width + 0.5);
    const hit = () =>
      element.evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        return top !== null && (el === top || el.contains(top));
      });
    // Asked again for a moment: a virtualized table scrolled to the element draws its rows anew in the next frames.
    await expect.poll(hit, { message: `${name} is not clipped or covered`, timeout: 5_000 }).toBe(true);
  }
}

/**
 * Nothing internal reaches the page: no i18n key (a missing text shows its key), no booking field key
 * (`supplier_account: …`), no English server sentence in the German UI, and none of the system's insides:
 * revisions, command or event ids, raw events, log positions, category codes, library error codes, the
 * name of an internal database where a bookkeeper expects words, pointers to developer files.
 */
export async function expectNoRawTexts(page: Page, english: readonly string[] = []): Promise<void> {
  const text = await page.locator('body').innerText();
  expect(
    text.match(/\b(?:invoices|exports|documents|reports|fon|serverErrors|firmOverview|account|settings|addresses|lineage)\.[a-zA-Z_]+(?:\.[a-zA-Z_]+)*\b/g) ??
      [],
  ).toEqual([]);
  expect(text.match(/\b[a-z]+_(?:account|amount|date|number|code)\b/g) ?? []).toEqual([]);
  expect(text.match(INTERNALS) ?? []).toEqual([]);
  if ((await page.evaluate(() => document.documentElement.lang)) === 'de') {
    expect(text.match(/\b(?:is missing|The export failed|cannot be|Cannot book|is not valid|still being read)\b/g) ?? []).toEqual([]);
    expect(
      english.filter((phrase) => new RegExp(`(?<![\\p{L}\\d])${escapeRegExp(phrase)}(?![\\p{L}\\d])`, 'u').test(text)),
      'English texts on the German page',
    ).toEqual([]);
  }
}

/** The system's insides as they would read on a page (en and de). */
const INTERNALS = new RegExp(
  [
    '\\b[Rr]evision \\d+',
    'Rohes Ereignis|[Rr]aw event',
    '\\b(?:Befehl|Command) [0-9a-f]{6,}',
    '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}',
    'RPA-Datenbank|RPA database',
    '\\bE(?:NOTFOUND|CONNREFUSED|CONNRESET|TIMEDOUT|AI_AGAIN)\\b',
    '[Ll]og(?:-| )[Pp]osition|global position|event log',
    '\\b(?:ER_U|AR_U|ER|AR|KA) – ',
    '\\bREADME\\b',
  ].join('|'),
  'g',
);

/**
 * What the user sees is in the page's language and says nothing internal (`english`: texts that must not show on a
 * German page), nothing is wider than the screen; then a screenshot to look at.
 */
export async function looksRight(page: Page, name: string, english: readonly string[]): Promise<void> {
  await expectNoRawTexts(page, english);
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    `${name} wider than the screen`,
  ).toBeLessThanOrEqual(0);
  await shot(page, name);
}

/**
 * The texts of a feature's English i18n file that a German page must not show: each text's parts between
 * placeholders, of four letters or more, unless the German file uses them too (names like FinanzOnline, NTCS).
 */
export function englishOnlyTexts(en: object, de: object): string[] {
  const leaves = (tree: object): string[] =>
    Object.values(tree).flatMap((v) => (typeof v === 'string' ? [v] : typeof v === 'object' && v ? leaves(v as object) : []));
  const german = leaves(de).join('\n');
  const parts = leaves(en).flatMap((text) => text.split(/\{\{[^}]*\}\}/).map((part) => part.replace(/^[\s·:,.()–-]+|[\s·:,.()–-]+$/g, '')));
  return [...new Set(parts)].filter((part) => (part.match(/\p{L}/gu) ?? []).length >= 4 && !german.includes(part));
}

/**
 * A text of a feature's i18n file (`tree`, one language) with its placeholders filled, and i18next's plural form
 * (`_one`, `_other`) when `count` is given: what the page shows for that key.
 */
export function localeText(tree: object, locale: 'en' | 'de', key: string, values: Record<string, string | number> = {}): string {
  const path = key.split('.');
  const leaf = path.pop()!;
  const parent = path.reduce<Record<string, unknown>>((node, part) => node[part] as Record<string, unknown>, tree as Record<string, unknown>);
  const plural = typeof values.count === 'number' ? `${leaf}_${new Intl.PluralRules(locale).select(values.count)}` : leaf;
  const template = (parent[plural] ?? parent[leaf]) as string | undefined;
  if (typeof template !== 'string') throw new Error(`no text ${key} in ${locale}`);
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));
}

/** A pattern for what a text of the i18n file reads like with any number for each placeholder. */
export function localePattern(template: string): RegExp {
  return new RegExp(
    `^${template
      .split(/\{\{\w+\}\}/)
      .map(escapeRegExp)
      .join('\\d+')}$`,
  );
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
