import { BadRequest } from '@portal/contracts';
import { tokenize } from './tokenize';
import { prefixForms, queryForms } from './word-forms';

export const MAX_SEARCH_TERMS = 32;
/** Shorter prefixes would expand to a large part of the vocabulary; they are matched as whole words. */
export const MIN_PREFIX_LENGTH = 2;

/**
 * One query word. It matches a document token that has one of its forms (or, for a prefix, a form
 * starting with one of them). A compound (RE-2026-00123) also matches when all its parts match.
 */
export interface SearchTerm {
  forms: string[];
  prefix: boolean;
  parts: SearchTerm[];
}

const WORD_WITH_STAR = /[\p{L}\p{N}\p{M}]+(?:[-/._][\p{L}\p{N}\p{M}]+)*\*?/gu;

/** The terms of a search text; all of them must match (AND). Duplicates are dropped. */
export function parseSearchText(text: string): SearchTerm[] {
  const terms = new Map<string, SearchTerm>();
  for (const match of text.matchAll(WORD_WITH_STAR)) {
    const star = match[0].endsWith('*');
    const word = star ? match[0].slice(0, -1) : match[0];
    const tokens = tokenize(word);
    const parts = tokens.filter((token) => !token.joined);
    const whole = tokens.find((token) => token.joined) ?? parts[0];
    if (!whole) continue;
    const term: SearchTerm = {
      ...leaf(whole.text, star),
      parts: parts.length > 1 ? parts.map((part, index) => ({ ...leaf(part.text, star && index === parts.length - 1), parts: [] })) : [],
    };
    terms.set(termKey(term), term);
  }
  if (terms.size > MAX_SEARCH_TERMS) throw BadRequest(`A search may have at most ${MAX_SEARCH_TERMS} words`);
  return [...terms.values()];
}

function leaf(word: string, star: boolean): Omit<SearchTerm, 'parts'> {
  const prefixes = prefixForms(word);
  const prefix = star && prefixes.every((form) => [...form].length >= MIN_PREFIX_LENGTH);
  return prefix ? { forms: prefixes, prefix } : { forms: queryForms(word), prefix };
}

function termKey(term: SearchTerm): string {
  return JSON.stringify([term.forms, term.prefix, term.parts.map(termKey)]);
}

/** Whether a document token with these index forms matches the term itself (not via its parts). */
export function formsMatch(term: Pick<SearchTerm, 'forms' | 'prefix'>, tokenForms: readonly string[]): boolean {
  return term.prefix ? tokenForms.some((form) => term.forms.some((prefix) => form.startsWith(prefix))) : tokenForms.some((form) => term.forms.includes(form));
}

/** The term and its parts: everything a token may match to be highlighted. */
export function leaves(term: SearchTerm): SearchTerm[] {
  return [term, ...term.parts];
}
