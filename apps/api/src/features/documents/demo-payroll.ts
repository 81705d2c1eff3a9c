import { documentDecider, documentStreamId } from '@portal/domain';
import type { SeedContext } from '../../seed/feature-seeds';
import { textPdf } from '@portal/document-files';

const CLIENT = 1001;
/** The id of the i-th demo payroll paper (0: the payslip, 1: the payroll account, 2: the contribution statement). */
export const demoPayrollDocumentId = (i: number) => CLIENT * 1000 + 850 + i;

/** Payroll papers of Alpenblick Gastronomie: a payslip, the payroll account and the health insurer's contribution statement. */
const PAPERS: Array<{ fileName: string; lines: string[] }> = [
  {
    fileName: 'Lohnabrechnung_2026-02_Huber.pdf',
    lines: [
      'Alpenblick Gastronomie GmbH',
      'Lohn-/Gehaltsabrechnung Februar 2026',
      'Personalnummer 0042 · Maria Huber · Köchin',
      'Bruttobezug 2.840,00 EUR',
      'Sozialversicherung DN 512,33 EUR',
      'Lohnsteuer 198,41 EUR',
      'Auszahlungsbetrag 2.129,26 EUR',
    ],
  },
  {
    fileName: 'Lohnkonto_2025_Gruber.pdf',
    lines: [
      'Alpenblick Gastronomie GmbH',
      'Lohnkonto 2025',
      'Personalnummer 0017 · Stefan Gruber · Servicemitarbeiter',
      'Jahresbrutto 31.420,00 EUR',
      'Lohnsteuer 2.903,12 EUR',
    ],
  },
  {
    fileName: 'Beitragsnachweis_OEGK_2026-02.pdf',
    lines: [
      'Österreichische Gesundheitskasse',
      'Beitragsnachweisung Februar 2026',
      'Beitragskontonummer 123456789',
      'Dienstgeber: Alpenblick Gastronomie GmbH',
      'Allgemeine Beiträge 7.812,40 EUR',
    ],
  },
];

/**
 * Demo payroll documents (dpv) of Alpenblick Gastronomie (1001), uploaded into the inbox as payroll: the worker
 * reads them at start. Users without dpv (client1, accountant) do not see them anywhere; the admin does.
 */
export async function seedDemoPayroll(seed: SeedContext): Promise<void> {
  if (!seed.documents) return;
  for (const [i, paper] of PAPERS.entries()) {
    const bytes = await textPdf(paper.lines);
    const documentId = demoPayrollDocumentId(i);
    const sha256 = await seed.blobs.put(bytes);
    await seed.runtime.execute(
      documentDecider,
      documentStreamId(documentId),
      {
        type: 'UploadDocument',
        documentId,
        clientNo: CLIENT,
        fileName: paper.fileName,
        mediaType: 'application/pdf',
        size: bytes.length,
        sha256,
        category: 'ER_U',
        payroll: true,
      },
      seed.context(CLIENT, `payroll:${documentId}:upload`),
    );
  }
}
