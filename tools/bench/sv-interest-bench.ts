import { svAccountFigures, type SvInterestTransaction } from '@portal/domain';
import type { Figure, Options } from './items';
import type { FeatureBenchItem } from './feature-items';

const ACCOUNTS = 2000;
const YEARS = 10;
/** Synthetic yearly rates for the benchmark's load only (not the legal table; the portal keeps that as data). */
const RATES = { 2016: 7.38, 2017: 7.38, 2018: 7.38, 2019: 3.38, 2020: 3.38, 2021: 3.38, 2022: 3.38, 2023: 4.63, 2024: 7.88, 2025: 7.03 };

/** Ten years of monthly contributions and payments (some late, some partial) per account, seeded. */
function accounts(): SvInterestTransaction[][] {
  let seed = 42;
  const random = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
  return Array.from({ length: ACCOUNTS }, () => {
    const txs: SvInterestTransaction[] = [];
    const monthly = Math.round((500 + random() * 5000) * 100) / 100;
    for (let m = 0; m < YEARS * 12; m++) {
      const y = 2016 + Math.floor(m / 12);
      const month = (m % 12) + 1;
      const end = new Date(Date.UTC(y, month, 0)).toISOString().slice(0, 10);
      const period = end.slice(0, 7);
      txs.push({ bookingDate: end, valueDate: end, period, debit: monthly, credit: 0, state: '' });
      const delay = random() < 0.2 ? 20 + Math.floor(random() * 60) : 5 + Math.floor(random() * 10);
      const paid = new Date(Date.parse(`${end}T00:00:00Z`) + delay * 86_400_000).toISOString().slice(0, 10);
      const part = random() < 0.1 ? Math.round(monthly * 0.5 * 100) / 100 : monthly;
      txs.push({ bookingDate: paid, valueDate: paid, period: null, debit: 0, credit: part, state: '' });
    }
    return txs;
  });
}

/** Interest computation over 10 years of monthly transactions for 2,000 accounts. */
export const svInterestBench: FeatureBenchItem = {
  name: 'sv-interest',
  async run(options: Options): Promise<Figure[]> {
    const data = accounts();
    const runs: number[] = [];
    const cpu: number[] = [];
    let checksum = 0;
    const repeats = Math.max(3, options.runs);
    for (let r = 0; r < repeats; r++) {
      const start = performance.now();
      const cpuStart = process.cpuUsage();
      checksum = 0;
      for (const txs of data) checksum += svAccountFigures(txs, RATES, '2026-01-31').interest;
      const used = process.cpuUsage(cpuStart);
      runs.push(performance.now() - start);
      cpu.push((used.user + used.system) / 1000);
    }
    const dataset = `${ACCOUNTS} accounts × ${YEARS * 12 * 2} bookings, interest sum ${checksum.toFixed(2)} €`;
    return [
      { item: 40, name: 'SV interest, 2,000 accounts × 10 years monthly', unit: 'ms', runs, dataset },
      // CPU time of this process: on a machine shared with other work, closer to what a quiet machine shows.
      { item: 40, name: 'SV interest, same, CPU time', unit: 'ms', runs: cpu, dataset },
    ];
  },
};
