import type { PartiesReport, PartyVolume, ReportLine } from '@portal/contracts';
import { round2 } from '../open-items/open-item.rules';
import type { ClientLedger } from './ledger.rules';
import { inPeriod, monthsOf, previousPeriod, utcDays, type DayOf, type Period } from './period.rules';

const TOP = 10;

/** Suppliers (ER, biller) and customers (AR, recipient): gross per party and month, top 10, change against the previous period. */
export function partiesReport(ledger: ClientLedger, period: Period, dayOf: DayOf = utcDays): PartiesReport {
  const previous = previousPeriod(period);
  const volumes = new Map<string, PartyVolume>();
  for (const fact of ledger.documents.values()) {
    if (fact.deleted || fact.confirmed_at === null || (fact.category !== 'ER' && fact.category !== 'AR')) continue;
    const direction = fact.category === 'ER' ? 'supplier' : 'customer';
    const party = (direction === 'supplier' ? fact.booking.biller : fact.booking.recipient)?.trim() || '—';
    const date = fact.booking.invoice_date ?? dayOf(fact.uploaded_at);
    const gross = fact.booking.gross_amount ?? 0;
    const now = inPeriod(date, period);
    const before = inPeriod(date, previous);
    if (!now && !before) continue;
    const key = `${direction}:${party}`;
    const v = volumes.get(key) ?? { party, direction, gross: 0, count: 0, previous: 0, change: null, months: {} };
    if (now) {
      v.gross += gross;
      v.count++;
      const month = date.slice(0, 7);
      v.months[month] = round2((v.months[month] ?? 0) + gross);
    } else v.previous += gross;
    volumes.set(key, v);
  }
  const finish = (direction: 'supplier' | 'customer') =>
    [...volumes.values()]
      .filter((v) => v.direction === direction && v.count > 0)
      .map((v) => ({
        ...v,
        gross: round2(v.gross),
        previous: round2(v.previous),
        change: v.previous !== 0 ? Math.round(((v.gross - v.previous) / Math.abs(v.previous)) * 1000) / 10 : null,
      }))
      .sort((a, b) => b.gross - a.gross || a.party.localeCompare(b.party));
  const suppliers = finish('supplier');
  const customers = finish('customer');
  const total = (list: PartyVolume[]) => round2(list.reduce((s, v) => s + v.gross, 0));
  return {
    kind: 'parties',
    months: monthsOf(period),
    suppliers: suppliers.slice(0, TOP),
    customers: customers.slice(0, TOP),
    supplierTotal: total(suppliers),
    customerTotal: total(customers),
    previousFrom: previous.from,
    previousTo: previous.to,
  };
}

export function partiesLines(report: PartiesReport): ReportLine[] {
  const lines = (list: PartyVolume[], section: 'suppliers' | 'customers') =>
    list.map((v): ReportLine => ({ key: `${section}:${v.party}`, section, term: 'party', arg: v.party, value: v.gross, unit: 'amount' }));
  return [
    { key: 'supplierTotal', section: 'totals', term: 'supplierTotal', value: report.supplierTotal, unit: 'amount' },
    { key: 'customerTotal', section: 'totals', term: 'customerTotal', value: report.customerTotal, unit: 'amount' },
    ...lines(report.suppliers, 'suppliers'),
    ...lines(report.customers, 'customers'),
  ];
}
