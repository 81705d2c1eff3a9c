import { editorDocumentDecider, editorDocumentStreamId, scannerDecider, scannerStreamId, titleOf } from '@portal/domain';
import type { FeatureSeed } from '../../seed/feature-seeds';
import { buildDemoScan } from './demo-scans';
import { pageFileOf } from './page-files';

/** Batch scans waiting in the document editor's inbox of 1001 (client1, accountant) and 1004 (clerk). */
const SCANS: { client: number; seed: number; invoices: number; id: number; scanner: { id: string; name: string } | null }[] = [
  { client: 1001, seed: 7101, invoices: 3, id: 900_000_001, scanner: { id: 'alpenblick-buero', name: 'Büro Alpenblick' } },
  { client: 1001, seed: 7102, invoices: 1, id: 900_000_002, scanner: null },
  { client: 1004, seed: 7401, invoices: 3, id: 900_000_003, scanner: { id: 'empfang-kanzlei', name: 'Empfang Kanzlei' } },
];

export const seedDemoEditor: FeatureSeed = async ({ runtime, blobs, now, companies, documents, context }) => {
  if (!documents) return;
  for (const scan of SCANS) {
    const company = companies.find((c) => c.company_no === scan.client)!;
    const built = await buildDemoScan(company, { seed: scan.seed, invoices: scan.invoices, today: now });
    const pages = await pageFileOf(built.bytes, 'application/pdf');
    const sha256 = await blobs.put(built.bytes);
    await runtime.execute(
      editorDocumentDecider,
      editorDocumentStreamId(scan.id),
      {
        type: 'ReceiveEditorDocument',
        editorDocumentId: scan.id,
        clientNo: scan.client,
        category: null,
        title: titleOf(built.fileName),
        fileName: built.fileName,
        mediaType: 'application/pdf',
        size: built.bytes.length,
        sha256,
        pdfSha256: sha256,
        pageCount: pages.pageCount,
        channel: scan.scanner ? 'folder' : 'upload',
        scannerId: scan.scanner?.id ?? null,
        scannerName: scan.scanner?.name ?? null,
        sender: scan.scanner ? `consume/${scan.scanner.id}` : 'demo',
      },
      context(scan.client, `editor-scan-${scan.id}`),
    );
    // A scan from a scanner is a delivery of that scanner, as the intake records it: the scanner manager then
    // shows when it was last seen and what it took.
    if (scan.scanner) {
      await runtime.execute(
        scannerDecider,
        scannerStreamId(scan.scanner.id),
        { type: 'RecordScannerDelivery', channel: 'folder', files: 1, refused: [] },
        context(scan.client, `scanner-delivery-${scan.id}`),
      );
    }
  }
};
