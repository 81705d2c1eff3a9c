import type { SvAccount, SvAccountDetail, SvTransaction, SvWarning } from '@portal/contracts';
import { svAccountFigures, type SvRateTable } from '@portal/domain';
import type { StoredSvAccount } from '@portal/read-models';

/** A reminder (MA) gives two weeks; warn from the last three days on. */
const REMINDER_DAYS = 14;
const DAY_MS = 86_400_000;
const addDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** Warnings a responsible employee acts on: a reminder's two weeks running out or gone, enforcement, instalments, insolvency, a missing rate. */
export function warningsOf(account: Pick<StoredSvAccount, 'state' | 'state_since'>, arrears: number, missingYears: number[], today: string): SvWarning[] {
  const warnings: SvWarning[] = [];
  const since = account.state_since;
  if (account.state === 'MA' && since && arrears > 0) {
    const deadline = addDays(since, REMINDER_DAYS);
    if (today > deadline)
      warnings.push({
        kind: 'reminder-expired',
        date: deadline,
        detail: `The reminder of ${since} ran out on ${deadline}; a backlog statement and enforcement follow.`,
      });
    else if (today >= addDays(deadline, -3))
      warnings.push({ kind: 'reminder-running-out', date: deadline, detail: `The reminder of ${since} runs out on ${deadline}.` });
  }
  if (account.state === 'EX') warnings.push({ kind: 'enforcement', date: since, detail: 'Enforcement (execution) is under way.' });
  // The statement carries no instalment plan: the figures stay those of the account, the agreement is shown (no reminder or enforcement warnings then).
  if (account.state === 'RV') warnings.push({ kind: 'instalments', date: since, detail: 'An instalment agreement governs what is due; interest runs on.' });
  if (account.state === 'I')
    warnings.push({ kind: 'insolvency', date: since, detail: 'The arrears are an insolvency claim; they earn no interest from the opening on.' });
  for (const year of missingYears)
    warnings.push({ kind: 'missing-rate', date: `${year}-01-01`, detail: `No interest rate for ${year} in the table; the nearest earlier one was used.` });
  return warnings;
}

/** The account's rate table: its own agreed rate for every year, else the firm's table. */
export function tableFor(account: StoredSvAccount, rates: SvRateTable): SvRateTable {
  if (account.verzugszinsatz_pro_jahr === null) return rates;
  const years = Object.keys(rates).map(Number);
  const own: Record<number, number> = {};
  for (let y = Math.min(2000, ...years); y <= 2100; y++) own[y] = account.verzugszinsatz_pro_jahr;
  return own;
}

export function computeAccount(account: StoredSvAccount, transactions: readonly SvTransaction[], rates: SvRateTable, today: string): SvAccountDetail {
  const figures = svAccountFigures(
    transactions.map((t) => ({
      bookingDate: t.buchungsDatum,
      valueDate: t.wertstellungsDatum,
      period: t.beitragszeitraum,
      debit: t.soll,
      credit: t.haben,
      state: t.buchungszustand,
    })),
    tableFor(account, rates),
    today,
    { kind: account.kind ?? 'OEGK', insolvencyFrom: account.state === 'I' ? account.state_since : null },
  );
  const base: SvAccount = {
    ...account,
    saldo: figures.balance,
    arrears: figures.arrears,
    interest_to_date: figures.interest,
    to_pay_today: figures.toPayToday,
    as_of: today,
    warnings: warningsOf(account, figures.arrears, figures.missingRateYears, today),
  };
  return { ...base, periods: figures.periods, balance_over_time: figures.balanceOverTime, missing_rate_years: figures.missingRateYears };
}
