import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const WEB = join(__dirname, '..');

describe('the initial JavaScript of the web client', () => {
  it('stays within 250 KiB gzip (entry script and its modulepreloads; npm test builds the client first)', () => {
    if (!existsSync(join(WEB, 'dist/index.html'))) throw new Error('apps/web/dist is missing: run `npm run build:web` first (npm test does).');
    const report = execFileSync(process.execPath, [join(WEB, 'scripts/initial-size.mjs')], { encoding: 'utf8' });
    const total = Number(/([\d.]+) KiB {2}initial JS/.exec(report)?.[1]);
    expect(total).toBeGreaterThan(50);
    expect(total).toBeLessThanOrEqual(250);
  });
});
