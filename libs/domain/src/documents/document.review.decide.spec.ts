import { specFor } from '../../test/given-when-then';
import { documentDecider } from './document.decide';
import type { DocumentEvent } from './document.events';

const spec = specFor(documentDecider, { now: '2026-03-01T09:00:00.000Z', userId: 'u1' });
const uploaded: DocumentEvent = {
  type: 'DocumentUploaded',
  data: { documentId: 7, clientNo: 1001, fileName: 'a.pdf', mediaType: 'application/pdf', size: 10, sha256: 'a'.repeat(64), category: 'ER_U', title: 'a' },
};
const extracted: DocumentEvent = {
  type: 'DocumentFieldsExtracted',
  data: {
    origin: 2,
    fields: { invoice_number: 'RE-1', net_amount: 100, tax_amount: 20, gross_amount: 120, tax_rates: [20], iban: 'AT611904300234573201' },
    fieldOrigins: { net_amount: 2 },
    einvoice: null,
  },
};
const edited = (changes: object, correction = false): DocumentEvent => ({ type: 'DocumentFieldsEdited', data: { changes, correction } as never });
const confirmed: DocumentEvent = { type: 'DocumentConfirmed', data: { category: 'ER' } };
const booked: DocumentEvent = { type: 'DocumentBooked', data: {} };
const wrongSum = edited({ gross_amount: { old: 120, new: 130 } });

describe('document review: edit, confirm, book, ERP status', () => {
  describe('when extracted and unconfirmed', () => {
    it('records each changed field with its old and new value', () =>
      spec([uploaded, extracted])
        .when({
          type: 'EditDocumentFields',
          fields: { supplier_account: '700010', expense_account: '720000', net_amount: 100, document_type: 'FS', subject: '  Strom März ' },
        })
        .then([
          edited({
            supplier_account: { old: null, new: '700010' },
            expense_account: { old: null, new: '720000' },
            document_type: { old: null, new: 'FS' },
            subject: { old: null, new: 'Strom März' },
          }),
        ]));

    it('records nothing when every value stays the same', () =>
      spec([uploaded, extracted])
        .when({ type: 'EditDocumentFields', fields: { invoice_number: 'RE-1', net_amount: 100 } })
        .then([]));

    it('stores an IBAN in electronic format', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { iban: 'de89 3704 0044 0532 0130 00' } })
        .then([edited({ iban: { old: null, new: 'DE89370400440532013000' } })]));

    it('renames and refiles in the same edit', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { currency: 'eur' }, title: 'Strom', category: 'KA' })
        .then([
          { type: 'DocumentRenamed', data: { title: 'Strom', previous: 'a' } },
          { type: 'DocumentClassified', data: { category: 'KA', previous: 'ER_U' } },
          edited({ currency: { old: null, new: 'EUR' } }),
        ]));

    it('refuses an invalid IBAN with the spec text "IBAN invalid"', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { iban: 'AT61 1904 3002 3457 3202' } })
        .thenThrows('IBAN invalid'));

    it('refuses a supplier account that is not six digits with "Six digits required"', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { supplier_account: '7000' } })
        .thenThrows('Six digits required'));

    it('refuses an expense account with letters', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { expense_account: '72000A' } })
        .thenThrows('Six digits required'));

    it('refuses a date that does not exist', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { invoice_date: '2026-02-30' } })
        .thenThrows('Date invalid'));

    it('refuses a cash discount date after the due date', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { due_date: '2026-04-14', discount_due_date: '2026-04-20' } })
        .thenThrows('The cash discount date is after the due date'));

    it('refuses an accrual period that ends before it starts', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { accrual_start: '2026-03-01', accrual_end: '2026-02-01' } })
        .thenThrows('Accrual end is before accrual start'));

    it('refuses a document type other than PS, FS or DP', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { document_type: 'XX' as never } })
        .thenThrows('document_type must be one of PS, FS, DP.'));

    it('refuses a field it does not know', () =>
      spec([uploaded])
        .when({ type: 'EditDocumentFields', fields: { colour: 'red' } as never })
        .thenThrows('Unknown field colour.'));

    it('saves a draft whose sum is incorrect, as the warning is shown on the record', () =>
      spec([uploaded, extracted])
        .when({ type: 'EditDocumentFields', fields: { gross_amount: 130 } })
        .then([wrongSum]));

    it('refuses to confirm while the sum is incorrect, naming sum and difference', () =>
      spec([uploaded, extracted, wrongSum]).when({ type: 'ConfirmDocument' }).thenThrows('Cannot confirm: Sum incorrect (sum 120.00, difference 10.00)'));

    it('confirms when a tax amount differs from the calculated value, as that is only flagged', () =>
      spec([uploaded, extracted, edited({ tax_amount: { old: 20, new: 20.5 }, gross_amount: { old: 120, new: 120.5 } })])
        .when({ type: 'ConfirmDocument' })
        .then([confirmed]));

    it('refuses to record an import of an unconfirmed document', () =>
      spec([uploaded]).when({ type: 'RecordErpStatus', status: 'imported', reason: '' }).thenThrows('Only confirmed documents can be marked as imported.'));
  });

  describe('when confirmed', () => {
    it('records a correction as such', () =>
      spec([uploaded, extracted, confirmed])
        .when({ type: 'EditDocumentFields', fields: { expense_account: '720000' } })
        .then([edited({ expense_account: { old: null, new: '720000' } }, true)]));

    it('refuses a correction that leaves the sum incorrect', () =>
      spec([uploaded, extracted, confirmed])
        .when({ type: 'EditDocumentFields', fields: { gross_amount: 125 } })
        .thenThrows(/^A confirmed document must stay consistent: Sum incorrect \(sum 120.00, difference 5.00\)$/));

    it('books it once its accounts and date are filled', () =>
      spec([
        uploaded,
        extracted,
        edited({
          supplier_account: { old: null, new: '330100' },
          expense_account: { old: null, new: '510000' },
          invoice_date: { old: null, new: '2026-02-27' },
        }),
        confirmed,
      ])
        .when({ type: 'BookDocument' })
        .then([booked]));

    it('records nothing for a second confirmation', () => spec([uploaded, extracted, confirmed]).when({ type: 'ConfirmDocument' }).then([]));

    it('records an import error with its reason', () =>
      spec([uploaded, confirmed])
        .when({ type: 'RecordErpStatus', status: 'error', reason: 'Account 700010 unknown in DATEV' })
        .then([{ type: 'DocumentErpStatusRecorded', data: { status: 'error', reason: 'Account 700010 unknown in DATEV' } }]));

    it('refuses an import error without a reason', () =>
      spec([uploaded, confirmed]).when({ type: 'RecordErpStatus', status: 'error', reason: ' ' }).thenThrows('An import error or note needs a reason.'));
  });

  describe('when booked', () => {
    it('refuses any further edit', () =>
      spec([uploaded, confirmed, booked])
        .when({ type: 'EditDocumentFields', fields: { subject: 'x' } })
        .thenThrows('A booked document cannot be changed.'));

    it('records nothing for a second booking', () => spec([uploaded, confirmed, booked]).when({ type: 'BookDocument' }).then([]));

    it('records the import into the accounting system', () =>
      spec([uploaded, confirmed, booked])
        .when({ type: 'RecordErpStatus', status: 'imported', reason: 'DATEV batch 2026-03' })
        .then([{ type: 'DocumentErpStatusRecorded', data: { status: 'imported', reason: 'DATEV batch 2026-03' } }]));
  });

  describe('when imported', () => {
    const imported: DocumentEvent = { type: 'DocumentErpStatusRecorded', data: { status: 'imported', reason: '' } };
    it('refuses an import error afterwards', () =>
      spec([uploaded, confirmed, imported])
        .when({ type: 'RecordErpStatus', status: 'error', reason: 'x' })
        .thenThrows(/already imported/));
    it('records nothing for a second import', () =>
      spec([uploaded, confirmed, imported]).when({ type: 'RecordErpStatus', status: 'imported', reason: '' }).then([]));
    it('accepts an informational note', () =>
      spec([uploaded, confirmed, imported])
        .when({ type: 'RecordErpStatus', status: 'info', reason: 'Booked with a different tax code' })
        .then([{ type: 'DocumentErpStatusRecorded', data: { status: 'info', reason: 'Booked with a different tax code' } }]));
    it('is locked against edits, as imported counts as booked', () =>
      spec([uploaded, confirmed, imported])
        .when({ type: 'EditDocumentFields', fields: { subject: 'x' } })
        .thenThrows('A booked document cannot be changed.'));
  });

  describe('when trashed', () => {
    it('refuses edits until restored', () =>
      spec([uploaded, { type: 'DocumentMovedToTrash', data: { purgeAfter: '2026-03-31T09:00:00.000Z' } }])
        .when({ type: 'EditDocumentFields', fields: { subject: 'x' } })
        .thenThrows(/restore it before you change it/));
  });

  it('keeps a value a reviewer typed when the extraction arrives later', () =>
    spec([uploaded, edited({ net_amount: { old: null, new: 90 } }), extracted])
      .when({ type: 'EditDocumentFields', fields: { net_amount: 90, tax_amount: 20 } })
      .then([]));
});
