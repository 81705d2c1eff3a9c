import { specFor } from '../../test/given-when-then';
import { cashRegisterDecider } from './cash-register.decide';
import type { CashRegisterEvent } from './cash-register.events';

const registered: CashRegisterEvent = {
  type: 'CashRegisterRegistered',
  data: {
    registerId: 'r1',
    firmId: 'f1',
    clientNo: 1001,
    taxId: '811234567',
    name: 'Kassa Gastgarten',
    regKassaId: 'KASSE-01',
    registeredDate: '2024-03-01',
    status: 'in_operation',
    statusTime: '2024-03-01T08:00:00.000Z',
  },
};

describe('cash register (RKSV)', () => {
  const spec = specFor(cashRegisterDecider);

  it('records a failure with its time, and refuses a state older than the current one', () => {
    spec([registered])
      .when({ type: 'ChangeCashRegisterStatus', status: 'failure', statusTime: '2026-01-10T09:00:00.000Z' })
      .then([{ type: 'CashRegisterStatusChanged', data: { status: 'failure', statusTime: '2026-01-10T09:00:00.000Z', previous: 'in_operation' } }]);
    spec([registered]).when({ type: 'ChangeCashRegisterStatus', status: 'failure', statusTime: '2020-01-01T00:00:00.000Z' }).thenThrows(/older/);
  });

  it('records an annual receipt check once per year', () => {
    spec([registered])
      .when({ type: 'CheckAnnualReceipt', year: 2025 })
      .then([{ type: 'AnnualReceiptChecked', data: { year: 2025 } }]);
    spec([registered, { type: 'AnnualReceiptChecked', data: { year: 2025 } }])
      .when({ type: 'CheckAnnualReceipt', year: 2025 })
      .then([]);
  });
});
