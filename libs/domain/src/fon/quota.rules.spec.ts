import {
  computeQuota,
  firstAtRisk,
  quotaWarning,
  daysBetween,
  endOfFebruary,
  quotaDeadlines,
  quotaRegistrationDeadline,
  type QuotaReturn,
} from './quota.rules';

/** n returns of which `filed` were filed on the given dates (cycled). */
const returns = (n: number, filedDates: string[], businessIncome = false): QuotaReturn[] =>
  Array.from({ length: n }, (_, i) => ({ counted: true, businessIncome, filedOn: filedDates[i] ?? null }));

describe('quota deadlines (QuRV § 4)', () => {
  it('sets the five steps of tax year 2024 and the sub-quota for business income', () => {
    expect(quotaDeadlines(2024)).toEqual({
      main: [
        { step: 1, date: '2025-10-31', target: 20 },
        { step: 2, date: '2025-11-30', target: 40 },
        { step: 3, date: '2026-01-31', target: 60 },
        { step: 4, date: '2026-02-28', target: 80 },
        { step: 5, date: '2026-03-31', target: 100 },
      ],
      business: [
        { step: 1, date: '2025-11-30', target: 50 },
        { step: 2, date: '2026-01-31', target: 100 },
      ],
      extension: '2026-06-30',
    });
  });

  it('ends February on the 29th in leap years (tax year 2026 → 29 Feb 2028; 2098 → 28 Feb 2100)', () => {
    expect(quotaDeadlines(2026).main[3]!.date).toBe('2028-02-29');
    expect(endOfFebruary(2100)).toBe('2100-02-28');
    expect(endOfFebruary(2000)).toBe('2000-02-29');
    expect(daysBetween('2028-02-28', '2028-03-01')).toBe(2);
  });
});

describe('quota computation on a fixed clock', () => {
  it('counts 34 % filed before the second deadline with 40 % needed, its days left and the shortfall at the pace so far', () => {
    // 50 returns of 2024; 17 filed in October 2025; today 10 Nov 2025.
    const filed = Array.from({ length: 17 }, (_, i) => `2025-10-${String(10 + i).padStart(2, '0')}`);
    const q = computeQuota(2024, returns(50, filed), '2025-11-10');
    // The office's warning follows the deadline rows: no miss yet, but the next deadline is at risk.
    expect(q).toMatchObject({ base: 50, filed: 17, filed_percent: 34, misses: 0, warning: 'at_risk', at_risk_date: '2025-11-30' });
    expect(q.deadlines[0]).toMatchObject({ date: '2025-10-31', required: 10, filed: 17, state: 'met' });
    expect(q.next_deadline).toMatchObject({ step: 2, date: '2025-11-30', target: 40, required: 20, filed: 17, still_needed: 3, days_left: 20 });
    // 17 in 314 days: about 1 more by 30 Nov: short by 2.
    expect(q.next_deadline).toMatchObject({ projected: 18, projected_shortfall: 2, state: 'at_risk' });
  });

  it('marks a passed deadline missed by the returns filed by that date, not later', () => {
    const q = computeQuota(2024, returns(10, ['2025-10-31', '2025-11-05', '2025-11-06']), '2025-12-01');
    expect(q.deadlines[0]).toMatchObject({ required: 2, filed: 1, state: 'missed' });
    expect(q.deadlines[1]).toMatchObject({ required: 4, filed: 3, state: 'missed' });
    expect(q).toMatchObject({ misses: 2, warning: 'warning' });
  });

  it('threatens recall after three misses in a row and recalls after four; a met deadline breaks the run', () => {
    expect(computeQuota(2024, returns(10, []), '2026-02-01')).toMatchObject({ misses: 3, warning: 'recall_threatened' });
    expect(computeQuota(2024, returns(10, []), '2026-03-02')).toMatchObject({ misses: 4, warning: 'recall', extension_possible: false });
    const broken = computeQuota(2024, returns(10, ['2025-10-01', '2025-10-02', '2025-10-03', '2025-10-04']), '2026-03-02');
    expect(broken.deadlines.map((d) => d.state)).toEqual(['met', 'met', 'missed', 'missed', 'at_risk']);
    expect(broken).toMatchObject({ misses: 2, warning: 'warning', extension_possible: true, extension_date: '2026-06-30' });
  });

  it('checks the business-income sub-quota: 50 % by 30 November, else its returns are recalled', () => {
    const q = computeQuota(
      2024,
      [...returns(4, ['2025-10-01', '2025-10-02', '2025-10-03'], true), ...returns(6, ['2025-09-01', '2025-09-02', '2025-09-03'])],
      '2025-12-01',
    );
    expect(q.business_income).toMatchObject({ base: 4, filed: 3 });
    expect(q.business_income.deadlines[0]).toMatchObject({ date: '2025-11-30', target: 50, required: 2, filed: 3, state: 'met' });
    const late = computeQuota(2024, returns(4, ['2025-12-10'], true), '2025-12-01');
    expect(late.business_income.deadlines[0]).toMatchObject({ state: 'missed' });
    expect(late.warning).toBe('recall');
  });

  it('leaves returns that are not counted out of the base and draws the filed share per filing day', () => {
    const q = computeQuota(
      2024,
      [{ counted: false, businessIncome: false, filedOn: '2025-05-01' }, ...returns(4, ['2025-05-01', '2025-05-01', '2025-06-01'])],
      '2025-07-01',
    );
    expect(q).toMatchObject({ base: 4, filed: 3, filed_percent: 75 });
    expect(q.series).toEqual([
      ['2025-05-01', 50],
      ['2025-06-01', 75],
    ]);
  });

  it('counts the 29th of February of a leap year as the fourth deadline: due on the day, missed the day after', () => {
    const filed = Array.from({ length: 7 }, (_, i) => `2027-11-0${i + 1}`);
    const onTheDay = computeQuota(2026, returns(10, filed), '2028-02-29');
    expect(onTheDay.next_deadline).toMatchObject({ step: 4, date: '2028-02-29', target: 80, required: 8, filed: 7, still_needed: 1, days_left: 0 });
    const after = computeQuota(2026, returns(10, filed), '2028-03-01');
    expect(after.deadlines[3]).toMatchObject({ date: '2028-02-29', state: 'missed', days_left: -1 });
    expect(after.next_deadline).toMatchObject({ step: 5, date: '2028-03-31', days_left: 30 });
  });

  it('reads an entry that stands for several alike returns as that many returns', () => {
    const expanded = [...returns(30, ['2025-10-20', '2025-10-20', '2025-11-03'], true), ...returns(70, Array(25).fill('2025-10-25'))];
    const grouped: QuotaReturn[] = [
      { counted: true, businessIncome: true, filedOn: '2025-10-20', count: 2 },
      { counted: true, businessIncome: true, filedOn: '2025-11-03' },
      { counted: true, businessIncome: true, filedOn: null, count: 27 },
      { counted: true, businessIncome: false, filedOn: '2025-10-25', count: 25 },
      { counted: true, businessIncome: false, filedOn: null, count: 45 },
      { counted: false, businessIncome: false, filedOn: '2025-10-01', count: 9 },
    ];
    for (const today of ['2025-10-31', '2025-11-10', '2026-02-01']) expect(computeQuota(2024, grouped, today)).toEqual(computeQuota(2024, expanded, today));
    expect(computeQuota(2024, grouped, '2025-11-10')).toMatchObject({ base: 100, filed: 28, business_income: { base: 30, filed: 3 } });
  });

  it('handles an office without registered returns', () =>
    expect(computeQuota(2024, [], '2025-11-10')).toMatchObject({ base: 0, filed_percent: 0, misses: 0 }));
});

describe('a tax number registered late (after 30 June Y+1) counts from the deadline after its registration', () => {
  /** `n` returns registered on `registeredOn`, filed on the given dates. */
  const late = (n: number, registeredOn: string, filedDates: string[] = [], businessIncome = false): QuotaReturn[] =>
    returns(n, filedDates, businessIncome).map((r) => ({ ...r, registeredOn }));

  it('registers tax numbers of tax year Y by 30 June Y+1', () => expect(quotaRegistrationDeadline(2024)).toBe('2025-06-30'));

  it('leaves a registration of 15 November out of the 31 October deadline and counts it from 30 November on, with its filings', () => {
    // Given 10 returns registered in time (2 filed in October, 2 in November) and 5 registered on 15 Nov, one of them filed on 25 Nov
    const book = [...returns(10, ['2025-10-10', '2025-10-20', '2025-11-10', '2025-11-20']), ...late(5, '2025-11-15', ['2025-11-25'])];
    // When the quota is computed on 1 December
    const q = computeQuota(2024, book, '2025-12-01');
    // Then 31 October counted 10 returns and was met, 30 November counted 15 and was missed
    expect(q.deadlines[0]).toMatchObject({ date: '2025-10-31', required: 2, filed: 2, state: 'met' });
    expect(q.deadlines[1]).toMatchObject({ date: '2025-11-30', required: 6, filed: 5, state: 'missed' });
    expect(q.deadlines[2]).toMatchObject({ date: '2026-01-31', required: 9, filed: 5 });
    expect(q).toMatchObject({ base: 15, filed: 5, filed_percent: 33.3, misses: 1 });
  });

  it('puts a late registration into the base of the next deadline as soon as it is made', () => {
    // Given the same book on 20 November, five days after the late registration
    const q = computeQuota(2024, [...returns(10, ['2025-10-10', '2025-10-20', '2025-11-10']), ...late(5, '2025-11-15')], '2025-11-20');
    // Then the next deadline (30 Nov) needs 40 % of 15, not of 10
    expect(q.next_deadline).toMatchObject({ date: '2025-11-30', required: 6, filed: 3, still_needed: 3 });
    expect(q).toMatchObject({ base: 15, filed: 3, filed_percent: 20 });
  });

  it('counts a registration on 30 June Y+1 from the start, and one on a deadline day only from the following deadline', () => {
    // Given 5 returns registered on 30 June, 5 registered on 31 October, none filed, on 1 December
    const q = computeQuota(2024, [...late(5, '2025-06-30'), ...late(5, '2025-10-31')], '2025-12-01');
    // Then 31 October counted the first five only, 30 November all ten
    expect(q.deadlines[0]).toMatchObject({ required: 1 });
    expect(q.deadlines[1]).toMatchObject({ required: 4 });
  });

  it('does not count a late return for a deadline before its registration even when it was filed before it', () => {
    // Given 10 returns in time, 1 filed; and 2 late returns registered on 5 November but filed in October
    const q = computeQuota(2024, [...returns(10, ['2025-10-01']), ...late(2, '2025-11-05', ['2025-10-02', '2025-10-03'])], '2025-12-01');
    // Then 31 October had 1 of 2 required (missed); 30 November counts all 12 with 3 filed
    expect(q.deadlines[0]).toMatchObject({ required: 2, filed: 1, state: 'missed' });
    expect(q.deadlines[1]).toMatchObject({ required: 5, filed: 3, state: 'missed' });
  });

  it('applies the same rule to the business-income sub-quota', () => {
    // Given 2 business-income returns in time (1 filed) and 2 registered on 1 December, on 2 December
    const q = computeQuota(2024, [...returns(2, ['2025-11-01'], true), ...late(2, '2025-12-01', [], true)], '2025-12-02');
    // Then 30 November needed 1 of 2 (met), 31 January needs all 4
    expect(q.business_income.deadlines[0]).toMatchObject({ required: 1, filed: 1, state: 'met' });
    expect(q.business_income.deadlines[1]).toMatchObject({ required: 4, filed: 1, state: 'at_risk' });
    // No recall (the first was met), but the deadline ahead is at risk at today's pace.
    expect(q.warning).toBe('at_risk');
  });
});

describe('the deadline an office at risk is warned about', () => {
  it('given 20 of 50 returns filed the day before the 40 % deadline, when computed, then that deadline is met and the 60 % deadline of 31 January is the one at risk', () => {
    const filed = Array.from({ length: 20 }, (_, i) => `2025-0${1 + Math.floor(i / 4)}-${String(10 + i).padStart(2, '0')}`);
    const q = computeQuota(2024, returns(50, filed), '2025-11-29');
    expect(q.next_deadline).toMatchObject({ date: '2025-11-30', state: 'met', days_left: 1 });
    expect(q).toMatchObject({ warning: 'at_risk', at_risk_date: '2026-01-31' });
  });

  it('given every return filed, when computed, then there is no warning and no deadline at risk', () => {
    const q = computeQuota(
      2024,
      returns(
        50,
        Array.from({ length: 50 }, () => '2025-06-02'),
      ),
      '2025-11-29',
    );
    expect(q).toMatchObject({ warning: 'none', at_risk_date: null });
  });

  it('given a deadline missed, when computed, then the warning is a warning and names no deadline at risk', () => {
    const q = computeQuota(2024, returns(50, []), '2025-11-29');
    expect(q).toMatchObject({ warning: 'warning', at_risk_date: null });
  });
});

describe('the office warning derives from the deadline states', () => {
  const deadline = (date: string, state: 'met' | 'on_track' | 'at_risk' | 'missed') => ({
    step: 1,
    date,
    target: 20,
    required: 10,
    filed: 0,
    still_needed: 10,
    days_left: 1,
    projected: 0,
    projected_shortfall: 10,
    state,
  });
  it('given every deadline ahead on track, when asked, then there is no warning', () =>
    expect(quotaWarning([deadline('2025-10-31', 'met'), deadline('2025-11-30', 'on_track')], [deadline('2025-11-30', 'on_track')], '2025-11-29')).toBe('none'));
  it('given the next deadline one day ahead at risk, when asked, then the office is at risk and never "no warning"', () =>
    expect(quotaWarning([deadline('2025-10-31', 'met'), deadline('2025-11-30', 'at_risk')], [deadline('2025-11-30', 'on_track')], '2025-11-29')).toBe(
      'at_risk',
    ));
  it('given only the business-income deadline ahead at risk, when asked, then the office is at risk', () =>
    expect(quotaWarning([deadline('2025-11-30', 'on_track')], [deadline('2025-11-30', 'at_risk')], '2025-11-29')).toBe('at_risk'));
  it('given a miss, when a deadline ahead is also at risk, then the miss decides: a warning', () =>
    expect(quotaWarning([deadline('2025-10-31', 'missed'), deadline('2025-11-30', 'at_risk')], [], '2025-11-29')).toBe('warning'));
  it('given the next deadline met and a later one at risk, when asked, then the warning is about the later one, never the next', () =>
    expect(
      firstAtRisk(
        [deadline('2025-11-30', 'met'), deadline('2026-02-28', 'at_risk'), deadline('2026-01-31', 'at_risk')],
        [deadline('2026-01-31', 'on_track')],
        '2025-11-29',
      )?.date,
    ).toBe('2026-01-31'));
  it('given the business-income deadline at risk before the main one, when asked, then the warning is about the business-income deadline', () =>
    expect(firstAtRisk([deadline('2026-01-31', 'at_risk')], [deadline('2025-11-30', 'at_risk')], '2025-11-29')?.date).toBe('2025-11-30'));
  it('given the first business-income deadline missed, when asked, then its returns are recalled', () =>
    expect(quotaWarning([deadline('2025-11-30', 'met')], [deadline('2025-11-30', 'missed')], '2025-12-01')).toBe('recall'));
});
