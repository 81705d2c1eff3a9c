import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { VersionInfo } from '@portal/contracts';

/** Version of the running build: 1.6.6 plus the commit distance written by scripts/build-info.mjs at build time. */
export function readBuildInfo(): VersionInfo {
  const fallback: VersionInfo = { id: 'version', major: 1, minor: 6, patch: 6, distance: 0, build: 'dev' };
  try {
    const raw = JSON.parse(readFileSync(resolve(__dirname, '../../../../build-info.json'), 'utf8')) as Partial<VersionInfo>;
    return { ...fallback, ...raw, id: 'version' };
  } catch {
    return fallback;
  }
}
