import type { EInvoiceInfo, EInvoiceTerms } from '@portal/contracts';
import { specFor } from '../../test/given-when-then';
import { documentDecider } from './document.decide';
import type { DocumentEvent } from './document.events';

const spec = specFor(documentDecider, { now: '2026-03-01T09:00:00.000Z', userId: 'ocr-worker' });
const sha = 'a'.repeat(64);
const uploaded: DocumentEvent = {
  type: 'DocumentUploaded',
  data: {
    documentId: 7,
    clientNo: 1001,
    fileName: 'xrechnung.xml',
    mediaType: 'application/xml',
    size: 900,
    sha256: sha,
    category: 'ER_U',
    title: 'xrechnung',
  },
};
const fieldsRead = (einvoice: EInvoiceInfo | null): DocumentEvent => ({
  type: 'DocumentFieldsExtracted',
  data: { origin: 50, fields: { invoice_number: 'RE-1' }, fieldOrigins: { invoice_number: 50 }, einvoice },
});
const terms: EInvoiceTerms = {
  payment: { means_code: '58', terms: 'Zahlbar innerhalb von 30 Tagen.' },
  attachments: [{ id: 'TS-03', filename: 'stunden.pdf', mime: 'application/pdf', embedded: true, size: 18 }],
};
/** Read before the terms were: the e-invoice info names only syntax and source. */
const readBeforeTerms = fieldsRead({ syntax: 'UBL', source: 'xml-file' });
/** Read with the first reading of the terms (no version: attachments without their size). */
const readWithFirstTerms = fieldsRead({ syntax: 'UBL', source: 'xml-file', terms: { payment: { terms: 'Zahlbar innerhalb von 30 Tagen.' } } });
const termsRead = (version: number): DocumentEvent => ({ type: 'DocumentEInvoiceTermsRead', data: { sha256: sha, terms, version } });
const readAgain = (version: number, file = sha) => ({ type: 'RecordEInvoiceTerms' as const, sha256: file, terms, version });

describe('the terms of a stored e-invoice read again by a newer reading', () => {
  it('records the terms of a document read before its e-invoice terms were', () =>
    spec([uploaded, readBeforeTerms])
      .when(readAgain(2))
      .then([termsRead(2)]));

  it('records them over the first reading of the terms', () =>
    spec([uploaded, readWithFirstTerms])
      .when(readAgain(2))
      .then([termsRead(2)]));

  it('records nothing when the document holds the same reading already (a second start, a redelivered command)', () => {
    spec([uploaded, readBeforeTerms, termsRead(2)])
      .when(readAgain(2))
      .then([]);
    spec([uploaded, fieldsRead({ syntax: 'UBL', source: 'xml-file', terms, terms_version: 2 })])
      .when(readAgain(2))
      .then([]);
  });

  it('records nothing for a document whose extraction found no e-invoice, or has not finished', () => {
    spec([uploaded, fieldsRead(null)])
      .when(readAgain(2))
      .then([]);
    spec([uploaded]).when(readAgain(2)).then([]);
  });

  it('records nothing for a file the document no longer has', () => {
    const revised: DocumentEvent = {
      type: 'DocumentPagesRevised',
      data: {
        sha256: 'b'.repeat(64),
        size: 1,
        mediaType: 'application/pdf',
        pageCount: 1,
        previousSha256: sha,
        added: 0,
        removed: 0,
        lineage: { editorDocumentId: 1, editorRevision: 1, sources: [] },
      },
    };
    spec([uploaded, readBeforeTerms, revised]).when(readAgain(2)).then([]);
    spec([uploaded, readBeforeTerms])
      .when(readAgain(2, 'c'.repeat(64)))
      .then([]);
  });
});
