import type { BlobStore } from '@portal/blob-store';
import { ExportFailure } from './export-failure';
import { writeZip } from './zip-archive';

export interface ArchivedOriginal {
  documentId: number;
  invoiceNumber: string | null;
  fileName: string;
  mediaType: string;
  /** The original in the file store. */
  sha256: string;
}

/** A file name from an invoice number: no path separators or characters Windows refuses, at most 80. */
const safeName = (value: string) =>
  value
    .replace(/[\\/:*?"<>|\u0000-\u001f\u007f]+/g, '_')
    .replace(/^[.\s_]+|[.\s]+$/g, '')
    .slice(0, 80);

function extensionOf(original: ArchivedOriginal): string {
  if (original.mediaType === 'application/pdf') return 'pdf';
  const match = /\.([A-Za-z0-9]{1,5})$/.exec(original.fileName);
  return match ? match[1]!.toLowerCase() : 'bin';
}

/** `<invoice number or id>.pdf` for each original; a name taken twice gets `-<document id>`. */
export function originalNames(originals: ArchivedOriginal[]): string[] {
  const taken = new Set<string>();
  return originals.map((o) => {
    const base = safeName(o.invoiceNumber ?? '') || String(o.documentId);
    const ext = extensionOf(o);
    const name = taken.has(`${base}.${ext}`.toLowerCase()) ? `${base}-${o.documentId}.${ext}` : `${base}.${ext}`;
    taken.add(name.toLowerCase());
    return name;
  });
}

/**
 * The export file (the booking CSV first, then the original of every exported document), streamed into
 * the file store: each original is read when the archive reaches it. Answers the file's sha256.
 */
export function storeExportArchive(
  blobs: Pick<BlobStore, 'get' | 'putStream'>,
  csvName: string,
  csv: Buffer,
  originals: ArchivedOriginal[],
  at: Date,
): Promise<string> {
  const names = originalNames(originals);
  const original = (o: ArchivedOriginal) => async () => {
    const bytes = await blobs.get(o.sha256);
    if (!bytes) throw new ExportFailure(`The original of "${o.fileName}" is missing in the file store.`, [o.documentId]);
    return bytes;
  };
  return blobs.putStream(
    writeZip([{ name: csvName, content: csv, compress: true }, ...originals.map((o, i) => ({ name: names[i]!, content: original(o), compress: false }))], at),
  );
}
