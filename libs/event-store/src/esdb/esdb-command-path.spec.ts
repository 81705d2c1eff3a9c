import { CommandRuntime } from '@portal/commands';
import type { Decider } from '@portal/domain';
import { InMemoryEsdb } from '../../test/in-memory-esdb';
import { sealEvents } from '../hash-chain';
import { EsdbEventStore } from './esdb-event-store';

/**
 * The command path on EventStoreDB (an in-memory server with the client's semantics): a long stream, such as a
 * bank ledger, is read whole at most once per process; each command then reads the events appended since, and
 * the command-id index. Retried appends and retried commands are applied once.
 */
type Counted = { type: 'Counted'; data: { by: number } };
const counter: Decider<{ total: number }, { type: 'Count'; by: number }, Counted> = {
  initialState: { total: 0 },
  decide: (command) => [{ type: 'Counted', data: { by: command.by } }],
  evolve: (state, event) => ({ total: state.total + event.data.by }),
};
const ctx = (commandId: string) => ({ userId: 'u1', clientNo: 1001, commandId });
const STREAM = 'bank-ledger-1001';
const LONG = 20_000;

async function longStream(server: InMemoryEsdb): Promise<EsdbEventStore> {
  const store = new EsdbEventStore(server.client());
  let prevHash: string | null = null;
  for (let start = 0; start < LONG; start += 1000) {
    const batch = sealEvents(
      STREAM,
      prevHash,
      Array.from({ length: 1000 }, (_, i) => ({
        type: 'Counted',
        data: { by: 1 },
        metadata: { userId: 'seed', clientNo: 1001, time: '2026-01-01T00:00:00.000Z', commandId: `seed-${start + i}`, correlationId: 'seed' },
      })),
    );
    await store.append(STREAM, batch, start === 0 ? 'no_stream' : start - 1);
    prevHash = batch[batch.length - 1]!.metadata.hash;
  }
  return store;
}

const streamReads = (server: InMemoryEsdb, from: number) => server.reads.slice(from).filter((r) => r.stream === STREAM);

describe('command runtime on EventStoreDB (in-memory server)', () => {
  it('reads a long stream whole once, then per command only the events appended since and the command-id index', async () => {
    const server = new InMemoryEsdb();
    const runtime = new CommandRuntime(await longStream(server));
    await runtime.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('first'));
    expect(streamReads(server, 0)).toEqual([{ stream: STREAM, fromRevision: BigInt(0), returned: LONG }]);
    const before = server.reads.length;
    for (let i = 0; i < 50; i++) {
      const outcome = await runtime.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx(`c-${i}`));
      expect(outcome.revision).toBe(LONG + 1 + i);
    }
    const reads = server.reads.slice(before);
    // Two reads a command: the stream after the cached revision (nothing new: this process wrote last), and the index.
    expect(reads).toHaveLength(100);
    expect(reads.filter((r) => r.stream === STREAM).every((r) => r.fromRevision !== BigInt(0) && r.returned === 0)).toBe(true);
    expect(reads.filter((r) => r.stream.startsWith('$bc-'))).toHaveLength(50);
    expect(reads.reduce((n, r) => n + r.returned, 0)).toBe(0);
  });

  it('folds the events another process appended since, without reading the stream from the start', async () => {
    const server = new InMemoryEsdb();
    const store = await longStream(server);
    const mine = new CommandRuntime(store);
    const other = new CommandRuntime(new EsdbEventStore(server.client()));
    await mine.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('warm'));
    await other.execute(counter, STREAM, { type: 'Count', by: 5 }, ctx('elsewhere'));
    const before = server.reads.length;
    const outcome = await mine.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('next'));
    expect(outcome.revision).toBe(LONG + 2);
    expect(streamReads(server, before)).toEqual([{ stream: STREAM, fromRevision: BigInt(LONG + 1), returned: 1 }]);
  });

  it('an append answered with a lost connection is sent again with the same event ids, and the server keeps it once', async () => {
    const server = new InMemoryEsdb();
    const runtime = new CommandRuntime(new EsdbEventStore(server.client()));
    await runtime.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('a'));
    server.loseNextAnswer = true;
    const outcome = await runtime.execute(counter, STREAM, { type: 'Count', by: 2 }, ctx('b'));
    expect(outcome).toMatchObject({ revision: 1, duplicate: false });
    expect(server.stored(STREAM).map((e) => e.metadata.commandId)).toEqual(['a', 'b']);
    // The ids are the command's own: the same command, sent again in a fresh append, gets the same ones.
    expect(new Set(server.stored(STREAM).map((e) => e.id)).size).toBe(2);
  });

  it('a command sent again is applied once: from the stream, from the recent commands, or from the index', async () => {
    const server = new InMemoryEsdb();
    const first = new CommandRuntime(new EsdbEventStore(server.client()));
    const second = new CommandRuntime(new EsdbEventStore(server.client()));
    await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('once'));
    // Another process that had the stream cached before: the command is among the events since.
    await second.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('warm-up'));
    expect(await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('warm-up'))).toMatchObject({ duplicate: true, revision: 1 });
    // Many commands later, with the index lagging behind: found among the stream's recent commands.
    server.indexLag = 1000;
    await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('lagging'));
    for (let i = 0; i < 20; i++) await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx(`more-${i}`));
    const again = await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('lagging'));
    expect(again).toMatchObject({ duplicate: true });
    expect(again.events.map((e) => e.metadata.commandId)).toEqual(['lagging']);
    // Beyond the recent commands: the index (once it caught up) names it.
    server.indexLag = 0;
    await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('flush-index'));
    for (let i = 0; i < 70; i++) await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx(`many-${i}`));
    const before = server.reads.length;
    expect(await first.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('once'))).toMatchObject({ duplicate: true, revision: 93 });
    expect(server.reads.slice(before).find((r) => r.stream === '$bc-once')).toMatchObject({ returned: 1 });
    expect(server.stored(STREAM).filter((e) => e.metadata.commandId === 'once')).toHaveLength(1);
    expect(server.stored(STREAM).filter((e) => e.metadata.commandId === 'lagging')).toHaveLength(1);
  });

  it('takes the revision from the last event, so a stream truncated at its start keeps accepting commands', async () => {
    const server = new InMemoryEsdb();
    const runtime = new CommandRuntime(new EsdbEventStore(server.client()));
    for (let i = 0; i < 10; i++) await runtime.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx(`t-${i}`));
    server.truncateBefore(STREAM, 6);
    const fresh = new CommandRuntime(new EsdbEventStore(server.client()));
    const outcome = await fresh.execute(counter, STREAM, { type: 'Count', by: 1 }, ctx('after-truncation'));
    expect(outcome).toMatchObject({ revision: 10, duplicate: false });
  });
});
