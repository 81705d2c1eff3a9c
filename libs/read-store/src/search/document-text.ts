import type { CollectionSpec, Doc } from '../read-store.port';
import { isPlainObject } from '../shared/docs';
import { indexStream } from './tokenize';

/** Bump when tokenising or stemming changes: stores then rebuild their full-text index. */
export const FULL_TEXT_VERSION = 1;

/** Strings and numbers are searchable; an array of them is searched as its items joined by newlines. */
export function fullTextValue(doc: Doc, field: string): string {
  let value: unknown = doc;
  for (const part of field.split('.')) value = isPlainObject(value) ? value[part] : undefined;
  const items = Array.isArray(value) ? value : [value];
  return items
    .filter((item): item is string | number => typeof item === 'string' || (typeof item === 'number' && Number.isFinite(item)))
    .map(String)
    .join('\n');
}

/** The indexed token stream of a doc over the spec's full-text fields, in field order. */
export function docStream(doc: Doc, spec: CollectionSpec): string[] {
  return (spec.fullText ?? []).flatMap((field) => indexStream(fullTextValue(doc, field)));
}

/** Identifies the fields and the tokeniser an index was built with. */
export function fullTextSignature(spec: CollectionSpec): string {
  return JSON.stringify({ version: FULL_TEXT_VERSION, fields: spec.fullText ?? [] });
}

export function assertSearchable(spec: CollectionSpec | undefined, collection: string): CollectionSpec {
  if (!spec || !spec.fullText || spec.fullText.length === 0) {
    throw new Error(`The read-store collection '${collection}' has no full-text fields (CollectionSpec.fullText): it cannot be searched`);
  }
  return spec;
}
