import { addDays, findDates } from './dates';

const isos = (line: string): string[] => findDates(line).map((d) => d.iso);

describe('dates in text', () => {
  it('reads German numeric and written dates', () => {
    expect(isos('Rechnung vom 09.05.2017')).toEqual(['2017-05-09']);
    expect(isos('Datum: 3. März 2024')).toEqual(['2024-03-03']);
    expect(isos('am 1.2.24 geliefert')).toEqual(['2024-02-01']);
  });

  it('reads English and ISO dates', () => {
    expect(isos('Invoice date: May 9, 2017')).toEqual(['2017-05-09']);
    expect(isos('Due 14 February 2025')).toEqual(['2025-02-14']);
    expect(isos('2017-05-09')).toEqual(['2017-05-09']);
    expect(isos('Date 05/31/2024')).toEqual(['2024-05-31']);
  });

  it('reads day-first dashed dates and short month names with dashes', () => {
    expect(isos('Factuurdatum: 05-12-2019')).toEqual(['2019-12-05']);
    expect(isos('Dated 14-Sep-2025, order of 3-Jan-24')).toEqual(['2025-09-14', '2024-01-03']);
    expect(isos('RE-12-05-2020 and 2024-01-20')).toEqual(['2024-01-20']);
  });

  it('ignores impossible dates and amounts', () => {
    expect(isos('31.02.2024 and 1.234,56')).toEqual([]);
  });

  it('adds days across month ends', () => {
    expect(addDays('2024-01-20', 14)).toBe('2024-02-03');
  });
});
