import { readCsv } from './csv-reading';

const layout = { delimiter: ',' as const, skip: 1, date: 0, amount: 1, decimal: '.' as const, balance: 2 };

describe("the corpus check's own reading of a bank CSV", () => {
  it('takes opening and closing from a running balance, oldest or newest row first', () => {
    const oldest = 'Date,Amount,Balance\n01/02/2026,-1.50,98.50\n02/02/2026,10.00,108.50\n';
    const newest = 'Date,Amount,Balance\n02/02/2026,10.00,108.50\n01/02/2026,-1.50,98.50\n';
    for (const text of [oldest, newest])
      expect(readCsv(text, layout)).toMatchObject({ statements: [{ opening: 10_000, closing: 10_850, booked: { count: 2, cents: 850 } }] });
  });

  it('says nothing of the balances when they follow neither order, or without the column', () => {
    const broken = 'Date,Amount,Balance\n01/02/2026,-1.50,98.50\n02/02/2026,10.00,50.00\n';
    expect(readCsv(broken, layout)).toMatchObject({ statements: [{ opening: null, closing: null }] });
    const { balance: _none, ...without } = layout;
    expect(readCsv('Date,Amount,Balance\n01/02/2026,-1.50,98.50\n', without)).toMatchObject({ statements: [{ opening: null, closing: null }] });
  });

  it('counts a row with a pending word where the date goes as a pending entry, when the layout names the word', () => {
    const text = 'Date,Amount,Balance\noffen,-5.00,\n02/02/2026,10.00,108.50\n';
    const { balance: _none, ...plain } = layout;
    expect(readCsv(text, { ...plain, pendingDates: ['offen'] })).toMatchObject({
      statements: [{ booked: { count: 1, cents: 1_000 }, pending: { count: 1, cents: -500 } }],
    });
    expect(readCsv(text, plain)).toMatchObject({ statements: [{ booked: { count: 1 }, pending: { count: 0 } }] });
  });
});
