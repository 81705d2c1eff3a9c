import { ORIGIN, type DurationStats, type ProcessingReport, type ReportLine } from '@portal/contracts';
import type { DocumentFact } from './document-fact.rules';
import type { ClientLedger } from './ledger.rules';
import { inPeriod, samplePoints, utcDays, type DayOf, type Period } from './period.rules';

const INVOICE_CATEGORIES = new Set(['ER_U', 'AR_U', 'ER', 'AR']);
const HOUR = 3_600_000;

/** Where a booking field's value came from: an e-invoice's XML, a text layer, OCR, or a person. */
export function originGroup(code: number): 'xml' | 'text' | 'ocr' | 'human' {
  if (code === ORIGIN.EInvoice_XML) return 'xml';
  if (code === ORIGIN.Human_Labeling || code === ORIGIN.Human_Confirmation || code === ORIGIN.Human_Booking) return 'human';
  if (code === ORIGIN.OCR || (code >= 17 && code <= 37)) return 'ocr';
  return 'text';
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? null : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
function stats(hours: number[]): DurationStats {
  const sorted = [...hours].sort((a, b) => a - b);
  const round = (n: number | null) => (n === null ? null : Math.round(n * 10) / 10);
  return { count: sorted.length, median: round(percentile(sorted, 50)), p90: round(percentile(sorted, 90)) };
}

const hoursBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / HOUR;

/**
 * The firm's throughput: backlog over the period, time from upload to confirmation and to booking
 * (median, p90) per month and per user, where the booking fields of the period's uploads came from, and how many
 * uploads per month carried an e-invoice that breaks the EN 16931 / XRechnung rules. Days and months are the
 * firm's (`dayOf`): an upload at 00:30 on 1 December in Vienna counts for December.
 */
export function processingReport(
  ledger: ClientLedger,
  period: Period,
  nameOf: (userId: string) => string = (id) => id,
  dayOf: DayOf = utcDays,
): ProcessingReport {
  const dayOrNull = (at: string | null) => (at === null ? null : dayOf(at));
  const invoices = [...ledger.documents.values()]
    .filter((f) => !f.deleted && INVOICE_CATEGORIES.has(f.category))
    .map((fact) => ({
      fact,
      uploaded: dayOf(fact.uploaded_at),
      confirmed: dayOrNull(fact.confirmed_at),
      booked: dayOrNull(fact.booked_at),
      exported: fact.erp_status === 'imported' ? dayOrNull(fact.erp_at) : null,
    }));
  const by = (day: string | null, end: string) => day !== null && day <= end;
  const backlog = samplePoints(period).map((at) => {
    let unconfirmed = 0;
    let unbooked = 0;
    let notExported = 0;
    for (const f of invoices) {
      if (!by(f.uploaded, at)) continue;
      if (!by(f.confirmed, at)) unconfirmed++;
      else if (!by(f.booked, at)) unbooked++;
      else if (!by(f.exported, at)) notExported++;
    }
    return { at, unconfirmed, unbooked, notExported };
  });
  const byMonth = (pick: (f: DocumentFact) => string | null) => {
    const months = new Map<string, number[]>();
    for (const { fact } of invoices) {
      const done = pick(fact);
      const day = done === null ? null : dayOf(done);
      if (done === null || !inPeriod(day, period)) continue;
      const month = day!.slice(0, 7);
      const list = months.get(month) ?? [];
      list.push(hoursBetween(fact.uploaded_at, done));
      months.set(month, list);
    }
    return [...months.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, hours]) => ({ month, ...stats(hours) }));
  };
  const users = new Map<string, { confirmed: number[]; booked: number[] }>();
  const userOf = (id: string) => users.get(id) ?? users.set(id, { confirmed: [], booked: [] }).get(id)!;
  for (const { fact: f, confirmed, booked } of invoices) {
    if (f.confirmed_at && f.confirmed_by && inPeriod(confirmed, period)) userOf(f.confirmed_by).confirmed.push(hoursBetween(f.uploaded_at, f.confirmed_at));
    if (f.booked_at && f.booked_by && inPeriod(booked, period)) userOf(f.booked_by).booked.push(hoursBetween(f.uploaded_at, f.booked_at));
  }
  const origins = { xml: 0, text: 0, ocr: 0, human: 0 };
  let uploaded = 0;
  for (const { fact, uploaded: day } of invoices) {
    if (!inPeriod(day, period)) continue;
    uploaded++;
    for (const code of Object.values(fact.origins)) if (typeof code === 'number') origins[originGroup(code)]++;
  }
  const invalid = new Map<string, number>();
  for (const f of ledger.documents.values()) {
    if (f.deleted || f.einvoice_validity !== 'invalid') continue;
    const day = dayOf(f.uploaded_at);
    if (!inPeriod(day, period)) continue;
    const month = day.slice(0, 7);
    invalid.set(month, (invalid.get(month) ?? 0) + 1);
  }
  return {
    kind: 'processing',
    backlog,
    toConfirm: byMonth((f) => f.confirmed_at),
    toBook: byMonth((f) => f.booked_at),
    byUser: [...users.entries()]
      .map(([userId, u]) => ({ userId, name: nameOf(userId), confirmed: stats(u.confirmed), booked: stats(u.booked) }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    origins,
    uploaded,
    invalidEInvoices: [...invalid.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([month, count]) => ({ month, count })),
  };
}

export function processingLines(report: ProcessingReport): ReportLine[] {
  const last = report.backlog[report.backlog.length - 1];
  const lines: ReportLine[] = [
    { key: 'uploaded', section: 'totals', term: 'uploaded', value: report.uploaded, unit: 'count' },
    { key: 'backlog:unconfirmed', section: 'backlog', term: 'unconfirmedAtEnd', value: last?.unconfirmed ?? 0, unit: 'count' },
    { key: 'backlog:unbooked', section: 'backlog', term: 'unbookedAtEnd', value: last?.unbooked ?? 0, unit: 'count' },
    { key: 'backlog:notExported', section: 'backlog', term: 'notExportedAtEnd', value: last?.notExported ?? 0, unit: 'count' },
  ];
  for (const [group, count] of Object.entries(report.origins))
    lines.push({ key: `origin:${group}`, section: 'origins', term: 'origin', arg: group, value: count, unit: 'count' });
  for (const m of report.toConfirm)
    lines.push({ key: `confirm:${m.month}`, section: 'toConfirm', term: 'medianHours', arg: m.month, value: m.median ?? 0, unit: 'hours' });
  for (const m of report.toBook)
    lines.push({ key: `book:${m.month}`, section: 'toBook', term: 'medianHours', arg: m.month, value: m.median ?? 0, unit: 'hours' });
  for (const m of report.invalidEInvoices)
    lines.push({ key: `einvoices:invalid:${m.month}`, section: 'einvoices', term: 'invalidEInvoices', arg: m.month, value: m.count, unit: 'count' });
  return lines;
}
