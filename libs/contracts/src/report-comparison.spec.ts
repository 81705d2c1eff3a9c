import { comparisonInTimeOrder } from './report-comparison';
import type { ReportLine, ReportResult } from './reports';

const line = (key: string, value: number): ReportLine => ({ key, section: 'summary', term: 'documents', unit: 'amount', value }) as unknown as ReportLine;
const result = (position: number, comparePosition: number): ReportResult =>
  ({
    client_no: 1001,
    report: 'vat',
    from: '2026-01-01',
    to: '2026-12-31',
    asOf: null,
    asOfPosition: position,
    position,
    body: { kind: 'vat' },
    lines: [line('a', position === 20 ? 150 : 100)],
    compare: {
      asOf: null,
      asOfPosition: comparePosition,
      position: comparePosition,
      body: { kind: 'vat' },
      lines: [line('a', comparePosition === 20 ? 150 : 100)],
      changes: [{ key: 'a' }],
    },
  }) as unknown as ReportResult;

describe('comparisonInTimeOrder', () => {
  it('puts the earlier moment left and the later right with the difference later minus earlier, whichever was asked first', () => {
    for (const r of [result(20, 10), result(10, 20)]) {
      const c = comparisonInTimeOrder(r)!;
      expect([c.earlier.asOfPosition, c.later.asOfPosition]).toEqual([10, 20]);
      expect(c.rows).toEqual([expect.objectContaining({ key: 'a', earlier: 100, later: 150, difference: 50, changed: true })]);
    }
  });

  it('answers null without a comparison', () => {
    expect(comparisonInTimeOrder({ ...result(1, 2), compare: undefined })).toBeNull();
  });
});
