import { computeTotals, lineNetCents } from './invoice-model';

describe('invoice model', () => {
  it('rounds line nets half up to the cent', () => {
    expect(lineNetCents(3, 333)).toBe(999);
    expect(lineNetCents(2.5, 1999)).toBe(4998);
    expect(lineNetCents(0.25, 2)).toBe(1);
    expect(lineNetCents(1.75, 1)).toBe(2);
  });

  it('computes VAT per rate on the rate net sum, highest rate first', () => {
    const totals = computeTotals([
      { netCents: 1000, rate: 10 },
      { netCents: 2345, rate: 20 },
      { netCents: 1005, rate: 10 },
    ]);
    expect(totals.taxes).toEqual([
      { rate: 20, netCents: 2345, taxCents: 469 },
      { rate: 10, netCents: 2005, taxCents: 201 },
    ]);
    expect(totals.netCents).toBe(4350);
    expect(totals.taxCents).toBe(670);
    expect(totals.grossCents).toBe(5020);
  });

  it('rounds a half cent of VAT up', () => {
    expect(computeTotals([{ netCents: 250, rate: 19 }]).taxes[0].taxCents).toBe(48);
    expect(computeTotals([{ netCents: 50, rate: 7 }]).taxes[0].taxCents).toBe(4);
  });
});
