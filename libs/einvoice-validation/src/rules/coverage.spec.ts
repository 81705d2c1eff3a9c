import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { EN16931_RULES, XRECHNUNG_RULES } from '../validate';

/** Rules the official bindings can never fail in a syntax; their specs assert that they do not fire. */
const CANNOT_FAIL = new Set([
  'BR-DEC-13 UBL',
  'BR-DEC-15 UBL',
  'BR-AF-08 CII',
  'BR-AF-09 CII',
  'BR-AG-08 CII',
  'BR-AG-09 CII',
  ...['BR-CO-05', 'BR-CO-06', 'BR-CO-07', 'BR-CO-08'].flatMap((id) => [`${id} UBL`, `${id} CII`]),
  'CII-DT-010 CII',
  'CII-DT-011 CII',
  'CII-DT-012 CII',
]);

function specText(): string {
  return readdirSync(__dirname)
    .filter((f) => f.endsWith('.spec.ts') && f !== 'coverage.spec.ts')
    .map((f) => readFileSync(path.join(__dirname, f), 'utf8'))
    .join('\n');
}

describe('every rule has its specs', () => {
  const text = specText();
  const rules = [...EN16931_RULES, ...XRECHNUNG_RULES];
  const expected = rules.flatMap((r) => [...(r.ubl ? [`${r.id} UBL`] : []), ...(r.cii ? [`${r.id} CII`] : [])]).filter((k) => !CANNOT_FAIL.has(k));

  it.each(expected)('%s has a firing and a passing case', (key) => {
    const [id] = key.split(' ');
    // Cases are written either literally or generated from a family table (VAT categories, repeated syntax rules).
    const literal = text.includes(`'${id}'`);
    const generated =
      /^BR-(S|Z|E|AE|IC|G|O|AF|AG)-(0[1-9]|10)$/.test(id!) ||
      /^CII-(SR-4(7[7-9]|8\d|9[0-4])|DT-0(0[1-7]|1[5-9]|2\d|30|3[4-6]|6[89]|7\d|8\d|9[0-6])|DT-10[1-4])$/.test(id!);
    expect(literal || generated).toBe(true);
  });

  it('has a rule for every identifier only once per syntax', () => {
    expect(new Set(expected).size).toBe(expected.length);
  });
});
