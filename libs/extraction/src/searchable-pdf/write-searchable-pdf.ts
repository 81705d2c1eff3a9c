import { createHash } from 'node:crypto';
import {
  beginText,
  endText,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  popGraphicsState,
  pushGraphicsState,
  setCharacterSpacing,
  setFontAndSize,
  setTextMatrix,
  setTextRenderingMode,
  showText,
  StandardFonts,
  TextRenderingMode,
  type PDFFont,
  type PDFPage,
  type PDFOperator,
} from 'pdf-lib';
import type { PageWords } from '@portal/contracts';
import { srgbIccProfile } from './srgb-icc';

/** One page of the searchable PDF: the page image (or the original page) and the OCR words over it. */
export interface SearchablePage {
  words: PageWords;
  /** JPEG or PNG of the whole page; absent: the original PDF's page is kept as it is. */
  image?: { bytes: Uint8Array; type: 'jpeg' | 'png' };
}

export interface SearchablePdf {
  bytes: Buffer;
  pages: number;
  pdfa: boolean;
}

const PRODUCER = 'KanzleiPortal searchable PDF (pdf-lib)';

/**
 * The page images with an invisible text layer (rendering mode 3) of the OCR words, each word scaled
 * horizontally to its box so selection and search find it at its place. Built from images only it is
 * PDF/A-2b (XMP identification, sRGB output intent, document id; fonts used only invisibly need no
 * embedding); pages kept from an original PDF cannot be vouched for, so such a file is plain PDF.
 */
export async function writeSearchablePdf(
  pages: readonly SearchablePage[],
  options: { original?: Uint8Array; title: string; date: Date },
): Promise<SearchablePdf> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  const source =
    options.original && pages.some((p) => !p.image) ? await PDFDocument.load(options.original, { ignoreEncryption: true, updateMetadata: false }) : null;
  for (const [index, spec] of pages.entries()) {
    let page: PDFPage;
    if (spec.image) {
      page = doc.addPage([spec.words.width, spec.words.height]);
      const image = spec.image.type === 'jpeg' ? await doc.embedJpg(spec.image.bytes) : await doc.embedPng(spec.image.bytes);
      page.drawImage(image, { x: 0, y: 0, width: spec.words.width, height: spec.words.height });
    } else {
      if (!source) throw new Error('A page without an image needs the original PDF.');
      [page] = (await doc.copyPages(source, [index])) as [PDFPage];
      doc.addPage(page);
    }
    page.pushOperators(...invisibleText(page, font, spec.words));
  }
  const pdfa = pages.every((p) => p.image);
  doc.setTitle(options.title);
  doc.setProducer(PRODUCER);
  doc.setCreator(PRODUCER);
  doc.setCreationDate(options.date);
  doc.setModificationDate(options.date);
  if (pdfa) markPdfA(doc, options.title, options.date);
  const bytes = Buffer.from(await doc.save({ useObjectStreams: !pdfa }));
  return { bytes, pages: pages.length, pdfa };
}

/** Latin-1 words only: the standard font's encoding; other characters become '?' (still selectable, searchable by the rest). */
function encodable(font: PDFFont, text: string): string {
  try {
    font.encodeText(text);
    return text;
  } catch {
    return [...text]
      .map((ch) => {
        try {
          font.encodeText(ch);
          return ch;
        } catch {
          return '?';
        }
      })
      .join('');
  }
}

function invisibleText(page: PDFPage, font: PDFFont, words: PageWords): PDFOperator[] {
  const { height } = page.getSize();
  const sx = page.getWidth() / words.width;
  const sy = height / words.height;
  const ops: PDFOperator[] = [pushGraphicsState(), beginText(), setTextRenderingMode(TextRenderingMode.Invisible)];
  const key = page.node.newFontDictionary('OcrText', font.ref);
  for (const word of words.words) {
    const text = encodable(font, word.text);
    const size = Math.max(1, word.height * sy);
    const natural = font.widthOfTextAtSize(text, size);
    if (natural <= 0) continue;
    const scale = (word.width * sx) / natural;
    const baseline = height - (word.y + word.height * 0.8) * sy;
    ops.push(setFontAndSize(key, size), setCharacterSpacing(0), setTextMatrix(scale, 0, 0, 1, word.x * sx, baseline), showText(font.encodeText(text)));
  }
  ops.push(endText(), popGraphicsState());
  return ops;
}

const xmlText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function markPdfA(doc: PDFDocument, title: string, date: Date): void {
  const context = doc.context;
  const when = date.toISOString().replace(/\.\d{3}Z$/, 'Z');
  const xmp = `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
 <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
  <rdf:Description rdf:about="" xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
   <pdfaid:part>2</pdfaid:part>
   <pdfaid:conformance>B</pdfaid:conformance>
   <dc:format>application/pdf</dc:format>
   <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${xmlText(title)}</rdf:li></rdf:Alt></dc:title>
   <xmp:CreateDate>${when}</xmp:CreateDate>
   <xmp:ModifyDate>${when}</xmp:ModifyDate>
   <xmp:CreatorTool>${PRODUCER}</xmp:CreatorTool>
   <pdf:Producer>${PRODUCER}</pdf:Producer>
  </rdf:Description>
 </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
  const metadata = context.stream(Buffer.from(xmp, 'utf8'), { Type: 'Metadata', Subtype: 'XML' });
  doc.catalog.set(PDFName.of('Metadata'), context.register(metadata));
  const icc = context.stream(srgbIccProfile(), { N: PDFNumber.of(3) });
  const intent = context.obj({
    Type: 'OutputIntent',
    S: 'GTS_PDFA1',
    OutputConditionIdentifier: PDFHexString.fromText('sRGB'),
    Info: PDFHexString.fromText('sRGB IEC61966-2.1'),
    DestOutputProfile: context.register(icc),
  });
  doc.catalog.set(PDFName.of('OutputIntents'), context.obj([intent]));
  const id = createHash('md5').update(title).update(when).digest('hex');
  context.trailerInfo.ID = context.obj([PDFHexString.of(id), PDFHexString.of(id)]);
}
