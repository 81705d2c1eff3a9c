import type { PDFPage } from '@cantoo/pdf-lib';
import { GeneralError, type PageRef } from '@portal/contracts';

export type ReadFile = (sha256: string) => Promise<Buffer | null>;

export interface AssembledPdf {
  bytes: Buffer;
  pageCount: number;
}

/**
 * A new PDF from pages of stored PDFs, in the given order and turned as asked. Pages are copied with
 * their content streams and resources, so text layers stay searchable; the source files are only read.
 * The output carries no dates or random ids: the same pages give the same bytes (and the same sha256),
 * which is what the duplicate rule compares.
 */
export async function assemblePages(pages: readonly PageRef[], read: ReadFile): Promise<AssembledPdf> {
  // Loaded by the editor's first PDF, not by every start of the api (~190 modules).
  const { degrees, PDFDocument } = await import('@cantoo/pdf-lib');
  const out = await PDFDocument.create({ updateMetadata: false });
  const wanted = new Map<string, number[]>();
  for (const ref of pages) wanted.set(ref.file, [...(wanted.get(ref.file) ?? []), ref.page]);
  const copied = new Map<string, PDFPage[]>();
  for (const [file, indexes] of wanted) {
    const bytes = await read(file);
    if (!bytes) throw GeneralError(`A source file of the document is missing from the file store (${file.slice(0, 12)}…).`);
    const source = await PDFDocument.load(bytes, { updateMetadata: false });
    const count = source.getPageCount();
    const bad = indexes.find((i) => i >= count);
    if (bad !== undefined) throw GeneralError(`Page ${bad + 1} is not in its source file (${count} pages).`);
    // One copy per page reference, so a page used twice becomes two independent pages; resources shared
    // by pages of one source are copied once.
    copied.set(file, await out.copyPages(source, indexes));
  }
  const next = new Map<string, number>();
  for (const ref of pages) {
    const at = next.get(ref.file) ?? 0;
    next.set(ref.file, at + 1);
    const page = copied.get(ref.file)![at]!;
    if (ref.rotation !== 0) page.setRotation(degrees((((page.getRotation().angle + ref.rotation) % 360) + 360) % 360));
    out.addPage(page);
  }
  return { bytes: Buffer.from(await out.save()), pageCount: pages.length };
}
