import type { ExportJobLine, ExportsReport, ReportLine } from '@portal/contracts';
import type { ClientLedger } from './ledger.rules';
import { inPeriod, utcDays, type DayOf, type Period } from './period.rules';

/** ERP export jobs of the period: documents, refusals and their reasons. */
export function exportsReport(ledger: ClientLedger, period: Period, nameOf: (userId: string) => string = (id) => id, dayOf: DayOf = utcDays): ExportsReport {
  const jobs: ExportJobLine[] = [];
  const reasons = new Map<string, number>();
  for (const e of ledger.exports.values()) {
    if (!inPeriod(dayOf(e.requested_at), period)) continue;
    const count = (status: string) => e.results.filter((r) => r.status === status).length;
    jobs.push({
      id: e.id,
      requestedAt: e.requested_at,
      requestedBy: nameOf(e.requested_by),
      format: e.format,
      accounting: e.accounting,
      status: e.status,
      documents: e.documents,
      imported: count('imported'),
      errors: count('error'),
      infos: count('info'),
      reason: e.reason,
    });
    for (const r of e.results) if (r.status === 'error') reasons.set(r.reason, (reasons.get(r.reason) ?? 0) + 1);
    if (e.status === 'failed' && e.reason) reasons.set(e.reason, (reasons.get(e.reason) ?? 0) + 1);
  }
  jobs.sort((a, b) => b.requestedAt.localeCompare(a.requestedAt));
  const sum = (pick: (j: ExportJobLine) => number) => jobs.reduce((s, j) => s + pick(j), 0);
  return {
    kind: 'exports',
    jobs,
    totals: {
      jobs: jobs.length,
      failed: jobs.filter((j) => j.status === 'failed').length,
      documents: sum((j) => j.documents),
      imported: sum((j) => j.imported),
      errors: sum((j) => j.errors),
      infos: sum((j) => j.infos),
    },
    reasons: [...reasons.entries()].map(([reason, count]) => ({ reason, count })).sort((a, b) => b.count - a.count || a.reason.localeCompare(b.reason)),
  };
}

export function exportsLines(report: ExportsReport): ReportLine[] {
  return [
    ...(Object.entries(report.totals) as Array<[keyof ExportsReport['totals'], number]>).map(([k, v]): ReportLine => ({
      key: `totals:${k}`,
      section: 'totals',
      term: k,
      value: v,
      unit: 'count',
    })),
    ...report.reasons.map((r): ReportLine => ({ key: `reason:${r.reason}`, section: 'reasons', term: 'reason', arg: r.reason, value: r.count, unit: 'count' })),
  ];
}
