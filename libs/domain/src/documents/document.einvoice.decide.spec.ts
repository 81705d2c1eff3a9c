import type { EInvoiceVerdict } from '@portal/contracts';
import { specFor } from '../../test/given-when-then';
import { documentDecider } from './document.decide';
import type { DocumentEvent } from './document.events';

const spec = specFor(documentDecider, { now: '2026-03-01T09:00:00.000Z', userId: 'u1' });
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
/** Confirming needs the document read: the verdict arrives with its reading. */
const read: DocumentEvent = {
  type: 'DocumentTextExtracted',
  data: { origin: 5, pages: 1, pageOrigins: [5], textSha256: 'c'.repeat(64), textLength: 900, language: 'de', ms: 3 },
};
const base = {
  syntax: 'UBL Invoice',
  customization: 'urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0',
  profile: 'XRechnung',
  rulesVersion: 'rules 1',
};
const fatal = {
  rule: 'BR-CO-15',
  severity: 'fatal' as const,
  location: '/ubl:Invoice',
  message: { en: 'Total with VAT ≠ net total + VAT', de: 'Gesamtbetrag mit Steuer ≠ Netto + Steuer' },
};
const warning = { rule: 'BR-DE-19', severity: 'warning' as const, location: '/ubl:Invoice/cac:PaymentMeans[1]', message: { en: 'IBAN', de: 'IBAN' } };
const brokenVerdict: EInvoiceVerdict = { ...base, valid: false, findings: [fatal, warning] };
const cleanVerdict: EInvoiceVerdict = { ...base, valid: true, findings: [] };
const validated = (
  verdict: EInvoiceVerdict,
  validity: 'valid' | 'warnings' | 'invalid',
  counts: { fatal: number; warning: number; information: number },
): DocumentEvent => ({
  type: 'DocumentEInvoiceValidated',
  data: { ...verdict, sha256: sha, validity, counts },
});
const invalidRecorded = validated(brokenVerdict, 'invalid', { fatal: 1, warning: 1, information: 0 });

describe('the verdict on a document e-invoice', () => {
  it('records a verdict with its validity and counts per severity', () =>
    spec([uploaded]).when({ type: 'RecordEInvoiceValidation', sha256: sha, verdict: brokenVerdict }).then([invalidRecorded]));

  it('calls a verdict with only warnings "warnings" and one without findings "valid"', () => {
    spec([uploaded])
      .when({ type: 'RecordEInvoiceValidation', sha256: sha, verdict: { ...base, valid: true, findings: [warning] } })
      .then([validated({ ...base, valid: true, findings: [warning] }, 'warnings', { fatal: 0, warning: 1, information: 0 })]);
    spec([uploaded])
      .when({ type: 'RecordEInvoiceValidation', sha256: sha, verdict: cleanVerdict })
      .then([validated(cleanVerdict, 'valid', { fatal: 0, warning: 0, information: 0 })]);
  });

  it('records the same rule set verdict on the same file once', () =>
    spec([uploaded, invalidRecorded]).when({ type: 'RecordEInvoiceValidation', sha256: sha, verdict: brokenVerdict }).then([]));

  it('records a newer rule set verdict on the same file again', () =>
    spec([uploaded, invalidRecorded])
      .when({ type: 'RecordEInvoiceValidation', sha256: sha, verdict: { ...brokenVerdict, rulesVersion: 'rules 2' } })
      .then([validated({ ...brokenVerdict, rulesVersion: 'rules 2' }, 'invalid', { fatal: 1, warning: 1, information: 0 })]));

  it('drops a verdict on a file the document no longer has', () =>
    spec([uploaded])
      .when({ type: 'RecordEInvoiceValidation', sha256: 'b'.repeat(64), verdict: brokenVerdict })
      .then([]));

  it('refuses a verdict on a document that does not exist', () =>
    spec([]).when({ type: 'RecordEInvoiceValidation', sha256: sha, verdict: brokenVerdict }).thenThrows('document does not exist or access denied'));
});

describe('confirming a document with an e-invoice', () => {
  it('asks for a reason when the e-invoice breaks the rules', () => {
    spec([uploaded, read, invalidRecorded])
      .when({ type: 'ConfirmDocument' })
      .thenThrows(/needs a reason of at least 5 characters/);
    spec([uploaded, read, invalidRecorded])
      .when({ type: 'ConfirmDocument', reason: '   ok ' })
      .thenThrows(/needs a reason/);
  });

  it('keeps the reason for the audit trail when an invalid e-invoice is confirmed', () =>
    spec([uploaded, read, invalidRecorded])
      .when({ type: 'ConfirmDocument', reason: ' Supplier sends a corrected invoice; amounts checked by hand. ' })
      .then([{ type: 'DocumentConfirmed', data: { category: 'ER', invalidEInvoiceReason: 'Supplier sends a corrected invoice; amounts checked by hand.' } }]));

  it('confirms a valid e-invoice without a reason and records none given', () =>
    spec([uploaded, read, validated(cleanVerdict, 'valid', { fatal: 0, warning: 0, information: 0 })])
      .when({ type: 'ConfirmDocument', reason: 'not needed' })
      .then([{ type: 'DocumentConfirmed', data: { category: 'ER' } }]));

  it('needs no reason once the document has a new file the verdict was not given on', () =>
    spec([
      uploaded,
      read,
      invalidRecorded,
      {
        type: 'DocumentPagesRevised',
        data: {
          sha256: 'c'.repeat(64),
          size: 10,
          mediaType: 'application/pdf',
          pageCount: 1,
          previousSha256: sha,
          added: 1,
          removed: 0,
          lineage: { sources: [] } as never,
        },
      },
      read,
    ])
      .when({ type: 'ConfirmDocument' })
      .then([{ type: 'DocumentConfirmed', data: { category: 'ER' } }]));
});
