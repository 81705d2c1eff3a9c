import { documentFileUrl } from './document-files';

/** Saves a downloaded blob under a file name (an object URL on a temporary link). */
export function saveFile(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches with the bearer token and saves the answer as a file (a plain link cannot carry the token). */
async function download(path: string, fileName: string, token: string | null): Promise<void> {
  const response = await fetch(path, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed: ${response.status}`);
  saveFile(await response.blob(), fileName);
}

/** Downloads a document's original, or one of its earlier files (by sha256) after the document editor replaced it. */
export function downloadOriginal(documentId: number, fileName: string, token: string | null, sha256?: string): Promise<void> {
  return download(documentFileUrl(documentId, true, sha256), fileName, token);
}

/** Downloads the searchable PDF made for a scanned document (pdf). */
export function downloadSearchablePdf(documentId: number, fileName: string, token: string | null): Promise<void> {
  return download(`/api/documents/${documentId}/searchable-pdf?download=1`, `${fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '')}-searchable.pdf`, token);
}

/** Downloads a file the document's e-invoice embeds, by its number in the readable view's list of attachments (1-based). */
export function downloadEInvoiceAttachment(documentId: number, number: number, fileName: string, token: string | null): Promise<void> {
  return download(`/api/documents/${documentId}/einvoice-attachments/${number}`, fileName, token);
}
