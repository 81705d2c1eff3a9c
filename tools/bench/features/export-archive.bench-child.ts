import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderBlobStore } from '@portal/blob-store';
import { storeExportArchive, type ArchivedOriginal } from '@portal/api';

/**
 * node export-archive.bench-child.js <documents> <kib per original>: the export file of that many booked
 * documents (originals of random bytes in a temporary file store), as the export runner stores it.
 * Prints `EXPORT {"ms":…,"zipBytes":…}`; the parent reads the peak memory (VmHWM) of this process.
 */
async function main(): Promise<void> {
  const count = Number(process.argv[2] ?? 2000);
  const kib = Number(process.argv[3] ?? 120);
  const dir = mkdtempSync(join(tmpdir(), 'export-bench-'));
  try {
    const blobs = new FolderBlobStore(dir);
    const originals: ArchivedOriginal[] = [];
    for (let i = 0; i < count; i++) {
      const sha256 = await blobs.put(Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(kib * 1024)]));
      originals.push({
        documentId: 100_000 + i,
        invoiceNumber: `RE-2026-${String(i).padStart(5, '0')}`,
        fileName: `invoice-${i}.pdf`,
        mediaType: 'application/pdf',
        sha256,
      });
    }
    const csv = Buffer.from(originals.map((o) => `"${o.invoiceNumber}";120,00;"S";4000;1600;"Büromaterial"\r\n`).join(''), 'latin1');
    global.gc?.();
    const t0 = performance.now();
    const zipSha = await storeExportArchive(blobs, 'EXTF_Buchungsstapel.csv', csv, originals, new Date());
    const ms = performance.now() - t0;
    // The size from the file system: reading the archive back would count it in the peak memory.
    const zipBytes = statSync(join(dir, zipSha.slice(0, 2), zipSha.slice(2, 4), zipSha)).size;
    process.stdout.write(`EXPORT ${JSON.stringify({ ms, zipBytes })}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
