import { indexForms } from './word-forms';

/** A word, or the joined form of a compound like RE-2026-00123, with its place in the original text. */
export interface Token {
  start: number;
  end: number;
  text: string;
  /** True for the joined form of a compound (its parts are tokens of their own). */
  joined: boolean;
}

/** Letters, digits and combining marks; parts joined by single - / . _ form a compound. */
const COMPOUND = /[\p{L}\p{N}\p{M}]+(?:[-/._][\p{L}\p{N}\p{M}]+)*/gu;
const PART = /[\p{L}\p{N}\p{M}]+/gu;

/** Words in text order; after the parts of a compound comes its joined token. */
export function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  for (const compound of text.matchAll(COMPOUND)) {
    const start = compound.index;
    const parts = [...compound[0].matchAll(PART)];
    for (const part of parts) {
      tokens.push({ start: start + part.index, end: start + part.index + part[0].length, text: part[0], joined: false });
    }
    if (parts.length > 1) {
      tokens.push({ start, end: start + compound[0].length, text: parts.map((part) => part[0]).join(''), joined: true });
    }
  }
  return tokens;
}

const SEPARATOR = /[-/._]/;

/**
 * The indexed stream of a text: per token its distinct forms, in text order (term frequency is kept). The tokens
 * of `tokenize` without their offsets: indexing runs per record written, the offsets serve snippets only.
 */
export function indexStream(text: string): string[] {
  const stream: string[] = [];
  const add = (word: string) => {
    for (const form of indexForms(word)) stream.push(form);
  };
  for (const compound of text.matchAll(COMPOUND)) {
    const word = compound[0];
    if (!SEPARATOR.test(word)) {
      add(word);
      continue;
    }
    let joined = '';
    let parts = 0;
    for (const part of word.matchAll(PART)) {
      add(part[0]);
      joined += part[0];
      parts++;
    }
    if (parts > 1) add(joined);
  }
  return stream;
}
