import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Socket } from 'socket.io-client';
import { authenticateRaw, call, connected, rawSocket } from '../harness/clients';
import type { Figure, Options } from './items';
import { ROOT, runNode, sleep, startPortal, type PortalProc } from '../harness/proc';
import { percentile, sortNumbers } from './stats';

/**
 * Item 4 at scale (document list and full-text search over 200,000 documents) and item 7's render
 * of the documents tab in Chromium, both on one generated data dir: the demo seed (companies
 * 1001-1006, demo users, no demo documents) plus generated document events with their texts in the
 * blob store, read models built by replay. The data dir is cached in bench-results/cache/ (gitignored).
 */
export interface DocumentsPortal {
  dataDir: string;
  documents: number;
  build: BuildReport;
  /** true when the data dir came from the cache (build figures are those of the original build). */
  cached: boolean;
  portal: PortalProc;
}

export interface BuildReport {
  documents: number;
  documentEvents: number;
  perClient: Record<string, number>;
  rareWord: string;
  rareCount: number;
  textMiB: number;
  generateSeconds: number;
  replayedEvents: number;
  replaySeconds: number;
  replayPeakRssMiB: number;
  readModelsMiB: number;
  eventsMiB: number;
  seedSeconds: number;
  totalSeconds: number;
  blobsMiB?: number;
  at: string;
}

const BUILD_SCRIPT = join(ROOT, 'tools/dist/bench/build-documents.js');
const CACHE_VERSION = 'v1';

export async function prepareDocumentsPortal(options: Options): Promise<DocumentsPortal> {
  const documents = options.quick ? 20_000 : 200_000;
  const { dataDir, build, cached } = await documentsDataDir(documents, options);
  // The data dir holds the demo users already: no seeding, no demo documents.
  // Demo mode on: without the seed the portal refuses the demo users' passwords, and the render item signs in as client1.
  const portal = await startPortal({ dataDir, env: { PORTAL_SEED: '0', PORTAL_SEED_DOCUMENTS: '0', PORTAL_DEMO: '1' }, timeoutMs: 300_000 });
  return { dataDir, documents, build, cached, portal };
}

/**
 * A data dir with the demo companies and users and `documents` generated documents (cached under
 * bench-results/cache, built once): start a portal on it with PORTAL_SEED=0 and PORTAL_SEED_DOCUMENTS=0.
 */
export async function documentsDataDir(documents: number, options: Options): Promise<{ dataDir: string; build: BuildReport; cached: boolean }> {
  const cacheRoot = join(ROOT, 'bench-results', 'cache');
  mkdirSync(cacheRoot, { recursive: true });
  const dataDir = join(cacheRoot, `documents-${documents}-${CACHE_VERSION}`);
  const readyFile = join(dataDir, 'bench-build.json');
  let cached = true;
  if (!existsSync(readyFile)) {
    cached = false;
    const building = `${dataDir}.building`;
    rmSync(building, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
    mkdirSync(building, { recursive: true });
    const t0 = performance.now();
    options.log(`documents: seeding demo companies and users (no demo documents) in ${building}`);
    const seed = await startPortal({ dataDir: building, env: { PORTAL_SEED_DOCUMENTS: '0' }, timeoutMs: 120_000 });
    await seed.stop('SIGTERM');
    const seedSeconds = (performance.now() - t0) / 1000;
    options.log(`documents: generating ${documents} documents and replaying every read model (child process)`);
    const run = await runNode(BUILD_SCRIPT, [building, String(documents)], process.env, 30 * 60_000);
    const line = run.output.split('\n').find((l) => l.startsWith('BUILD '));
    if (run.code !== 0 || !line) throw new Error(`build-documents failed (${String(run.code)}):\n${run.output}`);
    const report = {
      ...(JSON.parse(line.slice(6)) as Omit<BuildReport, 'seedSeconds' | 'totalSeconds' | 'at'>),
      seedSeconds: +seedSeconds.toFixed(1),
      totalSeconds: +((performance.now() - t0) / 1000).toFixed(1),
      at: new Date().toISOString(),
    };
    writeFileSync(join(building, 'bench-build.json'), `${JSON.stringify(report, null, 2)}\n`);
    renameSync(building, dataDir);
    options.log(
      `documents: built in ${report.totalSeconds} s (seed ${report.seedSeconds} s, generation ${report.generateSeconds} s, replay of ${report.replayedEvents} events ${report.replaySeconds} s, peak RSS ${report.replayPeakRssMiB} MiB); read models ${report.readModelsMiB} MiB`,
    );
  } else {
    options.log(`documents: reusing the cached data dir ${dataDir}`);
  }
  return { dataDir, build: JSON.parse(readFileSync(readyFile, 'utf8')) as BuildReport, cached };
}

async function signedIn(portal: PortalProc, username: string): Promise<Socket> {
  const socket = rawSocket(portal.url);
  await connected(socket);
  await authenticateRaw(socket, await portal.token(username));
  return socket;
}

interface QueryCase {
  name: string;
  query: Record<string, unknown>;
}

function cases(rareWord: string): QueryCase[] {
  const list = (skip: number, filters: Record<string, unknown> = {}) => ({
    tab: 'ER_U',
    client_no: 1001,
    ...filters,
    $sort: { uploaded_at: -1 },
    $limit: 50,
    $skip: skip,
  });
  return [
    { name: 'list ER_U, page 1 ($skip 0)', query: list(0) },
    { name: 'list ER_U, $skip 500', query: list(500) },
    { name: 'list ER_U, $skip 5000', query: list(5000) },
    { name: 'list ER_U, confirmed false + invalid false, $skip 0', query: list(0, { confirmed: false, invalid: false }) },
    { name: 'list ER_U, confirmed false + invalid false, $skip 5000', query: list(5000, { confirmed: false, invalid: false }) },
    { name: `search rare word '${rareWord}'`, query: { search: rareWord, client_no: 1001 } },
    { name: "search common word 'Rechnung'", query: { search: 'Rechnung', client_no: 1001 } },
    { name: "search two words 'Rechnung Telekom'", query: { search: 'Rechnung Telekom', client_no: 1001 } },
    { name: "search prefix 'Tele*'", query: { search: 'Tele*', client_no: 1001 } },
  ];
}

export async function benchDocumentQueries(docs: DocumentsPortal, options: Options): Promise<Figure[]> {
  const samples = options.quick ? 60 : 200;
  const figures: Figure[] = [];
  const b = docs.build;
  const dataset = `${b.documents.toLocaleString('en')} generated documents (${Object.values(b.perClient)[0]?.toLocaleString('en')} of client 1001), ${b.documentEvents.toLocaleString('en')} document events, texts ~200-400 words in the blob store; read models ${b.readModelsMiB} MiB`;
  const allCases = cases(b.rareWord);
  for (const username of ['admin', 'client1']) {
    const socket = await signedIn(docs.portal, username);
    try {
      for (const c of allCases) {
        const p50s: number[] = [];
        const p99s: number[] = [];
        let total = -1;
        let errors = 0;
        // one warm-up query (first use of a statement, page cache)
        await call(socket, 'find', ['documents', c.query]);
        for (let r = 0; r < options.runs; r++) {
          const times: number[] = [];
          for (let i = 0; i < samples; i++) {
            const t = performance.now();
            const [error, page] = await call(socket, 'find', ['documents', c.query], 60_000);
            times.push(performance.now() - t);
            if (error) errors++;
            else total = (page as { total: number }).total;
          }
          const sorted = sortNumbers(times);
          p50s.push(percentile(sorted, 50));
          p99s.push(percentile(sorted, 99));
        }
        if (errors) throw new Error(`documents ${c.name} as ${username}: ${errors} errors`);
        options.log(
          `documents ${username} ${c.name}: ${total} hits; p50 ${p50s.map((v) => v.toFixed(1)).join('/')} ms, p99 ${p99s.map((v) => v.toFixed(1)).join('/')} ms`,
        );
        const note = `${samples} sequential queries per run over socket.io; total ${total.toLocaleString('en')}`;
        figures.push({ item: 4, name: `documents ${c.name} p50 (${username})`, unit: 'ms', runs: p50s, dataset, note, extra: { query: c.query, total } });
        figures.push({ item: 4, name: `documents ${c.name} p99 (${username})`, unit: 'ms', runs: p99s, dataset, note, extra: { query: c.query, total } });
      }
    } finally {
      socket.close();
    }
  }
  figures.push({
    item: 4,
    name: 'documents data dir build (seed + generation + replay)',
    unit: 's',
    runs: [b.totalSeconds],
    dataset,
    note: `${docs.cached ? `cached, built ${b.at}` : 'built in this run'}: generation ${b.generateSeconds} s, replay of ${b.replayedEvents.toLocaleString('en')} events ${b.replaySeconds} s (peak RSS ${b.replayPeakRssMiB} MiB)`,
    extra: { build: b },
  });
  figures.push({
    item: 4,
    name: 'documents read-model file size',
    unit: 'MiB',
    runs: [statSync(join(docs.dataDir, 'read-models.sqlite')).size / 1048576],
    dataset,
    note: `events file ${b.eventsMiB} MiB, texts ${b.textMiB} MiB`,
  });
  return figures;
}

// ---------------------------------------------------------------------------------------------
// 7. The documents tab with 10,000+ rows in Chromium (Debian's /usr/bin/chromium via playwright-core).

/** In the page (the bench compiles without the DOM library). */
declare const requestAnimationFrame: (callback: () => void) => number;

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export async function benchDocumentsRender(docs: DocumentsPortal, options: Options): Promise<Figure[]> {
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html')))
    return [{ item: 7, name: 'documents tab render in Chromium', unit: 'ms', runs: [], dataset: '-', pending: 'apps/web/dist missing' }];
  if (!existsSync(CHROMIUM)) return [{ item: 7, name: 'documents tab render in Chromium', unit: 'ms', runs: [], dataset: '-', pending: `${CHROMIUM} missing` }];
  const { chromium } = await import('playwright-core');
  const username = 'client1';
  const clientNo = 1001;
  const targetRow = options.quick ? 2_000 : 10_000;
  const url = docs.portal.url;
  // The id of row `targetRow` in the web's order (Latest: uploaded_at desc, id desc).
  const socket = await signedIn(docs.portal, username);
  const [error, page0] = await call(socket, 'find', [
    'documents',
    { tab: 'Latest', client_no: clientNo, $sort: { uploaded_at: -1, id: -1 }, $skip: targetRow - 1, $limit: 1 },
  ]);
  socket.close();
  if (error) throw new Error(`documents find: ${error.message}`);
  const { total, data } = page0 as { total: number; data: Array<{ id: number; title: string }> };
  const target = data[0];
  if (!target) throw new Error(`client ${clientNo} has only ${total} documents`);
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const version = browser.version();
  const first: number[] = [];
  const deepLink: number[] = [];
  const jump: number[] = [];
  const frameMedian: number[] = [];
  const frameP95: number[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 }, locale: 'de-DE' });
    const page = await context.newPage();
    // Log in through the real login page (the embedded identity provider), once; the runs reuse the session.
    await page.goto(`${url}/documents/${clientNo}?tab=Latest`);
    await page.locator('input[name="username"]').fill(username);
    await page.locator('input[name="password"]').fill(username);
    await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
    await page.getByTestId('page-title').waitFor({ timeout: 60_000 });
    await page.waitForURL((u) => !u.hash.includes('code='), { timeout: 60_000 });
    for (let r = 0; r < options.runs; r++) {
      // A deep link opened in a new tab of the signed-in browser (the stored session, no login page) until the first row shows.
      const tab = await context.newPage();
      const tDeep = Date.now();
      await tab.goto(`${url}/documents/${clientNo}`);
      await tab.locator('a.portal-doc-link').first().waitFor({ timeout: 120_000 });
      deepLink.push(Date.now() - tDeep);
      await tab.close();
      // Time to first rows: a fresh load of the documents tab (app start, socket login, first page of rows).
      const t0 = Date.now();
      await page.goto(`${url}/documents/${clientNo}?tab=Latest`);
      const table = page.getByTestId('documents-table');
      await table.and(page.locator(`[data-total="${total}"]`)).waitFor({ timeout: 120_000 });
      await page.locator('a.portal-doc-link').first().waitFor({ timeout: 120_000 });
      first.push(Date.now() - t0);
      // Jump to row `targetRow` (the table loads pages of 1000 around the visible rows) until its cells show.
      const scroller = page.locator('.bp6-table-quadrant-main .bp6-table-quadrant-scroll-container');
      const t1 = Date.now();
      await scroller.evaluate((el, top) => (el.scrollTop = top), (targetRow - 1) * 30);
      await page.locator(`a.portal-doc-link[data-testid="open-${target.id}"]`).waitFor({ timeout: 120_000 });
      jump.push(Date.now() - t1);
      // Scroll like a mouse wheel (120 px per frame) from there and time the frames, as e2e/documents.e2e.ts does.
      const frames = await scroller.evaluate(async (el) => {
        const times: number[] = [];
        await new Promise<void>((res) => requestAnimationFrame(() => res()));
        let last = performance.now();
        for (let i = 0; i < 120; i++) {
          el.scrollTop += 120;
          await new Promise<void>((res) => requestAnimationFrame(() => res()));
          const now = performance.now();
          times.push(now - last);
          last = now;
        }
        times.sort((a, b) => a - b);
        return { median: times[Math.floor(times.length / 2)]!, p95: times[Math.floor(times.length * 0.95)]! };
      });
      frameMedian.push(frames.median);
      frameP95.push(frames.p95);
      options.log(
        `render run ${r + 1}: deep link to first row ${deepLink[r]} ms, documents tab first rows ${first[r]} ms, row ${targetRow} shown ${jump[r]} ms after the jump, frames median ${frames.median.toFixed(1)} ms, p95 ${frames.p95.toFixed(1)} ms`,
      );
      await sleep(500);
    }
    await context.close();
  } finally {
    await browser.close();
  }
  const dataset = `${username}, /documents/${clientNo}?tab=Latest: ${total.toLocaleString('en')} rows (of ${docs.documents.toLocaleString('en')} documents), Chromium ${version} headless (${CHROMIUM}), viewport 1600x1000`;
  return [
    {
      item: 7,
      name: `deep link /documents/${clientNo} to first row (new tab, stored session)`,
      unit: 'ms',
      runs: deepLink,
      dataset,
      note: 'page.goto in a new tab of the signed-in browser until the first row link shows: app start with the inlined bootstrap, socket login with the stored token, first 100 rows',
    },
    {
      item: 7,
      name: 'documents tab: load to first rows rendered',
      unit: 'ms',
      runs: first,
      dataset,
      note: 'page.goto until data-total is set and a row link shows: app start, socket login, first page of rows (100, the rest on demand)',
    },
    {
      item: 7,
      name: `documents tab: jump to row ${targetRow.toLocaleString('en')} until it shows`,
      unit: 'ms',
      runs: jump,
      dataset,
      note: 'scrollTop set to the row; the table loads the pages of 1000 around it',
    },
    { item: 7, name: 'documents tab: scroll frame median', unit: 'ms', runs: frameMedian, dataset, note: '120 frames of 120 px from that row' },
    { item: 7, name: 'documents tab: scroll frame p95', unit: 'ms', runs: frameP95, dataset },
  ];
}
