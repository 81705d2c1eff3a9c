import { execFileSync } from 'node:child_process';
import { join } from 'node:path';

// Libraries that only some requests need: loaded by their first use, so that no start of the api pays for them.
const LOADED_ON_FIRST_USE = ['pdfkit', '@simplewebauthn/server', 'mailparser', 'smtp-server', '@cantoo/pdf-lib'];

/** The packages the built api's module graph holds once loaded, in a process of its own (as a start loads it). */
function packagesLoadedByTheApi(): string[] {
  const script = `require('reflect-metadata');
require(${JSON.stringify(join(__dirname, '../dist/portal.js'))});
const names = Object.keys(require.cache).map((file) => (/node_modules\\/((@[^/]+\\/)?[^/]+)/.exec(file) || [])[1]).filter(Boolean);
process.stdout.write(JSON.stringify([...new Set(names)]));`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: join(__dirname, '..'), encoding: 'utf8' })) as string[];
}

describe('the api at start', () => {
  it('loads no library that only a later request needs (report PDFs, security keys, the mail intake, the editor’s PDF library)', () => {
    const loaded = packagesLoadedByTheApi();
    expect(loaded).toEqual(expect.arrayContaining(['@nestjs/core', 'socket.io', 'better-sqlite3']));
    expect(LOADED_ON_FIRST_USE.filter((name) => loaded.includes(name))).toEqual([]);
  });
});
