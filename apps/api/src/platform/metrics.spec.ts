import { PortalMetrics } from './metrics';

const lagCount = async (metrics: PortalMetrics) => Number(/^portal_projector_lag_seconds_count (\S+)$/m.exec(await metrics.registry.metrics())?.[1] ?? 'NaN');

describe('PortalMetrics, projector lag', () => {
  let clock = 0;
  const metrics = () => new PortalMetrics({ headPosition: async () => null, projectedPosition: () => 0, connections: () => 0 }, () => clock);

  it('observes the lag of each appended command once the read models include its position', async () => {
    const m = metrics();
    m.command('RenameCompany', 'appended', 0.01, 10);
    m.command('RenameCompany', 'appended', 0.01, 11);
    clock += 5;
    m.projected(10);
    expect(await lagCount(m)).toBe(1);
    m.projected(11);
    expect(await lagCount(m)).toBe(2);
  });

  it('still observes a command whose events the projector reported before the command noted them', async () => {
    const m = metrics();
    m.projected(12);
    m.command('RenameCompany', 'appended', 0.01, 12);
    expect(await lagCount(m)).toBe(1);
    m.projected(13);
    expect(await lagCount(m)).toBe(1);
  });
});
