import { ORIGIN } from '@portal/contracts';
import { recorded } from '../../test/report-facts';
import { evolveDocumentFact, type DocumentFact } from './document-fact.rules';
import type { LedgerEvent } from './ledger.rules';

const stream = 'document-7';
const uploaded = recorded(stream, 'DocumentUploaded', {
  documentId: 7,
  clientNo: 1001,
  fileName: 'a.pdf',
  mediaType: 'application/pdf',
  size: 1,
  sha256: 'x',
  category: 'ER_U',
  title: 'a',
});
const factAfter = (...events: LedgerEvent[]) => events.reduce<DocumentFact | null>(evolveDocumentFact, null);

describe('the document fact the reports read', () => {
  it('starts at the upload with no booking fields, and knows no document before it', () => {
    expect(factAfter(recorded(stream, 'DocumentConfirmed', { category: 'ER' }))).toBeNull();
    expect(factAfter(uploaded)).toMatchObject({
      id: 7,
      client_no: 1001,
      category: 'ER_U',
      deleted: false,
      uploaded_at: uploaded.metadata.time,
      uploaded_by: 'anna',
      confirmed_at: null,
      erp_status: null,
      origins: {},
    });
    expect(factAfter(uploaded)?.booking.invoice_number).toBeNull();
  });

  it('takes extracted values only into empty fields, each with its origin, and an edit with the editor origin', () => {
    const edited = recorded(stream, 'DocumentFieldsEdited', { changes: { invoice_number: { old: null, new: 'R-1' } }, correction: false });
    const extracted = recorded(stream, 'DocumentFieldsExtracted', {
      origin: ORIGIN.PDF_Parse,
      fields: { invoice_number: 'R-9', gross_amount: 120 },
      fieldOrigins: { gross_amount: ORIGIN.OCR },
      einvoice: null,
    });
    const fact = factAfter(uploaded, edited, extracted);
    expect(fact?.booking).toMatchObject({ invoice_number: 'R-1', gross_amount: 120 });
    expect(fact?.origins).toEqual({ invoice_number: ORIGIN.Human_Labeling, gross_amount: ORIGIN.OCR });
    const byRule = recorded(
      stream,
      'DocumentFieldsEdited',
      { changes: { gross_amount: { old: 120, new: 121 } }, correction: true },
      { originCode: ORIGIN.RPA_Address_Database },
    );
    expect(factAfter(uploaded, extracted, byRule)?.origins).toMatchObject({ invoice_number: ORIGIN.PDF_Parse, gross_amount: ORIGIN.RPA_Address_Database });
  });

  it('counts an import into the accounting system as confirmed and booked then, unless that happened before', () => {
    const confirmed = recorded(stream, 'DocumentConfirmed', { category: 'ER' });
    const imported = recorded(stream, 'DocumentErpStatusRecorded', { status: 'imported', reason: '' });
    expect(factAfter(uploaded, imported)).toMatchObject({
      erp_status: 'imported',
      erp_at: imported.metadata.time,
      confirmed_at: imported.metadata.time,
      booked_at: imported.metadata.time,
    });
    expect(factAfter(uploaded, confirmed, imported)).toMatchObject({
      category: 'ER',
      confirmed_at: confirmed.metadata.time,
      booked_at: imported.metadata.time,
    });
    expect(factAfter(uploaded, recorded(stream, 'DocumentErpStatusRecorded', { status: 'error', reason: 'no account' }))).toMatchObject({
      erp_status: 'error',
      confirmed_at: null,
      booked_at: null,
    });
  });

  it('follows the trash, forgets a purged document, and marks payroll documents', () => {
    const trashed = recorded(stream, 'DocumentMovedToTrash', { purgeAfter: '2026-03-01' });
    expect(factAfter(uploaded, trashed)?.deleted).toBe(true);
    expect(factAfter(uploaded, trashed, recorded(stream, 'DocumentRestored', {}))?.deleted).toBe(false);
    expect(factAfter(uploaded, trashed, recorded(stream, 'DocumentPurged', { sha256: 'x', textSha256: null, reason: 'retention' }))).toBeNull();
    const payroll = recorded(stream, 'DocumentPayrollMarked', { payroll: true, suggested: false });
    expect(factAfter(uploaded, payroll)?.payroll).toBe(true);
    expect(factAfter(uploaded, payroll, recorded(stream, 'DocumentPayrollMarked', { payroll: false, suggested: false }))).not.toHaveProperty('payroll');
  });

  it("keeps the rules' verdict on the e-invoice until the document gets another file", () => {
    const validated = recorded(stream, 'DocumentEInvoiceValidated', { validity: 'invalid', sha256: 'x' });
    expect(factAfter(uploaded)).not.toHaveProperty('einvoice_validity');
    expect(factAfter(uploaded, validated)?.einvoice_validity).toBe('invalid');
    expect(factAfter(uploaded, validated, recorded(stream, 'DocumentEInvoiceValidated', { validity: 'valid', sha256: 'x' }))?.einvoice_validity).toBe('valid');
    expect(factAfter(uploaded, validated, recorded(stream, 'DocumentPagesRevised', { sha256: 'y' }))).not.toHaveProperty('einvoice_validity');
  });

  it('leaves the fact as it was for events that reports do not read', () => {
    const fact = factAfter(uploaded);
    expect(evolveDocumentFact(fact, recorded(stream, 'DocumentFlagged', { flag: 'Broken', reason: 'r' }))).toBe(fact);
  });
});
