import { specFor } from '../../test/given-when-then';
import { cashRegisterDecider, cashRegisterFlags, type CashRegisterEvent } from './cash-register';
import { fonUserDecider } from './fon-user';

const registered: CashRegisterEvent = { type: 'CashRegisterRegistered', data: { registerId: 'r1', firmId: 'f1', clientNo: 1001, taxId: '811234567', name: 'Kassa Gastgarten', regKassaId: 'KASSE-01', registeredDate: '2024-03-01', status: 'in_operation', statusTime: '2024-03-01T08:00:00.000Z' } };

describe('cash register (RKSV)', () => {
  const spec = specFor(cashRegisterDecider);

  it('records a failure with its time, and refuses a state older than the current one', () => {
    spec([registered]).when({ type: 'ChangeCashRegisterStatus', status: 'failure', statusTime: '2026-01-10T09:00:00.000Z' }).then([
      { type: 'CashRegisterStatusChanged', data: { status: 'failure', statusTime: '2026-01-10T09:00:00.000Z', previous: 'in_operation' } },
    ]);
    spec([registered]).when({ type: 'ChangeCashRegisterStatus', status: 'failure', statusTime: '2020-01-01T00:00:00.000Z' }).thenThrows(/older/);
  });

  it('flags an outage over 48 hours with the report due a week later', () => {
    expect(cashRegisterFlags({ status: 'failure', statusTime: '2026-01-10T09:00:00.000Z', checkedYears: [2025] }, '2026-01-12T08:00:00.000Z')).toMatchObject({ outage_over_48h: false });
    expect(cashRegisterFlags({ status: 'failure', statusTime: '2026-01-10T09:00:00.000Z', checkedYears: [2025] }, '2026-01-12T10:00:00.000Z')).toMatchObject({ outage_over_48h: true, outage_report_due: '2026-01-19T09:00:00.000Z' });
  });

  it('flags the annual receipt of last year as due until 15 February and overdue after, unless checked', () => {
    const r = { status: 'in_operation' as const, statusTime: '2024-01-01T00:00:00.000Z', checkedYears: [] as number[] };
    expect(cashRegisterFlags(r, '2026-02-15T20:00:00.000Z')).toMatchObject({ annual_receipt_due: true, annual_receipt_overdue: false });
    expect(cashRegisterFlags(r, '2026-02-16T08:00:00.000Z')).toMatchObject({ annual_receipt_due: false, annual_receipt_overdue: true });
    expect(cashRegisterFlags({ ...r, checkedYears: [2025] }, '2026-02-16T08:00:00.000Z')).toMatchObject({ annual_receipt_overdue: false });
    expect(cashRegisterFlags({ ...r, status: 'registered' }, '2026-02-16T08:00:00.000Z')).toMatchObject({ annual_receipt_overdue: false });
  });

  it('records an annual receipt check once per year', () => {
    spec([registered]).when({ type: 'CheckAnnualReceipt', year: 2025 }).then([{ type: 'AnnualReceiptChecked', data: { year: 2025 } }]);
    spec([registered, { type: 'AnnualReceiptChecked', data: { year: 2025 } }]).when({ type: 'CheckAnnualReceipt', year: 2025 }).then([]);
  });
});

describe('FON user', () => {
  const spec = specFor(fonUserDecider);
  const values = { firmId: 'f1', name: 'FON Quote 2025', quotaYear: 2025, type: 'webservice' as const, tid: 123456789, benid: 'WSUSER01' };
  const pin = { alg: 'AES-256-GCM' as const, kid: 'k', iv: 'a', tag: 'b', data: 'c' };

  it('needs TID, Benutzer-ID and PIN for a web-service user, and a number as quota year and TID', () => {
    spec([]).when({ type: 'RegisterFonUser', userId: 'u1', values, pin: null }).thenThrows('Required field');
    spec([]).when({ type: 'RegisterFonUser', userId: 'u1', values: { ...values, tid: 12.5 }, pin }).thenThrows('must be a number');
    spec([]).when({ type: 'RegisterFonUser', userId: 'u1', values: { ...values, quotaYear: Number.NaN }, pin }).thenThrows('must be a number');
    spec([]).when({ type: 'RegisterFonUser', userId: 'u1', values: { ...values, type: 'file', tid: null, benid: null }, pin: null }).then([
      { type: 'FonUserRegistered', data: { userId: 'u1', ...values, type: 'file', tid: null, benid: null, pin: null } },
    ]);
  });

  it('keeps the PIN when an edit brings none', () =>
    spec([{ type: 'FonUserRegistered', data: { userId: 'u1', ...values, pin } }]).when({ type: 'ChangeFonUser', changes: { name: 'FON 2025 Linz' } }).then([{ type: 'FonUserChanged', data: { changes: { name: 'FON 2025 Linz' } } }]));
});
