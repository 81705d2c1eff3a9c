import { specFor } from '../../test/given-when-then';
import { bankImportDecider, type RecordImportFailure } from './bank-import.decide';
import type { BankImportEvent, ImportSummary } from './bank-import.events';

const given = specFor(bankImportDecider);
const summary: ImportSummary = {
  client_no: 1001,
  account_ids: ['a'],
  file_name: 'camt.xml',
  format: 'camt.053.001.08',
  bank: 'UniCredit Bank Austria',
  statements: [],
  added: 1,
  duplicates: 0,
  pending: 0,
  skipped: 0,
  created_accounts: [],
  warnings: [],
};
const imported: BankImportEvent = { type: 'BankStatementImported', data: { importId: 'i1', ...summary } };
const fail: RecordImportFailure = {
  type: 'RecordImportFailure',
  importId: 'i1',
  clientNo: 1001,
  fileName: 'camt.xml',
  format: 'camt.053.001.08',
  reason: '  The account AT61 is archived; restore it to import statements. ',
};

describe('bank import: RecordImportFailure', () => {
  it('records why an import stopped, with the client, file and format, for the error view', () => {
    given([])
      .when(fail)
      .then([
        {
          type: 'BankStatementImportFailed',
          data: {
            importId: 'i1',
            client_no: 1001,
            file_name: 'camt.xml',
            format: 'camt.053.001.08',
            reason: 'The account AT61 is archived; restore it to import statements.',
          },
        },
      ]);
  });

  it('gives a failure without a reason a general one', () => {
    given([])
      .when({ ...fail, reason: ' ' })
      .then([
        {
          type: 'BankStatementImportFailed',
          data: { importId: 'i1', client_no: 1001, file_name: 'camt.xml', format: 'camt.053.001.08', reason: 'The import failed.' },
        },
      ]);
  });

  it('records nothing when the import was recorded after all', () => {
    given([imported]).when(fail).then([]);
  });

  it('still records the import after a failed attempt with the same id', () => {
    const failed: BankImportEvent = {
      type: 'BankStatementImportFailed',
      data: { importId: 'i1', client_no: 1001, file_name: 'camt.xml', format: 'camt.053.001.08', reason: 'x' },
    };
    given([failed]).when({ type: 'RecordImport', importId: 'i1', summary }).then([imported]);
  });
});
