import { reportCounts } from './report';
import { scaleOutScenario } from './scale-out';

// Four node processes start on a shared 2-core machine: generous.
jest.setTimeout(400_000);

const log = (line: string) => process.stdout.write(`  ${line}\n`);

describe('scale-out: one projector (plus a standby), two api processes, one data dir', () => {
  it('keeps every acknowledged write once and pushes every change to every client that may see it, through kill -9 of an api and of the projector', async () => {
    const report = await scaleOutScenario({ writes: 600, perSecond: 40, killApiAt: 0.35, killProjectorAt: 0.7, ackTimeoutMs: 10_000, log });
    const l = report.latency;
    reportCounts('scale-out', {
      tried: report.writes,
      passed: report.exactlyOnce,
      acknowledged: report.acknowledged,
      missing: report.missing.length,
      doubled: report.doubled.length,
      retried: report.retried,
      refused: report.refused,
      pushAtoBp99Ms: +l.pushAtoB.p99.toFixed(1),
      replyP99Ms: +l.reply.p99.toFixed(1),
      pushAtoBp99WithKillsMs: +l.pushAtoBAll.p99.toFixed(1),
      replyP99WithKillsMs: +l.replyAll.p99.toFixed(1),
      inFlightOnKilledApi: report.apiKill?.inFlight ?? 0,
      failedWithinMs: report.apiKill?.failedWithinMs ?? null,
      takeoverMs: report.projectorKill?.takeoverMs ?? null,
      clients: report.pushes.clients,
      commandsOnB: report.waitsOnB.commands,
      repliesOnBAfterFullWait: report.waitsOnB.timedOut,
      sustainedWritesPerSecond: +report.ackRate.toFixed(1),
    });
    expect(report.projectorsAtStart).toEqual({ holding: 1, waiting: 1 });
    expect(report.errors).toEqual([]);
    expect(report.missing).toEqual([]);
    expect(report.doubled).toEqual([]);
    expect(report.acknowledged).toBe(report.writes);
    expect(report.exactlyOnce).toBe(report.acknowledged);
    for (const client of report.pushes.clients) expect(client).toMatchObject({ name: client.name, missing: 0, forbidden: 0 });
    // B's clients were there all along: every change they may see, through both kills.
    expect(report.pushes.clients.filter((c) => c.name.startsWith('B')).map((c) => c.expected > 0)).toEqual([true, true]);
    // Calls in flight on the killed api failed on the client (within the ack timeout), none hung.
    expect(report.apiKill?.hung).toBe(0);
    expect(report.apiKill?.failedWithinMs ?? 0).toBeLessThan(10_000);
    expect(report.projectorKill?.takeoverMs).not.toBeNull();
    // Counters never doubled: the read models equal a clean replay of the log.
    expect(report.replay.ok).toBe(true);
    // Replies are released by the change feed, not by the end of the wait (which every reply reached without it).
    expect(report.waitsOnB.commands).toBeGreaterThan(0);
    expect(report.waitsOnB.timedOut).toBeLessThan(report.waitsOnB.commands * 0.1);
  });
});
