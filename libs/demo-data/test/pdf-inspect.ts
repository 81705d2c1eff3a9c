import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFStream, PDFString, type PDFPage } from 'pdf-lib';

export interface Attachment {
  name: string;
  bytes: Uint8Array;
  relationship?: string;
  subtype?: string;
}

function streamBytes(stream: PDFStream): Uint8Array {
  return stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
}

function textOf(value: unknown): string {
  return value instanceof PDFHexString || value instanceof PDFString ? value.decodeText() : '';
}

/** Embedded files listed in the catalog's EmbeddedFiles name tree (flat Names array, as pdf-lib writes it). */
export function readAttachments(doc: PDFDocument): Attachment[] {
  const names = doc.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const embedded = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const list = embedded?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const out: Attachment[] = [];
  if (!list) return out;
  for (let i = 0; i < list.size(); i += 2) {
    const spec = list.lookup(i + 1, PDFDict);
    const ef = spec.lookup(PDFName.of('EF'), PDFDict);
    const file = ef.lookup(PDFName.of('F'), PDFStream);
    out.push({
      name: textOf(spec.lookup(PDFName.of('UF'))),
      bytes: streamBytes(file),
      relationship: spec.lookupMaybe(PDFName.of('AFRelationship'), PDFName)?.decodeText(),
      subtype: file.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText(),
    });
  }
  return out;
}

/** The page's content stream(s), decoded to text. */
export function pageContent(page: PDFPage): string {
  const contents = page.node.Contents();
  if (!contents) return '';
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref, PDFStream)) : [contents];
  return streams.map((s) => Buffer.from(streamBytes(s)).toString('latin1')).join('\n');
}

export function resourceNames(page: PDFPage, kind: 'Font' | 'XObject'): PDFDict | undefined {
  return page.node.Resources()?.lookupMaybe(PDFName.of(kind), PDFDict);
}

const WIN_ANSI_EXTRA: Record<number, string> = { 0x80: '€', 0x96: '–', 0x97: '—', 0x84: '„', 0x93: '“', 0x94: '”' };

/** Text drawn by pdf-lib's standard fonts: hex strings of WinAnsi bytes before Tj. */
export function drawnText(page: PDFPage): string[] {
  const out: string[] = [];
  for (const match of pageContent(page).matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
    const hex = match[1];
    let text = '';
    for (let i = 0; i < hex.length; i += 2) {
      const byte = parseInt(hex.slice(i, i + 2), 16);
      text += WIN_ANSI_EXTRA[byte] ?? String.fromCharCode(byte);
    }
    out.push(text);
  }
  return out;
}
