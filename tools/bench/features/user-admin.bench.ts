import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { IdpBulkEditResult, Permission } from '@portal/contracts';
import { CommandRuntime } from '@portal/commands';
import { userDecider, usernameDecider, usernameStreamId, userStreamId } from '@portal/domain';
import { SqliteEventStore } from '@portal/event-store';
import type { FeatureBenchItem } from '../feature-items';
import type { Figure, Options } from '../items';
import { authenticateRaw, call, connected, rawSocket } from '../../harness/clients';
import { ROOT, sleep, startPortal, type PortalProc } from '../../harness/proc';

const USERS = 5000;
const BULK = 1000;
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
/** In the page (the bench compiles without the DOM library). */
declare const document: {
  querySelector(selector: string): { getAttribute(name: string): string | null; scrollTop: number; scrollHeight: number } | null;
  querySelectorAll(selector: string): { length: number };
};

/** 5,000 office users appended to a stopped portal's event log (no passwords: listed, never signed in). */
async function appendUsers(dataDir: string): Promise<void> {
  const events = new SqliteEventStore(join(dataDir, 'events.sqlite'), { synchronous: 'NORMAL' });
  const runtime = new CommandRuntime(events);
  const codes: Permission[][] = [['doc', 'lar'], ['app', 'doc', 'lar'], ['doc', 'rep'], ['doc']];
  try {
    for (let i = 0; i < USERS; i++) {
      const username = `bench.${String(i).padStart(5, '0')}`;
      const userId = `bench-user-${i}`;
      const context = { userId: 'system', clientNo: null };
      await runtime.execute(usernameDecider, usernameStreamId(username), { type: 'ClaimUsername', userId }, context);
      const profile = {
        username,
        firstName: `Vorname${i}`,
        lastName: `Nachname${i % 997}`,
        email: `${username}@huber-partner.example`,
        locale: 'de' as const,
        permissions: codes[i % codes.length]!,
        klienten: [1001 + (i % 6)],
        all_clients: false,
        telNr: '',
      };
      await runtime.execute(userDecider, userStreamId(userId), { type: 'RegisterUser', userId, profile }, context);
    }
  } finally {
    await events.close();
  }
}

/** The user table in Chromium: from opening /user-admin until the first rows show, and until the next page after scrolling to the end. */
async function table(portal: PortalProc, options: Options): Promise<Figure[]> {
  const name = 'user manager: table of 5,000 users in Chromium, first rows visible';
  const scrollName = 'user manager: next page of 200 after scrolling to the end';
  if (!existsSync(join(ROOT, 'apps/web/dist/index.html')) || !existsSync(CHROMIUM)) {
    return [name, scrollName].map((n) => ({ item: 14, name: n, unit: 'ms', runs: [], dataset: '-', pending: 'apps/web/dist or Chromium missing' }));
  }
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  const firstRows: number[] = [];
  const nextPage: number[] = [];
  let drawn = 0;
  try {
    for (let r = 0; r < options.runs; r++) {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      const page = await context.newPage();
      await page.goto(`${portal.url}/`);
      await page.locator('input[name="username"]').fill('admin');
      await page.locator('input[name="password"]').fill('admin');
      await page.getByRole('button', { name: /^(Sign in|Anmelden)$/ }).click();
      await page.getByTestId('page-title').waitFor({ timeout: 120_000 });
      const t0 = Date.now();
      await page.goto(`${portal.url}/user-admin`);
      await page.locator('[data-testid^="user-row-"]').first().waitFor({ timeout: 120_000 });
      firstRows.push(Date.now() - t0);
      drawn = await page.evaluate(() => document.querySelectorAll('[data-testid^="user-row-"]').length);
      const t1 = Date.now();
      await page.evaluate(() => {
        const box = document.querySelector('[data-testid="user-table"]')!;
        box.scrollTop = box.scrollHeight;
      });
      await page.waitForFunction(() => Number(document.querySelector('[data-testid="user-table"]')?.getAttribute('data-rows')) > 200, undefined, {
        timeout: 60_000,
        polling: 20,
      });
      nextPage.push(Date.now() - t1);
      options.log(`user table run ${r + 1}: first rows ${firstRows[r]} ms (${drawn} rows drawn), next page ${nextPage[r]} ms`);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const dataset = `${USERS + 10} users (5,000 generated + demo), admin (kca), Chromium headless, viewport 1600x1000, fresh context per run`;
  return [
    {
      item: 14,
      name,
      unit: 'ms',
      runs: firstRows,
      dataset,
      note: `page.goto /user-admin until the first row shows (app start, socket login, idp-users find of 200, ${drawn} rows drawn by the virtual table)`,
    },
    { item: 14, name: scrollName, unit: 'ms', runs: nextPage, dataset, note: 'scrolling the table to its end until rows 201-400 are loaded ($skip 200)' },
  ];
}

/** Bulk edit: one permission added to 1,000 users (preview, then applied user by user). */
async function bulkEdit(portal: PortalProc, options: Options): Promise<Figure[]> {
  const socket = rawSocket(portal.url);
  const previewMs: number[] = [];
  const applyMs: number[] = [];
  try {
    await connected(socket);
    await authenticateRaw(socket, await portal.token('admin'));
    const userIds = Array.from({ length: BULK }, (_, i) => `bench-user-${i}`);
    for (let r = 0; r < options.runs; r++) {
      const edit = r % 2 === 0 ? { addPermissions: ['ove'], removePermissions: [] } : { addPermissions: [], removePermissions: ['ove'] };
      const t0 = performance.now();
      const [previewError, preview] = await call(
        socket,
        'create',
        ['idp-user-bulk', { userIds, ...edit, addClients: [], removeClients: [], preview: true }, {}],
        600_000,
      );
      if (previewError) throw new Error(`preview: ${previewError.message}`);
      previewMs.push(performance.now() - t0);
      if ((preview as IdpBulkEditResult).rows.filter((row) => row.outcome === 'changed').length !== BULK)
        throw new Error('the preview does not change every user');
      const t1 = performance.now();
      const [error, result] = await call(
        socket,
        'create',
        ['idp-user-bulk', { userIds, ...edit, addClients: [], removeClients: [], preview: false }, {}],
        600_000,
      );
      if (error) throw new Error(`bulk edit: ${error.message}`);
      applyMs.push(performance.now() - t1);
      if ((result as IdpBulkEditResult).applied !== BULK) throw new Error(`applied to ${(result as IdpBulkEditResult).applied} of ${BULK} users`);
      options.log(`bulk edit run ${r + 1}: preview ${previewMs[r]!.toFixed(0)} ms, apply ${applyMs[r]!.toFixed(0)} ms`);
    }
  } finally {
    socket.close();
  }
  const dataset = `${BULK} of ${USERS + 10} users, one permission code added (odd runs: removed), admin (kca), embedded provider, one Feathers peer`;
  return [
    {
      item: 14,
      name: 'user manager: bulk edit preview for 1,000 users',
      unit: 'ms',
      runs: previewMs,
      dataset,
      note: 'idp-user-bulk create with preview: true (the kca/adm rules per user, nothing changes)',
    },
    {
      item: 14,
      name: 'user manager: bulk edit of 1,000 users applied',
      unit: 'ms',
      runs: applyMs,
      dataset,
      note: 'idp-user-bulk create with preview: false: 1,000 ChangeUserAccess commands, each answered once the read model has it',
    },
  ];
}

async function waitForUsers(portal: PortalProc): Promise<void> {
  const socket = rawSocket(portal.url);
  try {
    await connected(socket);
    await authenticateRaw(socket, await portal.token('admin'));
    for (let i = 0; i < 600; i++) {
      const [, page] = await call(socket, 'find', ['idp-users', { $search: 'bench', $limit: 1 }]);
      if ((page as { total: number } | null)?.total === USERS) return;
      await sleep(500);
    }
    throw new Error('the generated users did not reach the read model');
  } finally {
    socket.close();
  }
}

export const userAdminBenchItem: FeatureBenchItem = {
  name: 'user-admin',
  async run(options) {
    const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-users-'));
    try {
      // A first start seeds the demo (companies, admin); the generated users are appended while it is stopped.
      await (await startPortal({ dataDir, env: { PORTAL_SEED_DOCUMENTS: '0' }, timeoutMs: 300_000 })).stop('SIGTERM');
      await appendUsers(dataDir);
      const portal = await startPortal({ dataDir, env: { PORTAL_SEED_DOCUMENTS: '0' }, timeoutMs: 300_000 });
      try {
        await waitForUsers(portal);
        return [...(await table(portal, options)), ...(await bulkEdit(portal, options))];
      } finally {
        await portal.stop('SIGTERM');
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  },
};
