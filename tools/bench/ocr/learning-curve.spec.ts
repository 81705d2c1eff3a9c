import { measureLearningCurve } from './learning-curve';

jest.setTimeout(600_000);

describe('learning per supplier on the demo generator invoices', () => {
  it('reads at least 99 % of the fields right after three labeled invoices of a supplier', async () => {
    const report = await measureLearningCurve({
      count: 60,
      companies: [{ no: 1001, name: 'Alpenblick Gastronomie GmbH', place: 'Innsbruck' }],
      suppliers: 2,
      perSupplier: 6,
    });
    const share = (p: { right: number; total: number }) => p.right / p.total;
    if (process.env.LEARNING_DEBUG)
      console.log(
        JSON.stringify({ points: report.points, suppliers: report.suppliers.map((s) => [s.supplier, s.invoices]), mistakes: report.mistakes }, null, 1),
      );
    expect(report.suppliers.length).toBeGreaterThan(0);
    expect(share(report.points[2]!)).toBeGreaterThanOrEqual(0.99);
    expect(share(report.points[2]!)).toBeGreaterThanOrEqual(share(report.points[0]!));
  });
});
