import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream, PDFString, PDFHexString, type PDFObject } from 'pdf-lib';
import type { PdfAttachment } from '@portal/document-files';

const MAX_FILES = 20;

function fileName(spec: PDFDict): string {
  for (const key of ['UF', 'F']) {
    const value = spec.get(PDFName.of(key));
    if (value instanceof PDFString || value instanceof PDFHexString) return value.decodeText();
  }
  return 'attachment.xml';
}

/**
 * Files a PDF names as its associated files (PDF 2.0 / PDF/A-3 `/AF` of the document catalog and of its pages),
 * which the embedded-files name tree may not list. Factur-X and ZUGFeRD files are found through either.
 */
export async function readAssociatedFiles(bytes: Uint8Array): Promise<PdfAttachment[]> {
  const doc = await PDFDocument.load(bytes, { ignoreEncryption: true, updateMetadata: false, throwOnInvalidObject: false });
  const lookup = (obj: PDFObject | undefined): PDFObject | undefined => (obj ? doc.context.lookup(obj) : undefined);
  const specs: PDFDict[] = [];
  for (const holder of [doc.catalog, ...doc.getPages().slice(0, 3).map((p) => p.node)]) {
    const af = lookup(holder.get(PDFName.of('AF')));
    if (!(af instanceof PDFArray)) continue;
    for (let i = 0; i < af.size() && specs.length < MAX_FILES; i++) {
      const spec = lookup(af.get(i));
      if (spec instanceof PDFDict) specs.push(spec);
    }
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
