import { documentFileUrl } from '../../api/document-files';

/** Downloads a document's original (the bearer token cannot ride on a plain link, so the bytes go through a blob). */
export async function downloadOriginal(documentId: number, fileName: string, token: string | null): Promise<void> {
  const response = await fetch(documentFileUrl(documentId, true), { headers: token ? { authorization: `Bearer ${token}` } : {} });
  if (!response.ok) throw new Error(`Download failed: ${response.status}`);
  const url = URL.createObjectURL(await response.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
