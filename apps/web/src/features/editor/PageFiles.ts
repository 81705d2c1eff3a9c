import type { PDFDocumentProxy } from 'pdfjs-dist';
import { fetchEditorFile, type FetchEditorFile } from '../../api/editor-files';
import { openPdf } from '../../components/pdf/pdfjs';

/**
 * The PDFs an editor item's pages are read from, fetched once per file (sha256) and opened with pdf.js;
 * shared by every thumbnail and the preview, and closed together.
 */
export class PageFiles {
  private readonly open = new Map<string, Promise<PDFDocumentProxy>>();

  constructor(
    private readonly itemId: number,
    private readonly token: () => string | null,
    private readonly fetchFile: FetchEditorFile = fetchEditorFile,
  ) {}

  get(sha256: string): Promise<PDFDocumentProxy> {
    let pdf = this.open.get(sha256);
    if (!pdf) {
      pdf = this.fetchFile(this.itemId, sha256, this.token()).then(openPdf);
      pdf.catch(() => this.open.delete(sha256));
      this.open.set(sha256, pdf);
    }
    return pdf;
  }

  dispose(): void {
    for (const pdf of this.open.values()) void pdf.then((p) => p.destroy()).catch(() => undefined);
    this.open.clear();
  }
}
