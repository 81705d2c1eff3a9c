import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './proc';

/** The variable that points at e-invoices made by others (never committed to this repository). */
export const EINVOICE_FIXTURES_VARIABLE = 'EINVOICE_FIXTURES';

/** `$EINVOICE_FIXTURES`, else `../shared/fixtures/e-invoices` beside the repository. */
export function outsideFixturesDir(): string {
  return process.env[EINVOICE_FIXTURES_VARIABLE] ?? path.join(ROOT, '../shared/fixtures/e-invoices');
}

/** The folder of one kind of outside fixtures (`xrechnung`, `zugferd`, `corpus`), or undefined when it is absent. */
export function outsideFixtures(sub: string): string | undefined {
  const dir = path.join(outsideFixturesDir(), sub);
  return existsSync(dir) ? dir : undefined;
}

/** Why a test or bench item that needs them did not run. */
export function outsideFixturesMissing(sub: string): string {
  return `skipped: ${path.join(outsideFixturesDir(), sub)} is absent; set ${EINVOICE_FIXTURES_VARIABLE} to the folder of the shared e-invoice fixtures`;
}

/**
 * `describe` over e-invoices made by others when they are there; otherwise a skipped block whose title says which
 * folder is absent and which variable points at it, so a clone without `../shared` still passes.
 */
export function describeWithFixtures(sub: string, title: string, body: (dir: string) => void): void {
  const dir = outsideFixtures(sub);
  if (dir) describe(title, () => body(dir));
  else describe.skip(`${title} (${outsideFixturesMissing(sub)})`, () => it('needs the outside fixtures', () => undefined));
}
