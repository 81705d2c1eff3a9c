import { existsSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Settings that change what a first start writes into a data dir. A start whose settings leave them at the demo
 * defaults without demo documents (nothing queued for OCR at its end) may begin from a copy of a seeded data dir.
 */
const SEEDING = /^(NODE_ENV|PORTAL_DEMO|PORTAL_SEED|OIDC_|ESDB_|EVENTSTORE_|MONGO|KAFKA|KEYCLOAK)/;

export function seedsLikeTheTemplate(env: NodeJS.ProcessEnv): boolean {
  return env.PORTAL_SEED_DOCUMENTS === '0' && Object.keys(env).every((key) => key === 'PORTAL_SEED_DOCUMENTS' || !SEEDING.test(key));
}

/**
 * A seeded data dir to copy, made once per test run (PORTAL_TEST_TEMPLATES, set by the Jest global setup): a first
 * start seeds the demo data by commands, which takes several times as long as starting on a seeded dir. `seed`
 * starts and stops a portal on the given dir with PORTAL_SEED_DOCUMENTS=0 (each harness with its own start).
 */
export async function seededTemplate(env: NodeJS.ProcessEnv, seed: (dataDir: string) => Promise<void>): Promise<string | null> {
  const root = process.env.PORTAL_TEST_TEMPLATES;
  if (!root || !seedsLikeTheTemplate(env)) return null;
  const template = join(root, 'seeded-without-documents');
  if (existsSync(template)) return template;
  const making = mkdtempSync(join(root, 'making-'));
  try {
    await seed(making);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    throw error;
  }
  try {
    renameSync(making, template);
  } catch {
    // Another worker made it first.
    rmSync(making, { recursive: true, force: true });
  }
  return template;
}
