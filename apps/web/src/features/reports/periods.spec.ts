import { periodOf } from './periods';

describe('report periods', () => {
  it('turns a month, a quarter and a year into inclusive date ranges', () => {
    expect(periodOf({ kind: 'month', year: 2024, index: 1, from: '', to: '' })).toEqual({ from: '2024-02-01', to: '2024-02-29' });
    expect(periodOf({ kind: 'quarter', year: 2026, index: 3, from: '', to: '' })).toEqual({ from: '2026-10-01', to: '2026-12-31' });
    expect(periodOf({ kind: 'year', year: 2026, index: 0, from: '', to: '' })).toEqual({ from: '2026-01-01', to: '2026-12-31' });
    expect(periodOf({ kind: 'custom', year: 2026, index: 0, from: '2026-03-05', to: '2026-03-09' })).toEqual({ from: '2026-03-05', to: '2026-03-09' });
  });
});
