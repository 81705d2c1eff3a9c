import { ORIGIN } from '@portal/contracts';
import { documentDecider, documentStreamId } from '@portal/domain';
import { extractDocument, OcrEngine } from '@portal/extraction';
import { recordExtraction } from '@portal/document-worker';
import type { SeedContext } from '../../seed/feature-seeds';
import { textPdf } from '@portal/document-files';

/** The demo supplier whose invoices the clerk labeled (Müller Elektrotechnik's cable supplier). */
export const DEMO_LABEL_SUPPLIER = 'Kabelhandel Isartal GmbH';
const CLIENT = 1004;
const REFERENCE = (n: number) => `KR-${5100 + n * 13}`;

/** One invoice of the supplier: the customer reference (which the page reader does not take for a payment reference) is what the clerk labels. */
function supplierInvoice(n: number): Promise<Buffer> {
  const net = 180 + n * 45;
  const tax = Math.round(net * 19) / 100;
  const money = (v: number) => v.toFixed(2).replace('.', ',');
  return textPdf([
    DEMO_LABEL_SUPPLIER,
    'Thalkirchner Straße 81, 81371 München',
    'USt-IdNr.: DE287654324',
    '',
    'Müller Elektrotechnik GmbH',
    'Industriestraße 7, 81549 München',
    '',
    'Rechnung',
    `Rechnungsnummer: BR-26-${String(400 + n).padStart(5, '0')}`,
    `Rechnungsdatum: ${String(n + 2).padStart(2, '0')}.02.2026`,
    `Kundenreferenz: ${REFERENCE(n)}`,
    '',
    `Kabel NYM-J 3x1,5 (${n * 2} Ringe)`,
    `Nettobetrag: ${money(net)} EUR`,
    `USt 19 %: ${money(tax)} EUR`,
    `Gesamtbetrag: ${money(net + tax)} EUR`,
    '',
    'Zahlbar innerhalb von 14 Tagen ohne Abzug.',
    'IBAN: DE20 7015 0000 1234 5678 91',
  ]);
}

/**
 * Demo labels: three invoices of one supplier of Müller Elektrotechnik (1004), read and labeled by
 * the clerk (the customer reference as payment reference, Human_Labeling 9); a fourth waits for the worker,
 * which reads it with what the three taught (Machine_Learning 10).
 */
export async function seedDemoLabels(seed: SeedContext): Promise<void> {
  if (!seed.documents) return;
  const clerk = seed.userIds.clerk ?? 'system';
  const ocr = new OcrEngine();
  try {
    for (const n of [1, 2, 3, 4]) {
      const bytes = await supplierInvoice(n);
      const documentId = CLIENT * 1000 + 800 + n;
      const stream = documentStreamId(documentId);
      const step = (name: string) => ({ ...seed.context(CLIENT, `labels:${documentId}:${name}`), userId: clerk });
      const sha256 = await seed.blobs.put(bytes);
      const fileName = `Isartal_BR-26-${String(400 + n).padStart(5, '0')}.pdf`;
      await seed.runtime.execute(
        documentDecider,
        stream,
        { type: 'UploadDocument', documentId, clientNo: CLIENT, fileName, mediaType: 'application/pdf', size: bytes.length, sha256, category: 'ER_U' },
        step('upload'),
      );
      // The fourth stays pending: the worker reads it at start, with the supplier's model.
      if (n === 4) continue;
      const item = { documentId, clientNo: CLIENT, sha256, mediaType: 'application/pdf', fileName };
      const read = await recordExtraction(
        { blobs: seed.blobs, runtime: seed.runtime },
        item,
        { ...(await extractDocument({ bytes, mediaType: 'application/pdf' }, { ocr, embeddedInvoice: false })) },
        bytes,
      );
      const word = read.pageWords?.[0]?.words.find((w) => w.text === REFERENCE(n));
      if (!word) continue;
      const box = { page: 1, x: word.x - 1.5, y: word.y - 1.5, width: word.width + 3, height: word.height + 3 };
      await seed.runtime.execute(
        documentDecider,
        stream,
        { type: 'LabelField', labelId: `demo-${documentId}-reference`, field: 'payment_reference', box, text: word.text, value: word.text },
        { ...step('label'), originCode: ORIGIN.Human_Labeling },
      );
    }
  } finally {
    await ocr.terminate();
  }
}
