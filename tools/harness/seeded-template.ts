import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Settings that change what a first start writes into a data dir. A start whose settings leave them at the demo
 * defaults, with no or one demo document per company, may begin from a copy of a data dir seeded that way.
 */
const SEEDING = /^(NODE_ENV|PORTAL_DEMO|PORTAL_SEED|OIDC_|ESDB_|EVENTSTORE_|MONGO|KAFKA|KEYCLOAK)/;
const TEMPLATE_DOCUMENTS = ['0', '1'];

/** The demo documents per company of the template a start with `env` may begin from, or null when none fits. */
export function templateDocuments(env: NodeJS.ProcessEnv): string | null {
  const documents = env.PORTAL_SEED_DOCUMENTS ?? '';
  const otherwiseDemo = Object.keys(env).every((key) => key === 'PORTAL_SEED_DOCUMENTS' || !SEEDING.test(key));
  return TEMPLATE_DOCUMENTS.includes(documents) && otherwiseDemo ? documents : null;
}

/**
 * A seeded data dir to copy, made once per test run and kind (PORTAL_TEST_TEMPLATES, set by the Jest global setup): a
 * first start seeds the demo data by commands and reads its demo documents, which takes several times as long as
 * starting on a seeded dir. `seed` starts a portal on the given dir with that many demo documents per company and
 * stops it once they are read (each harness with its own start). One worker seeds while the others wait for it.
 */
export async function seededTemplate(env: NodeJS.ProcessEnv, seed: (dataDir: string, documents: string) => Promise<void>): Promise<string | null> {
  const root = process.env.PORTAL_TEST_TEMPLATES;
  const documents = templateDocuments(env);
  if (!root || documents === null) return null;
  const template = join(root, `seeded-with-${documents}-documents`);
  const making = `${template}.making`;
  for (;;) {
    if (existsSync(template)) return template;
    try {
      mkdirSync(making);
      break;
    } catch {
      // Another worker is seeding it.
      await new Promise((r) => setTimeout(r, 500));
    }
  }
  try {
    await seed(making, documents);
    renameSync(making, template);
  } catch (error) {
    rmSync(making, { recursive: true, force: true });
    throw error;
  }
  return template;
}
