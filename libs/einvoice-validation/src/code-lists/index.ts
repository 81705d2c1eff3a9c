import { CODE_LISTS, CODE_LISTS_SOURCE, type CodeList } from './generated';
import { normalizeSpace } from '../xml/space';

export { CODE_LISTS, CODE_LISTS_SOURCE, type CodeList };
export type CodeListKey = keyof typeof CODE_LISTS;

const sets = new Map<string, ReadonlySet<string>>();

/** The codes of a list as a set (built once). */
export function codeSet(key: CodeListKey): ReadonlySet<string> {
  let set = sets.get(key);
  if (!set) {
    set = new Set<string>(CODE_LISTS[key].codes);
    sets.set(key, set);
  }
  return set;
}

/**
 * The CII binding of the rules still checks countries against the earlier ISO 3166-1 list (with the withdrawn
 * AN, without SS); the UBL binding uses the current one.
 */
export function countryCodes(syntax: 'UBL' | 'CII'): ReadonlySet<string> {
  if (syntax === 'UBL') return codeSet('ISO3166');
  let set = sets.get('ISO3166-CII');
  if (!set) {
    set = new Set([...codeSet('ISO3166')].filter((c) => c !== 'SS').concat('AN'));
    sets.set('ISO3166-CII', set);
  }
  return set;
}

/** Text subject codes the UBL binding accepts in a `#CODE#` note prefix: UNTDID 4451 without its latest additions. */
const UBL_SUBJECT_EXCLUDED = new Set('BAT BAU BAV BAW BAX BAY BAZ BBA BBB BMF BMG BMH CCJ CCK CCL CCM CCN CCO'.split(' '));
export function subjectCodes(syntax: 'UBL' | 'CII'): ReadonlySet<string> {
  if (syntax === 'CII') return codeSet('UNCL4451');
  let set = sets.get('UNCL4451-UBL');
  if (!set) {
    set = new Set([...codeSet('UNCL4451')].filter((c) => !UBL_SUBJECT_EXCLUDED.has(c)));
    sets.set('UNCL4451-UBL', set);
  }
  return set;
}

/** Membership as the rules test it: the whitespace-normalised value, which must not contain a space. */
export function inList(set: ReadonlySet<string>, value: string | undefined): boolean {
  if (value === undefined) return false;
  const v = normalizeSpace(value);
  return !v.includes(' ') && set.has(v);
}
