import { cashRegisterFlags } from './cash-register.rules';

describe('cash register flags (RKSV)', () => {
  it('flags an outage over 48 hours with the report due a week later', () => {
    expect(cashRegisterFlags({ status: 'failure', statusTime: '2026-01-10T09:00:00.000Z', checkedYears: [2025] }, '2026-01-12T08:00:00.000Z')).toMatchObject({
      outage_over_48h: false,
    });
    expect(cashRegisterFlags({ status: 'failure', statusTime: '2026-01-10T09:00:00.000Z', checkedYears: [2025] }, '2026-01-12T10:00:00.000Z')).toMatchObject({
      outage_over_48h: true,
      outage_report_due: '2026-01-19T09:00:00.000Z',
    });
  });

  it('flags the annual receipt of last year as due until 15 February and overdue after, unless checked', () => {
    const r = { status: 'in_operation' as const, statusTime: '2024-01-01T00:00:00.000Z', checkedYears: [] as number[] };
    expect(cashRegisterFlags(r, '2026-02-15T20:00:00.000Z')).toMatchObject({ annual_receipt_due: true, annual_receipt_overdue: false });
    expect(cashRegisterFlags(r, '2026-02-16T08:00:00.000Z')).toMatchObject({ annual_receipt_due: false, annual_receipt_overdue: true });
    expect(cashRegisterFlags({ ...r, checkedYears: [2025] }, '2026-02-16T08:00:00.000Z')).toMatchObject({ annual_receipt_overdue: false });
    expect(cashRegisterFlags({ ...r, status: 'registered' }, '2026-02-16T08:00:00.000Z')).toMatchObject({ annual_receipt_overdue: false });
  });
});
