import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const folder = join(__dirname, 'locales');

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

const pairs = readdirSync(folder)
  .filter((f) => f.endsWith('en.json'))
  .map((en) => [en, en.replace(/en\.json$/, 'de.json')] as const);

describe('every locale file pair', () => {
  it.each(pairs)('%s and %s have the same keys', (en, de) => {
    const read = (f: string) => JSON.parse(readFileSync(join(folder, f), 'utf8')) as object;
    expect(keys(read(de)).sort()).toEqual(keys(read(en)).sort());
  });
});
