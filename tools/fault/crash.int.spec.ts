import { apiCrashScenario, projectorCrashScenario } from './crash';
import { reportCounts } from './report';

/** Fault test 1, fast variant: three kills each show the recovery; `npm run soak` runs 200,000 events and 20 kills. */
// Each kill waits for a restart of the built portal: generous for a machine that also runs the e2e suite.
jest.setTimeout(360_000);

const log = (line: string) => process.stdout.write(`  ${line}\n`);

describe('crash safety', () => {
  it('the projector, SIGKILLed 3 times while catching up on 20,000 events, ends with read models equal to a clean replay', async () => {
    const report = await projectorCrashScenario({ events: 20_000, kills: 3, log });
    const passed = report.replay.collections.filter((c) => c.match).length;
    reportCounts('crash-projector', {
      tried: report.replay.collections.length,
      passed,
      events: report.events,
      kills: report.kills,
      killsMidCatchUp: report.killsMidCatchUp,
    });
    expect(report.replay.ok).toBe(true);
    expect(report.companiesProjected).toBe(report.companiesGenerated);
    expect(report.killsMidCatchUp).toBeGreaterThan(0);
  });

  it('the api, SIGKILLed 3 times while commands stream in, keeps every acknowledged command in the log exactly once', async () => {
    const report = await apiCrashScenario({ kills: 3, log });
    reportCounts('crash-api', {
      tried: report.acknowledged,
      passed: report.exactlyOnce,
      kills: report.kills,
      commands: report.commandsSent,
      sends: report.sends,
      missing: report.missing.length,
      doubled: report.doubled.length,
      errors: report.errors.length,
    });
    expect(report.missing).toEqual([]);
    expect(report.doubled).toEqual([]);
    expect(report.errors).toEqual([]);
    expect(report.unacknowledgedAtEnd).toBe(0);
    expect(report.exactlyOnce).toBe(report.acknowledged);
    expect(report.acknowledged).toBeGreaterThan(0);
    expect(report.replay.ok).toBe(true);
  });
});
