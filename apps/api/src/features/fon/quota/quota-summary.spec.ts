import { computeQuota, type QuotaReturn } from '@portal/domain';
import type { QuotaCounts, QuotaFilings } from '@portal/read-models';
import { quotaSummaryOf } from './quota-summary';

const counts: QuotaCounts = {
  id: 'f|2024|46',
  firm_id: 'f',
  tax_year: 2024,
  tax_office: '46',
  office_name: 'Linz',
  items: 14,
  base: 10,
  business_base: 3,
  late: { '2025-11-15|2025-11-25|0': 1, '2025-11-15||1': 2 },
  statuses: {},
  conflicts: {},
  employees: {},
};
const month = (m: string, filed: Record<string, number>, business: Record<string, number>): QuotaFilings => ({
  id: `f|2024|46|${m}`,
  firm_id: 'f',
  tax_year: 2024,
  tax_office: '46',
  month: m,
  filed,
  business_filed: business,
});
const filings = [month('2025-10', { '10': 2, '20': 1 }, { '20': 1 }), month('2025-11', { '03': 1 }, {})];

/** The same office as single returns: 10 in time (3 with business income, 1 of them filed), 3 registered late. */
const single: QuotaReturn[] = [
  { counted: true, businessIncome: false, filedOn: '2025-10-10' },
  { counted: true, businessIncome: false, filedOn: '2025-10-10' },
  { counted: true, businessIncome: true, filedOn: '2025-10-20' },
  { counted: true, businessIncome: false, filedOn: '2025-11-03' },
  { counted: true, businessIncome: true, filedOn: null },
  { counted: true, businessIncome: true, filedOn: null },
  ...Array.from({ length: 4 }, () => ({ counted: true, businessIncome: false, filedOn: null })),
  { counted: true, businessIncome: false, filedOn: '2025-11-25', registeredOn: '2025-11-15' },
  { counted: true, businessIncome: true, filedOn: null, registeredOn: '2025-11-15' },
  { counted: true, businessIncome: true, filedOn: null, registeredOn: '2025-11-15' },
];

describe('the quota of an office from its counts', () => {
  it('equals the quota of its returns one by one: filings per day, sub-quota, returns not filed and late registrations', () => {
    for (const today of ['2025-10-31', '2025-11-20', '2025-12-01', '2026-04-02']) {
      const {
        id: _id,
        firm_id: _f,
        tax_office: _o,
        tax_office_name: name,
        tax_year: _y,
        as_of: _a,
        computed_at: _c,
        ...quota
      } = quotaSummaryOf(counts, filings, today, 'now');
      expect(name).toBe('Linz');
      expect(quota).toEqual(computeQuota(2024, single, today));
    }
    expect(quotaSummaryOf(counts, filings, '2025-12-01', 'now')).toMatchObject({ base: 13, filed: 5, business_income: { base: 5, filed: 1 } });
  });
});
