import { specFor } from '../../test/given-when-then';
import { documentDecider } from './document.decide';
import type { DocumentEvent } from './document.events';

const spec = specFor(documentDecider, { now: '2026-03-01T09:00:00.000Z', userId: 'u1' });
const uploaded: DocumentEvent = {
  type: 'DocumentUploaded',
  data: {
    documentId: 42,
    clientNo: 1001,
    fileName: 'scan.pdf',
    mediaType: 'application/pdf',
    size: 1234,
    sha256: 'a'.repeat(64),
    category: 'ER_U',
    title: 'scan',
  },
};
const text: DocumentEvent = {
  type: 'DocumentTextExtracted',
  data: { origin: 1, pages: 2, pageOrigins: [1, 1], textSha256: 'b'.repeat(64), textLength: 900, language: 'de', ms: 12 },
};
const fields: DocumentEvent = {
  type: 'DocumentFieldsExtracted',
  data: { origin: 1, fields: { invoice_number: 'RE-7', gross_amount: 120 }, fieldOrigins: { invoice_number: 1 }, einvoice: null },
};
const box = { page: 1, x: 400, y: 100, width: 80, height: 12 };
const labeled = (
  labelId: string,
  field: 'invoice_number' | 'gross_amount',
  value: string | number,
  previous: string | number | null,
  t = 'RE-8',
): DocumentEvent => ({
  type: 'DocumentFieldLabeled',
  data: { labelId, field, box, text: t, value, previous },
});
const confirmed: DocumentEvent = { type: 'DocumentConfirmed', data: { category: 'ER' } };
const booked: DocumentEvent = { type: 'DocumentBooked', data: {} };

describe('labels on a document', () => {
  it('records a label with its box, the words under it and the value it replaces', () =>
    spec([uploaded, text, fields])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box, text: ' RE-8 ', value: 'RE-8' })
      .then([labeled('l1', 'invoice_number', 'RE-8', 'RE-7')]));
  it('reads amounts as numbers rounded to cents', () =>
    spec([uploaded, text, fields])
      .when({ type: 'LabelField', labelId: 'l2', field: 'gross_amount', box, text: '130,004', value: 130.004 })
      .then([labeled('l2', 'gross_amount', 130, 120, '130,004')]));
  it('corrects a label by a second label on the same field, which remembers the first value', () =>
    spec([uploaded, text, fields, labeled('l1', 'invoice_number', 'RE-8', 'RE-7')])
      .when({ type: 'LabelField', labelId: 'l2', field: 'invoice_number', box, text: 'RE-9', value: 'RE-9' })
      .then([labeled('l2', 'invoice_number', 'RE-9', 'RE-8', 'RE-9')]));
  it('refuses a box on a page the document does not have', () =>
    spec([uploaded, text])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box: { ...box, page: 3 }, text: 'x', value: 'x' })
      .thenThrows('The page 3 does not exist in the document.'));
  it('refuses a box without width', () =>
    spec([uploaded, text])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box: { ...box, width: 0 }, text: 'x', value: 'x' })
      .thenThrows('The box must lie on the page and have a width and a height.'));
  it('refuses an invalid IBAN and a date that is not a date', () => {
    spec([uploaded, text]).when({ type: 'LabelField', labelId: 'l1', field: 'iban', box, text: 'AT00', value: 'AT00 1234' }).thenThrows('IBAN invalid');
    spec([uploaded, text]).when({ type: 'LabelField', labelId: 'l1', field: 'invoice_date', box, text: 'x', value: '31.02.2026' }).thenThrows('Date invalid');
  });
  it('refuses the same label id twice', () =>
    spec([uploaded, text, fields, labeled('l1', 'invoice_number', 'RE-8', 'RE-7')])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box, text: 'RE-8', value: 'RE-8' })
      .thenThrows('This label was already recorded.'));
  it('on a confirmed document only marks where the confirmed value stands', () => {
    spec([uploaded, text, fields, confirmed])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box, text: 'RE-7', value: 'RE-7' })
      .then([labeled('l1', 'invoice_number', 'RE-7', 'RE-7', 'RE-7')]);
    spec([uploaded, text, fields, confirmed])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box, text: 'RE-8', value: 'RE-8' })
      .thenThrows(/confirmed/);
  });
  it('refuses labels on a booked document', () =>
    spec([uploaded, text, fields, confirmed, booked])
      .when({ type: 'LabelField', labelId: 'l1', field: 'invoice_number', box, text: 'RE-7', value: 'RE-7' })
      .thenThrows('A booked document cannot be changed.'));

  it('undoes the latest label of a field and restores the value before it', () =>
    spec([uploaded, text, fields, labeled('l1', 'invoice_number', 'RE-8', 'RE-7')])
      .when({ type: 'UndoLabel', labelId: 'l1' })
      .then([{ type: 'DocumentLabelUndone', data: { labelId: 'l1', field: 'invoice_number', restores: true, restored: 'RE-7' } }]));
  it('undoes an older label without touching the value a later label set', () =>
    spec([uploaded, text, fields, labeled('l1', 'invoice_number', 'RE-8', 'RE-7'), labeled('l2', 'invoice_number', 'RE-9', 'RE-8', 'RE-9')])
      .when({ type: 'UndoLabel', labelId: 'l1' })
      .then([{ type: 'DocumentLabelUndone', data: { labelId: 'l1', field: 'invoice_number', restores: false, restored: null } }]));
  it('refuses to undo a label that does not exist (or was undone)', () =>
    spec([
      uploaded,
      text,
      fields,
      labeled('l1', 'invoice_number', 'RE-8', 'RE-7'),
      { type: 'DocumentLabelUndone', data: { labelId: 'l1', field: 'invoice_number', restores: true, restored: 'RE-7' } },
    ])
      .when({ type: 'UndoLabel', labelId: 'l1' })
      .thenThrows('The label does not exist.'));
});

describe('payroll documents', () => {
  it('records a payroll upload', () =>
    spec([])
      .when({
        type: 'UploadDocument',
        documentId: 42,
        clientNo: 1001,
        fileName: 'scan.pdf',
        mediaType: 'application/pdf',
        size: 1234,
        sha256: 'a'.repeat(64),
        category: 'ER_U',
        payroll: true,
      })
      .then([{ type: 'DocumentUploaded', data: { ...(uploaded.data as object), payroll: true } as never }]));
  it('marks a document as payroll and back, and ignores a mark that changes nothing', () => {
    spec([uploaded])
      .when({ type: 'MarkPayroll', payroll: true })
      .then([{ type: 'DocumentPayrollMarked', data: { payroll: true, suggested: false } }]);
    spec([uploaded, { type: 'DocumentPayrollMarked', data: { payroll: true, suggested: true } }])
      .when({ type: 'MarkPayroll', payroll: false })
      .then([{ type: 'DocumentPayrollMarked', data: { payroll: false, suggested: false } }]);
    spec([uploaded]).when({ type: 'MarkPayroll', payroll: false }).then([]);
  });
  it("takes the extraction's payroll suggestion", () =>
    spec([uploaded])
      .when({ type: 'RecordExtraction', text: text.data as never, fields: null, problem: null, payrollSuggested: true })
      .then([text, { type: 'DocumentPayrollMarked', data: { payroll: true, suggested: true } }]));
});
