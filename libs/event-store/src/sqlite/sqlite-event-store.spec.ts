import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eventStoreContract } from '../../test/event-store.contract';
import type { EventData, RecordedEvent } from '../event-store.port';
import Database from 'better-sqlite3';
import { SqliteEventStore, type SqliteEventStoreOptions } from './sqlite-event-store';

/** The append thread as built (`npm run build`): Jest loads the TypeScript sources, the thread runs compiled code. */
const BUILT_THREAD = join(__dirname, '../../dist/sqlite/append-thread.js');
const threaded = existsSync(BUILT_THREAD);
if (!threaded) console.warn(`Skipping the append-thread variants: ${BUILT_THREAD} is missing (run npm run build).`);
/** Group commits written on the event loop, and (when built) in the append thread. */
const WRITERS: Array<[string, SqliteEventStoreOptions]> = [
  ['on the event loop', { appendInThread: false }],
  ...(threaded ? [['in the append thread', { appendThreadFile: BUILT_THREAD }] as [string, SqliteEventStoreOptions]] : []),
];

const dirs: string[] = [];
function tempFile(): string {
  const dir = mkdtempSync(join(tmpdir(), 'event-store-'));
  dirs.push(dir);
  return join(dir, 'events.sqlite');
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

eventStoreContract('SQLite (in memory)', async () => new SqliteEventStore(':memory:'));
for (const [writer, options] of WRITERS)
  eventStoreContract(`SQLite (file, synchronous=FULL, appends ${writer})`, async () => new SqliteEventStore(tempFile(), options));

const event = (n: number): EventData => ({
  type: 'Counted',
  data: { n },
  metadata: { userId: 'u', clientNo: null, time: new Date(0).toISOString(), commandId: `cmd-${n}`, correlationId: 'c', hash: 'h', prevHash: null },
});

describe('SqliteEventStore on a file shared by two processes', () => {
  it('delivers appends of the other instance through the subscription, in order and once', async () => {
    const file = tempFile();
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file, { pollIntervalMs: 20 });
    const received: RecordedEvent[] = [];
    const subscription = reader.subscribeToAll({ after: null, onEvents: (events) => void received.push(...events) });
    try {
      await writer.append('s-1', [event(0), event(1)], 'no_stream');
      for (let n = 2; n < 50; n++) await writer.append(`s-${n % 3}`, [event(n)], 'any');
      const deadline = Date.now() + 5000;
      while (received.length < 50 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(received.map((e) => e.data['n'])).toEqual([...Array(50).keys()]);
      expect(await reader.headPosition()).toBe(await writer.headPosition());
    } finally {
      await subscription.close();
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  it('wakes the subscription of the other instance at once: with a poll of 5 s, an append arrives within ~100 ms', async () => {
    const file = tempFile();
    const writer = new SqliteEventStore(file);
    const reader = new SqliteEventStore(file, { pollIntervalMs: 5000 });
    const arrived: number[] = [];
    const subscription = reader.subscribeToAll({ after: null, onEvents: (events) => void arrived.push(...events.map(() => performance.now())) });
    try {
      await new Promise((r) => setTimeout(r, 100)); // the subscription has read the empty log and sleeps for 5 s
      const latencies: number[] = [];
      for (let n = 0; n < 5; n++) {
        const sent = performance.now();
        await writer.append(`s-${n}`, [event(n)], 'no_stream');
        while (arrived.length <= n && performance.now() - sent < 5000) await new Promise((r) => setTimeout(r, 1));
        latencies.push(arrived[n]! - sent);
      }
      expect(arrived).toHaveLength(5);
      // Without the wake-up each would wait for the 5 s poll; 500 ms leaves room for a loaded machine.
      expect(Math.max(...latencies)).toBeLessThan(500);
    } finally {
      await subscription.close();
      await Promise.all([writer.close(), reader.close()]);
    }
  });

  it('rejects the loser of a race between the two instances', async () => {
    const file = tempFile();
    const a = new SqliteEventStore(file);
    const b = new SqliteEventStore(file);
    try {
      await a.append('doc', [event(0)], 'no_stream');
      await b.append('doc', [event(1)], 0);
      await expect(a.append('doc', [event(2)], 0)).rejects.toMatchObject({ name: 'WrongExpectedRevisionError', actual: 1 });
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('SqliteEventStore specifics', () => {
  it('finds the events of a command by its id', async () => {
    const store = new SqliteEventStore(':memory:');
    await store.append('doc', [event(0), event(1)], 'no_stream');
    expect((await store.readByCommandId('cmd-1')).map((e) => e.revision)).toEqual([1]);
    await store.close();
  });

  it('keeps its events when the file is opened again', async () => {
    const file = tempFile();
    const first = new SqliteEventStore(file);
    await first.append('doc', [event(0)], 'no_stream');
    await first.close();
    const second = new SqliteEventStore(file);
    expect(await second.readStream('doc')).toHaveLength(1);
    await expect(second.append('doc', [event(1)], 'no_stream')).rejects.toMatchObject({ name: 'WrongExpectedRevisionError' });
    await second.close();
  });
});

describe.each(WRITERS)('SqliteEventStore group commit %s', (_writer, options) => {
  it('writes concurrent appends in one durable commit, each with its own revision check', async () => {
    const commits: Array<[number, number]> = [];
    const store = new SqliteEventStore(tempFile(), { ...options, onCommit: (appends, events) => commits.push([appends, events]) });
    await store.append('s-0', [event(0)], 'no_stream');
    commits.length = 0;
    const outcomes = await Promise.allSettled([
      ...Array.from({ length: 50 }, (_, i) => store.append(`s-${i + 1}`, [event(i + 1), event(i + 100)], 'no_stream')),
      store.append('s-0', [event(500)], 0),
      store.append('s-0', [event(501)], 0),
    ]);
    expect(commits).toEqual([[52, 102]]);
    expect(outcomes.slice(0, 51).every((o) => o.status === 'fulfilled')).toBe(true);
    expect(outcomes[51]).toEqual({ status: 'rejected', reason: expect.objectContaining({ name: 'WrongExpectedRevisionError', actual: 1 }) });
    expect((await store.readStream('s-0')).map((e) => e.data.n)).toEqual([0, 500]);
    expect((await store.readStream('s-7')).map((e) => e.revision)).toEqual([0, 1]);
    const positions = (await store.readAll(null, 1000)).map((e) => e.position);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    await store.close();
  });

  it('answers only after the commit: an acknowledged append is in the file for a second reader', async () => {
    const file = tempFile();
    const store = new SqliteEventStore(file, options);
    const reader = new SqliteEventStore(file);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        store.append(`r-${i}`, [event(i)], 'no_stream').then(async () => expect(await reader.readStream(`r-${i}`)).toHaveLength(1)),
      ),
    );
    await store.close();
    await reader.close();
  });

  it('keeps the event loop turning while another connection holds the write lock, then writes the waiting appends', async () => {
    const file = tempFile();
    const store = new SqliteEventStore(file, options);
    await store.append('held-0', [event(0)], 'no_stream');
    const other = new Database(file);
    other.exec('BEGIN IMMEDIATE');
    let written = false;
    const appended = store.append('held-1', [event(1)], 'no_stream').then((result) => {
      written = true;
      return result;
    });
    const ticks = await new Promise<number>((resolve) => {
      let n = 0;
      const timer = setInterval(() => {
        if (++n === 5) {
          clearInterval(timer);
          resolve(n);
        }
      }, 5);
    });
    expect(ticks).toBe(5);
    expect(written).toBe(false);
    other.exec('COMMIT');
    other.close();
    await expect(appended).resolves.toMatchObject({ nextRevision: 0 });
    expect(await store.readStream('held-1')).toHaveLength(1);
    await store.close();
  });
});

describe('SqliteEventStore whose append thread fails', () => {
  it('says so and writes the later appends on the event loop', async () => {
    const broken = join(mkdtempSync(join(tmpdir(), 'append-thread-')), 'broken-thread.js');
    dirs.push(join(broken, '..'));
    writeFileSync(broken, "throw new Error('broken append thread');\n");
    const errors: string[] = [];
    const logger = { info: () => undefined, warn: () => undefined, error: (message: string) => void errors.push(message) };
    const store = new SqliteEventStore(tempFile(), { appendThreadFile: broken, logger });
    // The thread fails as it loads, which takes longer on a busy machine: wait for the report, not a fixed time.
    for (const deadline = Date.now() + 15_000; errors.length === 0 && Date.now() < deadline;) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(errors).toEqual([expect.stringContaining('append thread failed')]);
    await expect(store.append('after-failure', [event(1)], 'no_stream')).resolves.toMatchObject({ nextRevision: 0 });
    expect(await store.readStream('after-failure')).toHaveLength(1);
    await store.close();
  });
});
