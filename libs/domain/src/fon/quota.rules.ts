import type { QuotaDeadline, QuotaFigures, QuotaWarning } from '@portal/contracts';

/** One return as the quota counts it. */
export interface QuotaReturn {
  /** Registered for the quota and counted (not "not relevant", not a return type the QuRV leaves out). */
  counted: boolean;
  /** A § 188 determination with business income: also in the sub-quota. */
  businessIncome: boolean;
  /** Submission date (abgabedatum), YYYY-MM-DD. */
  filedOn: string | null;
  /** How many returns alike this entry stands for (a tax office's counts give one entry per filing day); 1 when absent. */
  count?: number;
  /**
   * When its tax number was registered for the quota (YYYY-MM-DD); absent or by 30 June Y+1: from the start. A
   * later registration (QuRV § 2 (3): change of representative, restructuring, a new tax number) counts from the
   * deadline after it, never for deadlines already due (BMF, answer of 16 Feb 2024).
   */
  registeredOn?: string | null;
}

const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
/** The last day of February (28 or 29). */
export const endOfFebruary = (year: number) => iso(year, 2, new Date(Date.UTC(year, 2, 0)).getUTCDate());
const dayNumber = (date: string) => Math.floor(Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000);
export const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);

/**
 * The deadlines of tax year Y (QuRV § 4): 20 % by 31 Oct Y+1, 40 % by 30 Nov Y+1, 60 % by 31 Jan Y+2, 80 % by the
 * end of February Y+2, 100 % by 31 Mar Y+2; business-income determinations 50 % by 30 Nov Y+1, 100 % by 31 Jan Y+2.
 */
export function quotaDeadlines(taxYear: number): {
  main: Array<{ step: number; date: string; target: number }>;
  business: Array<{ step: number; date: string; target: number }>;
  extension: string;
} {
  const y1 = taxYear + 1;
  const y2 = taxYear + 2;
  return {
    main: [
      { step: 1, date: iso(y1, 10, 31), target: 20 },
      { step: 2, date: iso(y1, 11, 30), target: 40 },
      { step: 3, date: iso(y2, 1, 31), target: 60 },
      { step: 4, date: endOfFebruary(y2), target: 80 },
      { step: 5, date: iso(y2, 3, 31), target: 100 },
    ],
    business: [
      { step: 1, date: iso(y1, 11, 30), target: 50 },
      { step: 2, date: iso(y2, 1, 31), target: 100 },
    ],
    extension: iso(y2, 6, 30),
  };
}

/** Filed returns over time: the filing days in order with the running total. */
class FiledOverTime {
  readonly days: string[] = [];
  readonly totals: number[] = [];

  constructor(returns: readonly QuotaReturn[]) {
    const perDay = new Map<string, number>();
    for (const r of returns) if (r.filedOn !== null) perDay.set(r.filedOn, (perDay.get(r.filedOn) ?? 0) + weightOf(r));
    let total = 0;
    for (const day of [...perDay.keys()].sort()) {
      this.days.push(day);
      this.totals.push((total += perDay.get(day)!));
    }
  }

  /** Filed on or before `date`. */
  by(date: string): number {
    let low = 0;
    let high = this.days.length;
    while (low < high) {
      const mid = (low + high) >> 1;
      if (this.days[mid]! <= date) low = mid + 1;
      else high = mid;
    }
    return low === 0 ? 0 : this.totals[low - 1]!;
  }
}

const weightOf = (r: QuotaReturn) => r.count ?? 1;
const sumOf = (returns: readonly QuotaReturn[]) => returns.reduce((n, r) => n + weightOf(r), 0);

/** The last day to register tax numbers of tax year Y for the quota: 30 June Y+1. */
export const quotaRegistrationDeadline = (taxYear: number) => iso(taxYear + 1, 6, 30);

/** The returns a deadline on `date` counts: registered in time, or late but before that day. */
function countedFor(returns: readonly QuotaReturn[], taxYear: number, date: string): QuotaReturn[] {
  const inTime = quotaRegistrationDeadline(taxYear);
  return returns.filter((r) => !r.registeredOn || r.registeredOn <= inTime || r.registeredOn < date);
}

function evaluate(
  steps: Array<{ step: number; date: string; target: number }>,
  returns: readonly QuotaReturn[],
  taxYear: number,
  today: string,
): QuotaDeadline[] {
  const elapsed = Math.max(1, daysBetween(iso(taxYear + 1, 1, 1), today) + 1);
  return steps.map(({ step, date, target }) => {
    const counted = countedFor(returns, taxYear, date);
    const base = sumOf(counted);
    const filed = new FiledOverTime(counted);
    const filedToday = filed.by(today);
    const pace = filedToday / elapsed;
    const required = Math.ceil((base * target) / 100 - 1e-9);
    const passed = date < today;
    const filedThen = passed ? filed.by(date) : filedToday;
    const daysLeft = daysBetween(today, date);
    const projected = passed ? filedThen : Math.min(base, Math.floor(filedToday + pace * Math.max(0, daysLeft)));
    const state: QuotaDeadline['state'] = filedThen >= required ? 'met' : passed ? 'missed' : projected >= required ? 'on_track' : 'at_risk';
    return {
      step,
      date,
      target,
      required,
      filed: filedThen,
      still_needed: Math.max(0, required - filedThen),
      days_left: daysLeft,
      projected,
      projected_shortfall: Math.max(0, required - projected),
      state,
    };
  });
}

/** Misses in a row up to the last passed deadline. */
function missesInARow(deadlines: QuotaDeadline[], today: string): number {
  let run = 0;
  for (const d of deadlines.filter((x) => x.date < today)) run = d.state === 'missed' ? run + 1 : 0;
  return run;
}

/**
 * The office's warning from the same deadline states the rows show: four misses in a row, or the business-income
 * sub-quota's first deadline missed, recall the open returns; three threaten recall; one or two (or a missed
 * business-income deadline) warn; with no miss, a deadline still ahead (main or business income) that today's pace
 * would miss is at risk. "None" only when every deadline ahead is on track or met.
 */
export function quotaWarning(deadlines: readonly QuotaDeadline[], businessDeadlines: readonly QuotaDeadline[], today: string): QuotaWarning {
  const misses = missesInARow([...deadlines], today);
  if (misses >= 4 || businessDeadlines[0]?.state === 'missed') return 'recall';
  if (misses === 3) return 'recall_threatened';
  if (misses >= 1 || businessDeadlines.some((d) => d.state === 'missed')) return 'warning';
  return firstAtRisk(deadlines, businessDeadlines, today) ? 'at_risk' : 'none';
}

/** The first deadline ahead, main or business income, that the pace so far would miss: what an 'at_risk' warning is about. */
export function firstAtRisk(deadlines: readonly QuotaDeadline[], businessDeadlines: readonly QuotaDeadline[], today: string): QuotaDeadline | null {
  const atRisk = [...deadlines, ...businessDeadlines].filter((d) => d.date >= today && d.state === 'at_risk');
  return atRisk.reduce<QuotaDeadline | null>((first, d) => (first === null || d.date < first.date ? d : first), null);
}

/**
 * The quota of one tax office for one tax year as of `today`: per deadline the target, filed, still needed,
 * days left, projection at today's pace and its state; the warning level after misses in a row (1st and
 * 2nd: warning, 3rd: threat of recall, 4th: recall of all open returns); whether the one extension to
 * 30 June is possible; the filed share over time for the chart.
 */
export function computeQuota(taxYear: number, returns: readonly QuotaReturn[], today: string): QuotaFigures {
  const all = returns.filter((r) => r.counted);
  const { main, business, extension } = quotaDeadlines(taxYear);
  const deadlines = evaluate(main, all, taxYear, today);
  const businessDeadlines = evaluate(
    business,
    all.filter((r) => r.businessIncome),
    taxYear,
    today,
  );
  // The figures of today: the returns the next deadline counts (after the last one, the returns the last one counted).
  const current = (deadlines.find((d) => d.date >= today) ?? deadlines[deadlines.length - 1]!).date;
  const counted = countedFor(all, taxYear, current);
  const base = sumOf(counted);
  const filedOverTime = new FiledOverTime(counted);
  const businessReturns = counted.filter((r) => r.businessIncome);
  const businessFiled = new FiledOverTime(businessReturns);
  const filed = filedOverTime.by(today);
  const misses = missesInARow(deadlines, today);
  const warning = quotaWarning(deadlines, businessDeadlines, today);
  const last = deadlines[4]!;
  const missesBeforeLast = missesInARow(deadlines.slice(0, 4), today > deadlines[3]!.date ? today : deadlines[3]!.date);
  const series: Array<[string, number]> = [];
  filedOverTime.days.forEach((date, i) => {
    if (date <= today) series.push([date, base === 0 ? 0 : Math.round((filedOverTime.totals[i]! / base) * 1000) / 10]);
  });
  return {
    base,
    filed,
    filed_percent: base === 0 ? 0 : Math.round((filed / base) * 1000) / 10,
    deadlines,
    business_income: { base: sumOf(businessReturns), filed: businessFiled.by(today), deadlines: businessDeadlines },
    next_deadline: deadlines.find((d) => d.date >= today) ?? null,
    misses,
    warning,
    at_risk_date: warning === 'at_risk' ? firstAtRisk(deadlines, businessDeadlines, today)!.date : null,
    extension_possible: (last.state === 'missed' || last.state === 'at_risk') && missesBeforeLast < 4 && today <= extension,
    extension_date: extension,
    series,
  };
}
