import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

/** E2E against the built portal (`npm run build` first; `npm test` does it): embedded adapters, fresh data. */
const PORT = Number(process.env.E2E_PORT ?? 3100);
const DATA_DIR = process.env.E2E_DATA_DIR ?? join(tmpdir(), `portal-e2e-${PORT}`);
/** E2E_BASE_URL points the suite at a portal that is already running (no webServer is started then). */
const EXTERNAL = process.env.E2E_BASE_URL;
export const BASE_URL = EXTERNAL ?? `http://localhost:${PORT}`;
/**
 * Debian's Chromium headless shell (package chromium-headless-shell, the same build as `chromium`) when installed:
 * it renders the same pages with about half the CPU of the full browser's headless mode (13 shell tests: 26 s
 * against 46 s of CPU). CHROMIUM_PATH chooses another browser.
 */
const E2E_BROWSER = ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium'].find((path) => existsSync(path)) ?? '/usr/bin/chromium';
/**
 * The portal's VIES endpoint during the e2e: a loopback port, never the EU's service. Nothing listens there
 * unless a test starts a fake VIES on it (addresses.e2e.ts); then a check answers "check failed" quickly.
 */
export const E2E_VIES_PORT = Number(process.env.E2E_VIES_PORT ?? PORT + 1000);

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.e2e.ts',
  outputDir: 'test-results/artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A test's ceiling, not its pace: a journey takes seconds alone and minutes while the Jest suite shares the 2 cores.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'test-results/html' }]],
  use: {
    baseURL: BASE_URL,
    locale: 'en-US',
    colorScheme: 'light',
    // The browser asks for reduced motion, as some users' systems do: no transitions to wait for, no spinner repainted
    // sixty times a second while a test reads the page.
    reducedMotion: 'reduce',
    viewport: { width: 1280, height: 800 },
    // Recording a trace (DOM snapshots and a screencast) costs CPU in every test; with retries it is recorded on
    // the retry of a failed test only, which is where it is read.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? E2E_BROWSER,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: EXTERNAL
    ? undefined
    : {
        command: `rm -rf "${DATA_DIR}" && node apps/api/dist/main.js`,
        // Few demo documents, so their background OCR leaves the CPU to the browser during the e2e.
        env: {
          PORT: String(PORT),
          PORTAL_DATA_DIR: DATA_DIR,
          PORTAL_SEED_DOCUMENTS: process.env.PORTAL_SEED_DOCUMENTS ?? '4',
          VIES_URL: `http://127.0.0.1:${E2E_VIES_PORT}/taxation_customs/vies/services/checkVatService`,
          VIES_TIMEOUT_MS: '5000',
          // A line per request is thousands of lines through three processes; warnings and errors still show.
          PORTAL_LOG_LEVEL: process.env.PORTAL_LOG_LEVEL ?? 'warn',
        },
        url: `${BASE_URL}/health`,
        reuseExistingServer: false,
        timeout: 180_000,
        stdout: 'pipe',
        stderr: 'pipe',
      },
});
