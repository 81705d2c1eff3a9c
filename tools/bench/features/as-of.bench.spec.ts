import { measureAsOfLatency } from './as-of.bench';

describe('as-of latency measurement', () => {
  it('folds a document with 1,000 events in the SQLite event store and reports percentiles', async () => {
    const result = await measureAsOfLatency({ events: 1000, samples: 3 });
    process.stdout.write(
      `as-of latency, 1,000 events: latest p50 ${result.latest.p50Ms.toFixed(1)} ms, p95 ${result.latest.p95Ms.toFixed(1)} ms; random p50 ${result.random.p50Ms.toFixed(1)} ms\n`,
    );
    expect(result.events).toBe(1000);
    expect(result.samples).toBe(3);
    expect(result.latest.p50Ms).toBeGreaterThan(0);
    expect(result.latest.p95Ms).toBeGreaterThanOrEqual(result.latest.p50Ms);
  });
});
