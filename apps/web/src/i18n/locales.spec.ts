import { readFileSync } from 'node:fs';
import { localePairs, srcPath } from '../test-support/locale-pairs';

function keys(obj: object, prefix = ''): string[] {
  return Object.entries(obj).flatMap(([k, v]) => (typeof v === 'object' && v !== null ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));
}

const pairs = localePairs().map(({ en, de }) => [en, de] as const);

describe('every locale file pair', () => {
  it('finds the shared texts and every feature’s texts', () => {
    expect(pairs.map(([en]) => en)).toEqual(
      expect.arrayContaining(['i18n/locales/en.json', 'features/accounting/accounting.en.json', 'components/lineage/lineage.en.json']),
    );
    expect(pairs.length).toBeGreaterThanOrEqual(20);
  });

  it.each(pairs)('%s and %s have the same keys', (en, de) => {
    const read = (f: string) => JSON.parse(readFileSync(srcPath(f), 'utf8')) as object;
    expect(keys(read(de)).sort()).toEqual(keys(read(en)).sort());
  });
});
