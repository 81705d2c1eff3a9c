import { readFileSync } from 'node:fs';
import { localePairs, srcPath } from '../test-support/locale-pairs';
import glossary from './glossary.json';

function leaves(obj: object, prefix = ''): Array<[string, string]> {
  return Object.entries(obj).flatMap(([k, v]): Array<[string, string]> =>
    typeof v === 'object' && v !== null ? leaves(v as object, `${prefix}${k}.`) : [[`${prefix}${k}`, String(v)]],
  );
}

/** One glossary: every de/en pair of the client follows it. */
const pairs = localePairs().map(({ en, de }) => {
  const read = (f: string) => new Map(leaves(JSON.parse(readFileSync(srcPath(f), 'utf8')) as object));
  return { en, de, enTexts: read(en), deTexts: read(de) };
});

const sameInBoth = new Set(glossary.sameInBoth);
/** A text without words to translate: placeholders, codes, numbers, symbols. */
const untranslatable = (text: string) => !/[A-Za-zÄÖÜäöüß]{2,}/.test(text.replace(/\{\{\w+\}\}/g, '').replace(/\b[A-Z][A-Z0-9_]+\b/g, ''));
const avoided = glossary.terms.flatMap((term) => (term.avoidDe ?? []).filter((w) => !w.includes('(')).map((word) => ({ word, use: term.de })));

describe('the glossary (de/en)', () => {
  it.each(pairs.map((p) => [p.en, p.de, p] as const))('%s and %s: no key missing in German', (_en, _de, pair) => {
    const missing = [...pair.enTexts.keys()].filter((k) => !pair.deTexts.has(k));
    expect(missing).toEqual([]);
  });

  it.each(pairs.map((p) => [p.en, p.de, p] as const))('%s and %s: no text left in English in German', (_en, _de, pair) => {
    const same = [...pair.enTexts]
      .filter(([k, en]) => pair.deTexts.get(k) === en && !sameInBoth.has(en) && !untranslatable(en))
      .map(([k, en]) => `${k}: ${en}`);
    expect(same).toEqual([]);
  });

  it.each(pairs.map((p) => [p.de, p] as const))('%s uses the glossary words', (_de, pair) => {
    const wrong = [...pair.deTexts].flatMap(([k, text]) =>
      avoided.filter(({ word }) => new RegExp(`(^|[^\\p{L}])${word}([^\\p{L}]|$)`, 'u').test(text)).map(({ word, use }) => `${k}: "${word}" → ${use}`),
    );
    expect(wrong).toEqual([]);
  });
});
