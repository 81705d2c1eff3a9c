import { createHash } from 'node:crypto';
import type { Doc } from '../read-store.port';
import { canonicalJson } from './canonical-json';
import { compareIds } from './ids';

/** sha256 over each doc's canonical JSON, one per line, in id order (compareIds). Same in every adapter. */
export function checksumDocs(docs: Iterable<Doc>): string {
  const entries: Array<{ id: Doc['id']; json: string }> = [];
  for (const doc of docs) entries.push({ id: doc.id, json: canonicalJson(doc) });
  entries.sort((a, b) => compareIds(a.id, b.id));
  const hash = createHash('sha256');
  for (const entry of entries) hash.update(entry.json).update('\n');
  return hash.digest('hex');
}
