import { CommandRuntime } from '@portal/commands';
import { SqliteEventStore } from '@portal/event-store';
import { FON_IMPORTS, type StoredFonImport } from '@portal/read-models';
import { fonAdminProjection, replayInto } from '@portal/projections';
import { SqliteReadStore } from '@portal/read-store';
import { FonImporter, type ImporterOptions } from './fon-importer';

const context = { userId: 'anna', clientNo: null };

/** Two portal processes on one event log and read store; a web-service fetch that hangs until released. */
function portal() {
  const events = new SqliteEventStore(':memory:');
  const reads = new SqliteReadStore(':memory:');
  const runtime = new CommandRuntime(events);
  const release: Array<() => void> = [];
  const process = (options: Partial<ImporterOptions>) =>
    new FonImporter(
      (decider, stream, command, ctx) => runtime.execute(decider, stream, command, ctx),
      reads,
      () => undefined,
      options,
    );
  const startFetch = (importer: FonImporter) =>
    importer.start(
      {
        firmId: 'f1',
        source: 'fon-webservice',
        taxYear: 2025,
        fonUserId: 'u1',
        fileName: null,
        content: null,
        fetch: () => new Promise((_, reject) => release.push(() => reject(new Error('stopped')))),
      },
      context,
    );
  const job = async (id: string) => {
    await replayInto(events, reads, [fonAdminProjection]);
    return (await reads.get(FON_IMPORTS, id)) as unknown as StoredFonImport;
  };
  return { events, startFetch, process, job, stop: () => release.forEach((r) => r()) };
}

describe('FON import jobs of several portal processes', () => {
  it('names the process on the job and beats while the job runs', async () => {
    const p = portal();
    const a = p.process({ instance: 'api-a', heartbeatMs: 20 });
    const id = await p.startFetch(a);
    const first = await p.job(id);
    expect(first).toMatchObject({ status: 'in progress', instance: 'api-a' });
    let beat = first.heartbeat_at;
    for (let i = 0; i < 200 && beat === first.heartbeat_at; i++) {
      await new Promise((r) => setTimeout(r, 25));
      beat = (await p.job(id)).heartbeat_at;
    }
    expect(Date.parse(beat)).toBeGreaterThan(Date.parse(first.heartbeat_at));
    p.stop();
    await a.wait(id);
    expect(await p.job(id)).toMatchObject({ status: 'failed' });
  });

  it("leaves another process's running job alone, and a restarted process fails its own at once", async () => {
    const p = portal();
    const a = p.process({ instance: 'api-a', heartbeatMs: 60_000 });
    const id = await p.startFetch(a);
    await p.job(id);
    // Process B (re)starts while A runs the job: not B's, and A beat just now.
    expect(await p.process({ instance: 'api-b', staleMs: 120_000 }).failInterrupted(context)).toBe(0);
    expect(await p.job(id)).toMatchObject({ status: 'in progress' });
    // A restarts (same instance, the job no longer runs in it): its own job fails at once.
    expect(await p.process({ instance: 'api-a', staleMs: 120_000 }).failInterrupted(context)).toBe(1);
    expect(await p.job(id)).toMatchObject({ status: 'failed', reason: 'The import was interrupted by a restart of the portal; import again.' });
    p.stop();
  });

  it('fails the job of a process that has not beaten for the stale time, saying since when', async () => {
    const p = portal();
    const id = await p.startFetch(p.process({ instance: 'api-a', heartbeatMs: 60_000 }));
    const started = await p.job(id);
    const b = p.process({ instance: 'api-b', staleMs: 120_000, now: () => Date.parse(started.heartbeat_at) + 121_000 });
    expect(await b.failInterrupted(context)).toBe(1);
    expect(await p.job(id)).toMatchObject({
      status: 'failed',
      reason: `The portal process running the import stopped (no sign of it since ${started.heartbeat_at}); import again.`,
    });
    p.stop();
  });

  it('never fails a job of its own that it still runs', async () => {
    const p = portal();
    const a = p.process({ instance: 'api-a', heartbeatMs: 60_000, staleMs: 1, now: () => Date.now() + 3_600_000 });
    const id = await p.startFetch(a);
    await p.job(id);
    expect(await a.failInterrupted(context)).toBe(0);
    expect(await p.job(id)).toMatchObject({ status: 'in progress' });
    p.stop();
    await a.wait(id);
  });
});
