import type { ReportResult } from '@portal/contracts';
import { downloadQuery } from './download-query';

const result = (over: Partial<ReportResult> = {}): ReportResult =>
  ({
    client_no: 1001,
    report: 'vat',
    from: '2026-01-01',
    to: '2026-12-31',
    asOf: null,
    asOfPosition: null,
    position: 900,
    body: { kind: 'vat' },
    lines: [],
    ...over,
  }) as unknown as ReportResult;
const base = { client_no: 1001, report: 'vat', from: '2026-01-01', to: '2026-12-31' };
const asObject = (params: URLSearchParams) => Object.fromEntries(params.entries());

describe('the query of a report download', () => {
  it('asks for the log position the screen shows the report as of', () => {
    expect(asObject(downloadQuery({ ...base, asOfPosition: 412 }, result({ asOfPosition: 412, position: 412 }), 'de'))).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      asOfPosition: '412',
      lang: 'de',
    });
  });

  it('asks for the moment on screen, and for the position of a comparison shown as of one', () => {
    const shown = result({
      asOf: '2026-03-31T21:59:59.999Z',
      compare: { asOf: null, asOfPosition: 77, position: 77, body: { kind: 'vat' }, lines: [], changes: [] } as unknown as ReportResult['compare'],
    });
    expect(asObject(downloadQuery({ ...base, asOf: '2026-03-31T21:59:59.999Z', compareAsOf: 'ignored', country: 'AT' }, shown, 'en'))).toEqual({
      from: '2026-01-01',
      to: '2026-12-31',
      country: 'AT',
      asOf: '2026-03-31T21:59:59.999Z',
      compareAsOfPosition: '77',
      lang: 'en',
    });
  });

  it('asks for the live report when the screen shows it live, and follows the query before a report is shown', () => {
    expect(asObject(downloadQuery(base, result(), 'de'))).toEqual({ from: '2026-01-01', to: '2026-12-31', lang: 'de' });
    expect(asObject(downloadQuery({ ...base, asOfPosition: 5 }, null, 'de'))).toEqual({ from: '2026-01-01', to: '2026-12-31', asOfPosition: '5', lang: 'de' });
  });
});
