import { specFor } from '../../test/given-when-then';
import type { LedgerEntry } from './bank-ledger.events';
import { bankPendingDecider } from './bank-pending.decide';
import { ledgerEntry as entry } from '../../test/ledger-entry';

const given = specFor(bankPendingDecider);

describe('pending transactions', () => {
  const replace = (...entries: LedgerEntry[]) => ({ type: 'ReplacePendingTransactions' as const, importId: 'i-2', clientNo: 1001, accountId: 'acc', entries });
  it('replaces the pending set, and records nothing when it is the same', () => {
    given([])
      .when(replace(entry('p1', -300)))
      .then([{ type: 'PendingTransactionsReplaced', data: { importId: 'i-2', client_no: 1001, accountId: 'acc', entries: [entry('p1', -300)] } }]);
    given([{ type: 'PendingTransactionsReplaced', data: { importId: 'i-1', client_no: 1001, accountId: 'acc', entries: [entry('p1', -300)] } }])
      .when(replace(entry('p1', -300)))
      .then([]);
  });
});
