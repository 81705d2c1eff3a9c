import type { Document } from 'mongodb';
import type { CollectionSpec, Doc } from '../read-store.port';
import { docStream, fullTextSignature } from '../search/document-text';
import type { SearchTerm } from '../search/search-terms';

/** The field holding a record's token stream; never returned with the record. */
export const FULL_TEXT_FIELD = '_fts';
export const FULL_TEXT_INDEX = 'fulltext_tokens';

/**
 * The token stream as MongoDB stores it: distinct tokens `t` (multikey index), their counts `f` (same
 * order), the stream length `n` (for ranking) and the signature `s` the stream was computed with.
 */
export interface MongoFullText {
  t: string[];
  f: number[];
  n: number;
  s: string;
}

export function mongoFullText(doc: Doc, spec: CollectionSpec): MongoFullText {
  const stream = docStream(doc, spec);
  const counts = new Map<string, number>();
  for (const token of stream) counts.set(token, (counts.get(token) ?? 0) + 1);
  return { t: [...counts.keys()], f: [...counts.values()], n: stream.length, s: fullTextSignature(spec) };
}

/** The same boolean query as the SQLite FTS5 expression, over the multikey token array. */
export function searchFilter(terms: readonly SearchTerm[]): Document {
  return { $and: terms.map(termFilter) };
}

function termFilter(term: SearchTerm): Document {
  const own = { [`${FULL_TEXT_FIELD}.t`]: { $in: term.prefix ? term.forms.map(prefixPattern) : term.forms } };
  return term.parts.length === 0 ? own : { $or: [own, { $and: term.parts.map(termFilter) }] };
}

function prefixPattern(form: string): RegExp {
  return new RegExp(`^${form.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
}

const K1 = 1.2;
const B = 0.75;
/** MongoDB has no corpus statistics at hand: lengths are normalised against a typical document. */
const REFERENCE_LENGTH = 256;

/**
 * BM25's term-frequency part without idf: Σ over terms of tf·(k1+1) / (tf + k1·(1 − b + b·n/256)),
 * where tf counts the tokens matching the term's forms (and its parts, for compounds).
 */
export function rankExpression(terms: readonly SearchTerm[]): Document {
  const lengthFactor = { $add: [1 - B, { $multiply: [B, { $divide: [`$${FULL_TEXT_FIELD}.n`, REFERENCE_LENGTH] }] }] };
  return {
    $let: {
      vars: { norm: { $multiply: [K1, lengthFactor] } },
      in: {
        $add: terms.map((term) => ({
          $let: {
            vars: { tf: { $add: [0, ...termLeaves(term).flatMap((leaf) => leaf.forms.map((form) => formCount(form, leaf.prefix)))] } },
            in: { $divide: [{ $multiply: ['$$tf', K1 + 1] }, { $add: ['$$tf', '$$norm'] }] },
          },
        })),
      },
    },
  };
}

function termLeaves(term: SearchTerm): SearchTerm[] {
  return [term, ...term.parts.flatMap(termLeaves)];
}

function formCount(form: string, prefix: boolean): Document {
  const tokens = `$${FULL_TEXT_FIELD}.t`;
  const counts = `$${FULL_TEXT_FIELD}.f`;
  if (!prefix) {
    return {
      $let: {
        vars: { i: { $indexOfArray: [tokens, form] } },
        in: { $cond: [{ $gte: ['$$i', 0] }, { $arrayElemAt: [counts, '$$i'] }, 0] },
      },
    };
  }
  const length = [...form].length;
  return {
    $sum: {
      $map: {
        input: { $range: [0, { $size: tokens }] },
        as: 'k',
        in: { $cond: [{ $eq: [{ $substrCP: [{ $arrayElemAt: [tokens, '$$k'] }, 0, length] }, form] }, { $arrayElemAt: [counts, '$$k'] }, 0] },
      },
    },
  };
}
