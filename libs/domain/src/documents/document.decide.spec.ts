import { specFor } from '../../test/given-when-then';
import { documentDecider, titleOf, type UploadDocument } from './document.decide';
import type { DocumentEvent } from './document.events';

const spec = specFor(documentDecider, { now: '2026-03-01T09:00:00.000Z', userId: 'u1' });
const upload: UploadDocument = {
  type: 'UploadDocument',
  documentId: 42,
  clientNo: 1001,
  fileName: 'Rechnung_A1_März.pdf',
  mediaType: 'application/pdf',
  size: 1234,
  sha256: 'a'.repeat(64),
  category: 'ER_U',
};
const uploaded: DocumentEvent = {
  type: 'DocumentUploaded',
  data: {
    documentId: 42,
    clientNo: 1001,
    fileName: 'Rechnung_A1_März.pdf',
    mediaType: 'application/pdf',
    size: 1234,
    sha256: 'a'.repeat(64),
    category: 'ER_U',
    title: 'Rechnung A1 März',
  },
};
const textExtracted: DocumentEvent = {
  type: 'DocumentTextExtracted',
  data: { origin: 2, pages: 1, pageOrigins: [2], textSha256: 'b'.repeat(64), textLength: 900, language: 'de', ms: 12 },
};
const trashed: DocumentEvent = { type: 'DocumentMovedToTrash', data: { purgeAfter: '2026-03-31T09:00:00.000Z' } };
const confirmed: DocumentEvent = { type: 'DocumentConfirmed', data: { category: 'ER' } };
const booked: DocumentEvent = { type: 'DocumentBooked', data: {} };
const edit = (fields: Record<string, string | number>): DocumentEvent => ({
  type: 'DocumentFieldsEdited',
  data: { changes: Object.fromEntries(Object.entries(fields).map(([k, v]) => [k, { old: null, new: v }])), correction: false },
});
/** Everything the export needs: accounts, number, date, gross amount and a tax rate. */
const bookable = edit({
  supplier_account: '330100',
  expense_account: '510000',
  invoice_number: 'RE-1',
  invoice_date: '2026-02-27',
  gross_amount: 120,
  net_amount: 100,
  tax_amount: 20,
  tax_rate: 20,
});

describe('document decider', () => {
  describe('when none', () => {
    it('records an upload with a title from the file name', () => spec([]).when(upload).then([uploaded]));
    it('refuses an empty file', () =>
      spec([])
        .when({ ...upload, size: 0 })
        .thenThrows('The file is empty.'));
    it('answers a missing document with the spec text', () =>
      spec([]).when({ type: 'MoveDocumentToTrash' }).thenThrows('document does not exist or access denied'));
  });

  describe('when uploaded', () => {
    it('refuses a second upload with the same id', () => spec([uploaded]).when(upload).thenThrows('Document already exists.'));
    it('records text, fields and a problem of one extraction', () =>
      spec([uploaded])
        .when({
          type: 'RecordExtraction',
          text: textExtracted.data as never,
          fields: { origin: 2, fields: { invoice_number: 'RE-1' }, fieldOrigins: { invoice_number: 2 }, einvoice: null },
          problem: null,
        })
        .then([
          textExtracted,
          { type: 'DocumentFieldsExtracted', data: { origin: 2, fields: { invoice_number: 'RE-1' }, fieldOrigins: { invoice_number: 2 }, einvoice: null } },
        ]));
    it('records a broken file as a flag with its reason', () =>
      spec([uploaded])
        .when({ type: 'RecordExtraction', text: null, fields: null, problem: { flag: 'Broken', reason: 'The PDF file is damaged and cannot be read.' } })
        .then([{ type: 'DocumentFlagged', data: { flag: 'Broken', reason: 'The PDF file is damaged and cannot be read.' } }]));
    it('ignores a second extraction result (a redelivered work item)', () =>
      spec([uploaded, textExtracted])
        .when({ type: 'RecordExtraction', text: textExtracted.data as never, fields: null, problem: null })
        .then([]));
    it('files the document under another category', () =>
      spec([uploaded])
        .when({ type: 'ClassifyDocument', category: 'KA' })
        .then([{ type: 'DocumentClassified', data: { category: 'KA', previous: 'ER_U' } }]));
    it('renames it', () =>
      spec([uploaded])
        .when({ type: 'RenameDocument', title: ' A1 Telekom März ' })
        .then([{ type: 'DocumentRenamed', data: { title: 'A1 Telekom März', previous: 'Rechnung A1 März' } }]));
    it('refuses an empty name with the spec text', () =>
      spec([uploaded]).when({ type: 'RenameDocument', title: '  ' }).thenThrows('Document name at least 1 character'));
    it('moves it to the trash for 30 days', () => spec([uploaded]).when({ type: 'MoveDocumentToTrash' }).then([trashed]));
    it('refuses to purge a document that is not in the trash', () =>
      spec([uploaded]).when({ type: 'PurgeDocument' }).thenThrows('Only documents in the trash can be purged.'));
  });

  describe('when its extraction failed', () => {
    const broken: DocumentEvent = { type: 'DocumentFlagged', data: { flag: 'Broken', reason: 'The PDF structure is damaged.' } };

    it('runs the extraction again, counting the attempts and keeping the previous problem', () => {
      spec([uploaded, broken])
        .when({ type: 'RetryExtraction' })
        .then([{ type: 'DocumentExtractionRetried', data: { attempt: 1, previousProblem: 'The PDF structure is damaged.' } }]);
      spec([uploaded, broken, { type: 'DocumentExtractionRetried', data: { attempt: 1, previousProblem: 'x' } }, broken])
        .when({ type: 'RetryExtraction' })
        .then([{ type: 'DocumentExtractionRetried', data: { attempt: 2, previousProblem: 'The PDF structure is damaged.' } }]);
    });

    it('records a new extraction after the retry', () =>
      spec([uploaded, broken, { type: 'DocumentExtractionRetried', data: { attempt: 1, previousProblem: 'x' } }])
        .when({ type: 'RecordExtraction', text: null, fields: null, problem: { flag: 'BadRendering', reason: 'No text.' } })
        .then([{ type: 'DocumentFlagged', data: { flag: 'BadRendering', reason: 'No text.' } }]));

    it('refuses a retry of a document that was extracted fine or is still waiting', () => {
      spec([uploaded]).when({ type: 'RetryExtraction' }).thenThrows('Only a document whose extraction failed can be extracted again.');
      spec([uploaded, { type: 'DocumentFieldsExtracted', data: { origin: 2, fields: {}, fieldOrigins: {}, einvoice: null } }])
        .when({ type: 'RetryExtraction' })
        .thenThrows(/extraction failed/);
    });
  });

  describe('when confirmed', () => {
    it('files an unconfirmed incoming invoice as a confirmed one', () => spec([uploaded, textExtracted]).when({ type: 'ConfirmDocument' }).then([confirmed]));
    it('refuses to confirm a document that is still being read', () =>
      spec([uploaded]).when({ type: 'ConfirmDocument' }).thenThrows('The document is still being read; it can be confirmed once its fields are read.'));
    it('refuses to book an unconfirmed document', () => spec([uploaded]).when({ type: 'BookDocument' }).thenThrows('Only confirmed documents can be booked.'));
    it('books a confirmed document whose fields the export can carry', () =>
      spec([uploaded, bookable, confirmed]).when({ type: 'BookDocument' }).then([booked]));
    it('refuses to book a document without the accounts and tax the export needs, naming each gap', () =>
      spec([uploaded, confirmed])
        .when({ type: 'BookDocument' })
        .thenThrows(
          'Cannot book: the export needs the supplier or customer account, the expense or revenue account, the invoice number, the invoice date, the gross amount, a tax code or tax rate.',
        ));
    it('refuses to book an empty expense account even when everything else is there', () =>
      spec([
        uploaded,
        bookable,
        { type: 'DocumentFieldsEdited', data: { changes: { expense_account: { old: '510000', new: null } }, correction: false } },
        confirmed,
      ])
        .when({ type: 'BookDocument' })
        .thenThrows('Cannot book: the export needs the expense or revenue account.'));
  });

  describe('when booked', () => {
    it('refuses to file it elsewhere', () =>
      spec([uploaded, confirmed, booked]).when({ type: 'ClassifyDocument', category: 'KA' }).thenThrows('A booked document cannot be filed elsewhere.'));
    it('refuses to move it to the trash, as bookkeeping law keeps booked records', () =>
      spec([uploaded, confirmed, booked])
        .when({ type: 'MoveDocumentToTrash' })
        .thenThrows(/booked document cannot be moved to the trash/));
  });

  describe('when trashed', () => {
    it('restores it', () =>
      spec([uploaded, trashed])
        .when({ type: 'RestoreDocument' })
        .then([{ type: 'DocumentRestored', data: {} }]));
    it('refuses a rename until restored', () =>
      spec([uploaded, trashed])
        .when({ type: 'RenameDocument', title: 'x' })
        .thenThrows(/restore it before/));
    it('refuses a purge before the 30 days are over', () =>
      spec([uploaded, trashed]).when({ type: 'PurgeDocument' }).thenThrows('The document stays restorable until 2026-03-31T09:00:00.000Z.'));
    it('purges it after 30 days, keeping the hashes in the purge event', () =>
      specFor(documentDecider, { now: '2026-04-01T00:00:00.000Z', userId: 'system' })([uploaded, textExtracted, trashed])
        .when({ type: 'PurgeDocument' })
        .then([{ type: 'DocumentPurged', data: { sha256: 'a'.repeat(64), textSha256: 'b'.repeat(64), reason: 'Trash retention of 30 days ended' } }]));
  });

  describe('when purged', () => {
    const purged: DocumentEvent = { type: 'DocumentPurged', data: { sha256: 'a'.repeat(64), textSha256: null, reason: 'x' } };
    it('cannot be restored', () => spec([uploaded, trashed, purged]).when({ type: 'RestoreDocument' }).thenThrows('document does not exist or access denied'));
    it('records nothing for a second purge', () => spec([uploaded, trashed, purged]).when({ type: 'PurgeDocument' }).then([]));
  });

  it('derives titles from file names without path or extension', () => {
    expect(titleOf('C:\\scans\\beleg_0815.PDF')).toBe('beleg 0815');
    expect(titleOf('.pdf')).toBe('Document');
  });
});

describe('document pages changed in the document editor', () => {
  const lineage = {
    editorDocumentId: 80,
    editorRevision: 3,
    sources: [
      { kind: 'document' as const, id: 42, revision: 0, title: 'Rechnung A1 März', pages: [1], rotated: 0 },
      { kind: 'editor' as const, id: 9, revision: 0, title: 'Scan', pages: [1], rotated: 0 },
    ],
  };
  const revise = { type: 'ReviseDocumentPages' as const, sha256: 'e'.repeat(64), size: 2000, pageCount: 2, added: 1, removed: 0, lineage };
  const uploadedEvent: DocumentEvent = {
    type: 'DocumentUploaded',
    data: {
      documentId: 42,
      clientNo: 1001,
      fileName: 'Rechnung_A1_März.pdf',
      mediaType: 'application/pdf',
      size: 1234,
      sha256: 'a'.repeat(64),
      category: 'ER_U',
      title: 'Rechnung A1 März',
    },
  };

  it('records an assembled document with its name and lineage', () =>
    spec([])
      .when({ ...upload, title: ' Huber 03/2026 ', assembledFrom: lineage })
      .then([{ type: 'DocumentUploaded', data: { ...uploadedEvent.data, title: 'Huber 03/2026', assembledFrom: lineage } }]));
  it('records a new file for an unconfirmed document, keeping the previous file named', () =>
    spec([uploadedEvent])
      .when(revise)
      .then([
        {
          type: 'DocumentPagesRevised',
          data: {
            sha256: 'e'.repeat(64),
            size: 2000,
            mediaType: 'application/pdf',
            pageCount: 2,
            previousSha256: 'a'.repeat(64),
            added: 1,
            removed: 0,
            lineage,
          },
        },
      ]));
  it('refuses to let a confirmed document lose pages, saying why', () =>
    spec([uploadedEvent, { type: 'DocumentConfirmed', data: { category: 'ER' } }])
      .when({ ...revise, added: 0, removed: 1, pageCount: 1 })
      .thenThrows('A confirmed document cannot lose pages.'));
  it('refuses to add pages to a confirmed document', () =>
    spec([uploadedEvent, { type: 'DocumentConfirmed', data: { category: 'ER' } }])
      .when(revise)
      .thenThrows('Pages can be added only to documents that are not yet confirmed.'));
  it('refuses any page change of a booked document', () =>
    spec([uploadedEvent, { type: 'DocumentConfirmed', data: { category: 'ER' } }, { type: 'DocumentBooked', data: {} }])
      .when(revise)
      .thenThrows('The document is booked: its pages can no longer change.'));
  it('drops a late extraction result of the file the document had before', () =>
    spec([
      uploadedEvent,
      {
        type: 'DocumentPagesRevised',
        data: { sha256: 'e'.repeat(64), size: 2000, mediaType: 'application/pdf', pageCount: 2, previousSha256: 'a'.repeat(64), added: 1, removed: 0, lineage },
      },
    ])
      .when({ type: 'RecordExtraction', text: textExtracted.data as never, fields: null, problem: null, sha256: 'a'.repeat(64) })
      .then([]));
  it('takes a new extraction after the pages changed', () =>
    spec([
      uploadedEvent,
      textExtracted,
      {
        type: 'DocumentPagesRevised',
        data: { sha256: 'e'.repeat(64), size: 2000, mediaType: 'application/pdf', pageCount: 2, previousSha256: 'a'.repeat(64), added: 1, removed: 0, lineage },
      },
    ])
      .when({ type: 'RecordExtraction', text: textExtracted.data as never, fields: null, problem: null })
      .then([textExtracted]));
});
