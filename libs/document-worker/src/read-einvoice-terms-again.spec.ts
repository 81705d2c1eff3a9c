import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { FolderBlobStore } from '@portal/blob-store';
import { CommandRuntime } from '@portal/commands';
import { EINVOICE_TERMS_VERSION, ORIGIN, type DocumentRecord } from '@portal/contracts';
import { documentDecider, documentStreamId } from '@portal/domain';
import { DEFAULT_INVOICE, ublInvoice } from '@portal/einvoice-validation/testing/invoices';
import { SqliteEventStore } from '@portal/event-store';
import { EInvoiceChecker } from '@portal/extraction';
import { ALL_PROJECTIONS, replayInto } from '@portal/projections';
import { DOCUMENTS } from '@portal/read-models';
import { SqliteReadStore } from '@portal/read-store';
import { readEInvoiceTermsAgain } from './read-einvoice-terms-again';

const ATTACHED = Buffer.from('Tag;Stunden\n1;8\n');
/** The default test invoice (payment terms "Zahlbar innerhalb von 30 Tagen.") with an embedded timesheet. */
const XML = ublInvoice(DEFAULT_INVOICE).replace(
  /(<\/cbc:BuyerReference>)/,
  `$1<cac:AdditionalDocumentReference><cbc:ID>TS-03</cbc:ID><cac:Attachment><cbc:EmbeddedDocumentBinaryObject mimeCode="text/csv" filename="stunden.csv">${ATTACHED.toString('base64')}</cbc:EmbeddedDocumentBinaryObject></cac:Attachment></cac:AdditionalDocumentReference>`,
);

describe('reading the terms of e-invoices recorded before them again, at start', () => {
  const dir = mkdtempSync(join(tmpdir(), 'terms-again-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('gives an old e-invoice document its payment terms and attachments from its stored file, once, and a replay shows them', async () => {
    const events = new SqliteEventStore(':memory:');
    const runtime = new CommandRuntime(events);
    const blobs = new FolderBlobStore(dir);
    const checker = new EInvoiceChecker();
    const sha256 = await blobs.put(Buffer.from(XML));
    const context = { userId: 'ocr-worker', clientNo: 1001, commandId: 'c1' };
    await runtime.execute(
      documentDecider,
      documentStreamId(3),
      {
        type: 'UploadDocument',
        documentId: 3,
        clientNo: 1001,
        fileName: 'rechnung.xml',
        mediaType: 'application/xml',
        size: XML.length,
        sha256,
        category: 'ER_U',
      },
      context,
    );
    // As the extraction recorded e-invoices before it read their terms: syntax and source only.
    await runtime.execute(
      documentDecider,
      documentStreamId(3),
      {
        type: 'RecordExtraction',
        text: null,
        fields: {
          origin: ORIGIN.EInvoice_XML,
          fields: { invoice_number: 'RE-1', due_date: '2026-04-14' },
          fieldOrigins: {},
          einvoice: { syntax: 'UBL', source: 'xml-file' },
        },
        problem: null,
        sha256,
      },
      { ...context, commandId: 'c2' },
    );
    const reads = new SqliteReadStore(':memory:');
    await replayInto(events, reads, ALL_PROJECTIONS);
    expect((await reads.get(DOCUMENTS, 3))?.einvoice).toEqual({ syntax: 'UBL', source: 'xml-file' });

    expect(await readEInvoiceTermsAgain({ reads, blobs, runtime, checker })).toBe(1);
    const rebuilt = new SqliteReadStore(':memory:');
    await replayInto(events, rebuilt, ALL_PROJECTIONS);
    const einvoice = ((await rebuilt.get(DOCUMENTS, 3)) as unknown as DocumentRecord).einvoice;
    expect(einvoice).toMatchObject({
      syntax: 'UBL',
      source: 'xml-file',
      terms_version: EINVOICE_TERMS_VERSION,
      terms: { payment: { terms: 'Zahlbar innerhalb von 30 Tagen.' } },
    });
    expect(einvoice?.terms?.attachments).toEqual([{ id: 'TS-03', filename: 'stunden.csv', mime: 'text/csv', embedded: true, size: ATTACHED.length }]);

    // The next start, from the rebuilt read models or from the old ones, records nothing more.
    expect(await readEInvoiceTermsAgain({ reads: rebuilt, blobs, runtime, checker })).toBe(0);
    expect(await readEInvoiceTermsAgain({ reads, blobs, runtime, checker })).toBe(0);
    expect((await events.readStream(documentStreamId(3))).map((e) => e.type)).toEqual([
      'DocumentUploaded',
      'DocumentFieldsExtracted',
      'DocumentEInvoiceTermsRead',
    ]);
    await checker.close();
    await reads.close();
    await rebuilt.close();
  });
});
