import { csvDateParts, monthOfName } from './csv-dates';

describe('monthOfName', () => {
  it.each([
    ['January', 1],
    ['Jänner', 1],
    ['gen', 1],
    ['févr.', 2],
    ['Mrz', 3],
    ['maart', 3],
    ['mei', 5],
    ['Mai', 5],
    ['juil', 7],
    ['ago', 8],
    ['Okt', 10],
    ['dic', 12],
  ] as const)('reads %s as month %i', (name, month) => {
    expect(monthOfName(name)).toBe(month);
  });

  it('names no month for two letters, an unknown word or a beginning two months share', () => {
    expect(monthOfName('ma')).toBeNull();
    expect(monthOfName('Foo')).toBeNull();
    expect(monthOfName('jui')).toBeNull();
  });
});

describe('csvDateParts', () => {
  it('gives what the cell writes in the format, the time after it left out, and nothing for another format', () => {
    expect(csvDateParts('02.01.26', 'DD.MM.YY')).toEqual({ year: 2026, month: 1, day: 2 });
    expect(csvDateParts('2026-01-02T08:00Z', 'YYYY-MM-DD')).toEqual({ year: 2026, month: 1, day: 2 });
    expect(csvDateParts('Jan 2, 2026', 'MMM D, YYYY')).toEqual({ year: 2026, month: 1, day: 2 });
    expect(csvDateParts('2026-01-02', 'DD.MM.YYYY')).toBeNull();
  });
});
