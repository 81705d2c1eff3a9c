import type { CollectionSpec, Doc, SearchSnippet } from '../read-store.port';
import { fullTextValue } from './document-text';
import { formsMatch, leaves, type SearchTerm } from './search-terms';
import { tokenize } from './tokenize';
import { indexForms } from './word-forms';

export const SNIPPET_LENGTH = 160;
/** How much text before the first match the window shows. */
const LEAD = 50;

/**
 * A plain-text window of the first full-text field (in spec order) that contains a match, with the
 * ranges of every matched token inside the window (start inclusive, end exclusive, sorted, merged).
 */
export function buildSnippet(doc: Doc, spec: CollectionSpec, terms: readonly SearchTerm[]): SearchSnippet | null {
  const matchers = terms.flatMap(leaves);
  for (const field of spec.fullText ?? []) {
    const text = fullTextValue(doc, field);
    if (text === '') continue;
    const matches = tokenize(text)
      .filter((token) => {
        const forms = indexForms(token.text);
        return matchers.some((term) => formsMatch(term, forms));
      })
      .map((token): [number, number] => [token.start, token.end]);
    if (matches.length === 0) continue;
    const [start, end] = window(text, matches[0]![0], matches[0]![1]);
    const highlights = merge(matches.filter(([from, to]) => from >= start && to <= end)).map(([from, to]): [number, number] => [from - start, to - start]);
    return { field, text: text.slice(start, end), highlights };
  }
  return null;
}

/**
 * About SNIPPET_LENGTH characters starting a little before the first match [at, atEnd), which is
 * always shown whole; the edges move to whitespace where one is near.
 */
function window(text: string, at: number, atEnd: number): [number, number] {
  if (text.length <= SNIPPET_LENGTH) return [0, text.length];
  let start = Math.max(0, Math.min(at - LEAD, text.length - SNIPPET_LENGTH));
  if (start > 0) {
    const space = text.slice(0, start + 1).search(/\s\S*$/);
    start = space >= 0 && start - space < 20 ? space + 1 : start;
  }
  let end = Math.min(text.length, Math.max(start + SNIPPET_LENGTH, atEnd));
  if (end < text.length) {
    const next = text.slice(end, end + 20).search(/\s/);
    if (next >= 0) end += next;
  }
  // Never cut a surrogate pair in half.
  if (start > 0 && isLowSurrogate(text.charCodeAt(start))) start--;
  if (end < text.length && isLowSurrogate(text.charCodeAt(end))) end++;
  return [start, end];
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

function merge(ranges: Array<[number, number]>): Array<[number, number]> {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Array<[number, number]> = [];
  for (const range of sorted) {
    const last = merged[merged.length - 1];
    if (last && range[0] < last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([range[0], range[1]]);
  }
  return merged;
}
