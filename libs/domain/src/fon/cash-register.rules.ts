import type { CashRegisterState } from '@portal/contracts';

/**
 * The RKSV flags of a register as of `now`: a failure lasting over 48 hours must be reported within a week
 * (due 48 h + 7 days after it began); the annual receipt of last year is due by 15 February and overdue after.
 */
export function cashRegisterFlags(register: { status: CashRegisterState; statusTime: string; checkedYears: readonly number[] }, now: string) {
  const hours = (Date.parse(now) - Date.parse(register.statusTime)) / 3_600_000;
  const outage = register.status === 'failure' && hours > 48;
  const year = Number(now.slice(0, 4));
  const checked = register.checkedYears.includes(year - 1);
  const inOperation = register.status === 'in_operation' || register.status === 'failure';
  const beforeDue = now.slice(5, 10) <= '02-15';
  return {
    outage_over_48h: outage,
    outage_report_due: outage ? new Date(Date.parse(register.statusTime) + (48 + 7 * 24) * 3_600_000).toISOString() : null,
    annual_receipt_due: inOperation && !checked && beforeDue,
    annual_receipt_overdue: inOperation && !checked && !beforeDue,
  };
}
