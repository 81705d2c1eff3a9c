import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const FEATURES = __dirname;
const folders = readdirSync(FEATURES, { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);
const factoryOf = (folder: string) => `${folder.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())}Feature`;

describe('the features of the api', () => {
  it('are found as the folders under features/ (so the checks below cannot pass on none)', () => {
    expect(folders.length).toBeGreaterThan(20);
  });

  it.each(folders)('%s exports one <folder>.feature.ts with its <name>Feature factory', (folder) => {
    const file = join(FEATURES, folder, `${folder}.feature.ts`);
    expect(existsSync(file)).toBe(true);
    expect(readFileSync(file, 'utf8')).toMatch(new RegExp(`export (async )?function ${factoryOf(folder)}\\(deps: FeatureDeps`));
  });

  it.each(folders)("%s is in the portal's list of features", (folder) => {
    const portal = readFileSync(join(FEATURES, '..', 'portal.ts'), 'utf8');
    expect(portal).toContain(`import { ${factoryOf(folder)} } from './features/${folder}/${folder}.feature';`);
    expect(portal).toMatch(new RegExp(`\\b${factoryOf(folder)}\\(deps`));
  });
});
