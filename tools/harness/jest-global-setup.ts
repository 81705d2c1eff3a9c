import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** One folder per Jest run for the seeded data dirs integration specs start from (removed by the teardown). */
export default function globalSetup(): void {
  process.env.PORTAL_TEST_TEMPLATES = mkdtempSync(join(tmpdir(), 'portal-templates-'));
}
