import { outsideFixtures, outsideFixturesMissing } from '../outside-fixtures';

/**
 * `describe` over e-invoices made by others when they are there; otherwise a skipped block whose title says which
 * folder is absent and which variable points at it, so a clone without `../shared` still passes.
 */
export function describeWithFixtures(sub: string, title: string, body: (dir: string) => void): void {
  const dir = outsideFixtures(sub);
  if (dir) describe(title, () => body(dir));
  else describe.skip(`${title} (${outsideFixturesMissing(sub)})`, () => it('needs the outside fixtures', () => undefined));
}
