import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString, type PDFObject } from 'pdf-lib';
import type { PdfAttachment } from '@portal/document-files';

const MAX_FILES = 20;
const MAX_DEPTH = 8;

function fileName(spec: PDFDict): string {
  for (const key of ['UF', 'F']) {
    const value = spec.get(PDFName.of(key));
    if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  }
  return 'attachment.xml';
}

/**
 * The files of a PDF's embedded-files name tree (catalog /Names /EmbeddedFiles, PDF 1.4+) and its associated
 * files (`/AF` of the catalog and of the first pages, PDF/A-3): where Factur-X, ZUGFeRD and XRechnung-in-PDF
 * carry their XML. Read with pdf-lib only (no rendering), at most 20 files.
 */
export async function readEmbeddedFiles(bytes: Uint8Array): Promise<PdfAttachment[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const lookup = (obj: PDFObject | undefined): PDFObject | undefined => (obj ? doc.context.lookup(obj) : undefined);
  const specs: PDFDict[] = [];
  const add = (obj: PDFObject | undefined) => {
    const spec = lookup(obj);
    if (spec instanceof PDFDict && !specs.includes(spec) && specs.length < MAX_FILES) specs.push(spec);
  };
  const walk = (node: PDFObject | undefined, depth: number) => {
    const dict = lookup(node);
    if (!(dict instanceof PDFDict) || depth > MAX_DEPTH) return;
    const names = lookup(dict.get(PDFName.of('Names')));
    if (names instanceof PDFArray) for (let i = 1; i < names.size(); i += 2) add(names.get(i));
    const kids = lookup(dict.get(PDFName.of('Kids')));
    if (kids instanceof PDFArray) for (let i = 0; i < kids.size(); i++) walk(kids.get(i), depth + 1);
  };
  const namesDict = lookup(doc.catalog.get(PDFName.of('Names')));
  if (namesDict instanceof PDFDict) walk(namesDict.get(PDFName.of('EmbeddedFiles')), 0);
  for (const holder of [
    doc.catalog,
    ...doc
      .getPages()
      .slice(0, 3)
      .map((p) => p.node),
  ]) {
    const af = lookup(holder.get(PDFName.of('AF')));
    if (af instanceof PDFArray) for (let i = 0; i < af.size(); i++) add(af.get(i));
  }
  const files: PdfAttachment[] = [];
  for (const spec of specs) {
    const ef = lookup(spec.get(PDFName.of('EF')));
    if (!(ef instanceof PDFDict)) continue;
    const stream = lookup(ef.get(PDFName.of('UF')) ?? ef.get(PDFName.of('F')));
    if (!(stream instanceof PDFRawStream)) continue;
    files.push({ filename: fileName(spec), content: decodePDFRawStream(stream).decode() });
  }
  return files;
}
