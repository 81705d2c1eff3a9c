import type { DocumentLineage, LineageSource, PageRef } from '@portal/contracts';
import { DOCUMENTS, EDITOR_DOCUMENTS } from '@portal/read-models';
import type { ReadStore } from '@portal/read-store';

/**
 * Where the pages of a new file came from, one entry per source in order of first use: "pages 1–3 from
 * <title>, revision N". Titles are read now and kept, so the lineage still reads right after a rename.
 */
export async function lineageOf(reads: ReadStore, pages: readonly PageRef[], editorDocumentId: number, editorRevision: number): Promise<DocumentLineage> {
  const sources = new Map<string, LineageSource>();
  for (const p of pages) {
    const key = `${p.source.kind}:${p.source.id}:${p.source.revision}`;
    let source = sources.get(key);
    if (!source) {
      const record = await reads.get(p.source.kind === 'editor' ? EDITOR_DOCUMENTS : DOCUMENTS, p.source.id);
      source = {
        kind: p.source.kind,
        id: p.source.id,
        revision: p.source.revision,
        title: typeof record?.title === 'string' ? record.title : `#${p.source.id}`,
        pages: [],
        rotated: 0,
      };
      sources.set(key, source);
    }
    source.pages.push(p.page + 1);
    if (p.rotation !== 0) source.rotated++;
  }
  return { editorDocumentId, editorRevision, sources: [...sources.values()] };
}
