import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));
const pkg = JSON.parse(readFileSync(here('./package.json'), 'utf8')) as { version: string };

function build(): string {
  try {
    return execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return 'dev';
  }
}

const apiTarget = process.env.PORTAL_API_URL ?? 'http://localhost:3030';

/** libs/contracts/src/iban-tools.ts requires ibantools' CommonJS build (for the server); the web takes the ES module build. */
const ibantoolsAsModule = {
  name: 'contracts-ibantools-esm',
  enforce: 'pre' as const,
  resolveId(source: string, importer: string | undefined) {
    return source === './iban-tools' && importer?.includes('/libs/contracts/src/') ? here('./src/api/ibantools-esm.ts') : null;
  },
};

export default defineConfig({
  plugins: [ibantoolsAsModule, react()],
  resolve: {
    alias: { '@portal/contracts': here('../../libs/contracts/src/index.ts') },
  },
  define: {
    __APP_VERSION__: JSON.stringify(pkg.version),
    __APP_BUILD__: JSON.stringify(process.env.PORTAL_BUILD ?? build()),
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    chunkSizeWarningLimit: 1200,
  },
  server: {
    proxy: {
      '/api': apiTarget,
      '/oidc': apiTarget,
      '/health': apiTarget,
      '/socket.io': { target: apiTarget, ws: true },
    },
  },
});
