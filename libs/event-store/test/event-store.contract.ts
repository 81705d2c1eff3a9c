import { randomUUID } from 'node:crypto';
import {
  WrongExpectedRevisionError,
  type EventData,
  type EventMetadata,
  type EventStore,
  type RecordedEvent,
  type Subscription,
} from '../src/event-store.port';

/**
 * The behaviour every EventStore adapter must have. Stream ids carry a random suffix and positions
 * are compared with the head at test start, so the suite also runs against a shared server with data.
 */
export function eventStoreContract(name: string, make: () => Promise<EventStore>): void {
  describe(`${name} event store contract`, () => {
    let store: EventStore;
    let run: string;
    const stream = (label: string): string => `contract_${label}-${run}`;
    const mine = (event: RecordedEvent): boolean => event.streamId.endsWith(`-${run}`);

    beforeEach(async () => {
      store = await make();
      run = randomUUID().replace(/-/g, '');
    });

    afterEach(async () => {
      await store.close();
    });

    describe('append', () => {
      it('appends to a new stream with no_stream and reports revision 0 and the position', async () => {
        const id = stream('new');
        const head = await store.headPosition();
        const result = await store.append(id, [event('Created', 0)], 'no_stream');
        expect(result.nextRevision).toBe(0);
        const read = await store.readStream(id);
        expect(read).toHaveLength(1);
        expect(read[0]).toMatchObject({ streamId: id, revision: 0, type: 'Created', data: { n: 0 } });
        const [inLog] = await readAllAfter(store, head, (e) => e.streamId === id);
        expect(inLog.position).toBe(result.position);
      });

      it('appends with the exact last revision of the stream', async () => {
        const id = stream('exact');
        await store.append(id, [event('A', 0), event('B', 1)], 'no_stream');
        const result = await store.append(id, [event('C', 2)], 1);
        expect(result.nextRevision).toBe(2);
        expect((await store.readStream(id)).map((e) => e.type)).toEqual(['A', 'B', 'C']);
      });

      it('appends with any to a new and to an existing stream', async () => {
        const id = stream('any');
        expect((await store.append(id, [event('A', 0)], 'any')).nextRevision).toBe(0);
        expect((await store.append(id, [event('B', 1), event('C', 2)], 'any')).nextRevision).toBe(2);
        expect((await store.readStream(id)).map((e) => e.revision)).toEqual([0, 1, 2]);
      });

      it('rejects no_stream on an existing stream with WrongExpectedRevisionError and writes nothing', async () => {
        const id = stream('exists');
        await store.append(id, [event('A', 0)], 'no_stream');
        const error = await store.append(id, [event('B', 1)], 'no_stream').catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId: id, expected: 'no_stream', actual: 0 });
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('rejects a wrong exact revision with WrongExpectedRevisionError and writes nothing', async () => {
        const id = stream('wrong');
        await store.append(id, [event('A', 0), event('B', 1)], 'no_stream');
        const error = await store.append(id, [event('C', 2)], 0).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId: id, expected: 0, actual: 1 });
        expect(await store.readStream(id)).toHaveLength(2);
      });

      it('rejects an exact revision on a missing stream with WrongExpectedRevisionError and writes nothing', async () => {
        const id = stream('missing');
        const error = await store.append(id, [event('A', 0)], 0).catch((e: unknown) => e);
        expect(error).toBeInstanceOf(WrongExpectedRevisionError);
        expect(error).toMatchObject({ streamId: id, expected: 0, actual: 'no_stream' });
        expect(await store.readStream(id)).toEqual([]);
      });

      it('rejects an append without events', async () => {
        await expect(store.append(stream('empty'), [], 'any')).rejects.toThrow(RangeError);
      });

      it('writes nothing of a batch whose expected revision is wrong', async () => {
        const id = stream('batch-conflict');
        await store.append(id, [event('A', 0)], 'no_stream');
        const head = await store.headPosition();
        await expect(store.append(id, [event('B', 1), event('C', 2), event('D', 3)], 5)).rejects.toBeInstanceOf(WrongExpectedRevisionError);
        expect(await store.readStream(id)).toHaveLength(1);
        expect((await store.readAll(head, 1000)).filter(mine)).toEqual([]);
      });

      it('stores a batch as consecutive revisions, contiguous in the global order even when batches race', async () => {
        const a = stream('batch-a');
        const b = stream('batch-b');
        const head = await store.headPosition();
        const batch = (label: string) => Array.from({ length: 40 }, (_, n) => event(label, n));
        await Promise.all([store.append(a, batch('A'), 'no_stream'), store.append(b, batch('B'), 'no_stream')]);
        const all = (await readAllAfter(store, head)).filter(mine);
        expect(all).toHaveLength(80);
        const streams = all.map((e) => e.streamId);
        const firstOfB = streams.indexOf(b);
        const firstOfA = streams.indexOf(a);
        const [first, second] = firstOfA < firstOfB ? [a, b] : [b, a];
        expect(streams).toEqual([...Array(40).fill(first), ...Array(40).fill(second)]);
        expect(all.filter((e) => e.streamId === a).map((e) => e.revision)).toEqual([...Array(40).keys()]);
      });

      it('lets exactly one of concurrent appends with the same expected revision win', async () => {
        const id = stream('race');
        await store.append(id, [event('A', 0)], 'no_stream');
        const results = await Promise.allSettled(
          Array.from({ length: 10 }, (_, n) => store.append(id, [event(`Racer${n}`, n), event(`Racer${n}`, n + 100)], 0)),
        );
        const won = results.filter((r) => r.status === 'fulfilled');
        const lost = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
        expect(won).toHaveLength(1);
        expect(lost).toHaveLength(9);
        for (const loss of lost) expect(loss.reason).toBeInstanceOf(WrongExpectedRevisionError);
        const read = await store.readStream(id);
        expect(read).toHaveLength(3);
        expect(read[1].type).toBe(read[2].type);
      });

      it('lets exactly one of concurrent no_stream appends create the stream', async () => {
        const id = stream('race-new');
        const results = await Promise.allSettled(Array.from({ length: 8 }, (_, n) => store.append(id, [event(`Racer${n}`, n)], 'no_stream')));
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        expect(await store.readStream(id)).toHaveLength(1);
      });

      it('round-trips every metadata field and the data unchanged', async () => {
        const id = stream('meta');
        const metadata: EventMetadata = {
          userId: 'user-7',
          clientNo: 10042,
          time: '2024-03-01T12:34:56.789Z',
          commandId: `cmd-${run}`,
          correlationId: `corr-${run}`,
          originCode: 3,
          hash: 'a'.repeat(64),
          prevHash: 'b'.repeat(64),
        };
        const firmWide: EventMetadata = { ...metadata, clientNo: null, prevHash: null, hash: 'c'.repeat(64) };
        delete firmWide.originCode;
        const data = { text: 'Grüße ✓', amount: 12.5, flags: [true, false, null], nested: { deep: { list: [1, 'two'] } } };
        await store.append(
          id,
          [
            { type: 'Described', data, metadata },
            { type: 'Plain', data: {}, metadata: firmWide },
          ],
          'no_stream',
        );
        const [first, second] = await store.readStream(id);
        expect(first.metadata).toEqual(metadata);
        expect(first.data).toEqual(data);
        expect(second.metadata).toEqual(firmWide);
        expect(second.data).toEqual({});
        const [fromAll] = (await readAllAfter(store, null, (e) => e.streamId === id)).slice(0, 1);
        expect(fromAll.metadata).toEqual(metadata);
      });
    });

    describe('reading', () => {
      it('returns [] for a missing stream', async () => {
        expect(await store.readStream(stream('nothing'))).toEqual([]);
      });

      it('reads a stream from a given revision on', async () => {
        const id = stream('from');
        await store.append(
          id,
          [0, 1, 2, 3, 4].map((n) => event('E', n)),
          'no_stream',
        );
        expect((await store.readStream(id, 3)).map((e) => e.revision)).toEqual([3, 4]);
        expect((await store.readStream(id, 0)).map((e) => e.data['n'])).toEqual([0, 1, 2, 3, 4]);
        expect(await store.readStream(id, 5)).toEqual([]);
      });

      it('pages through the global log with after and maxCount, in append order across streams', async () => {
        const head = await store.headPosition();
        const ids = [stream('p1'), stream('p2'), stream('p3')];
        const appended: string[] = [];
        for (let n = 0; n < 12; n++) {
          const id = ids[n % 3];
          await store.append(id, [event('Paged', n)], 'any');
          appended.push(`${id}#${n}`);
        }
        const pages: RecordedEvent[][] = [];
        let after = head;
        for (;;) {
          const page = await store.readAll(after, 5);
          expect(page.length).toBeLessThanOrEqual(5);
          if (page.length === 0) break;
          pages.push(page);
          after = page[page.length - 1].position;
        }
        const read = pages.flat().filter(mine);
        expect(read.map((e) => `${e.streamId}#${String(e.data['n'])}`)).toEqual(appended);
        const exact = await store.readAll(head, 4);
        expect(exact.filter(mine)).toHaveLength(4);
      });

      it('gives strictly increasing positions greater than the head before the append', async () => {
        const head = await store.headPosition();
        const id = stream('positions');
        const results = [];
        for (let n = 0; n < 5; n++) results.push(await store.append(id, [event('E', 2 * n), event('E', 2 * n + 1)], 'any'));
        const all = (await readAllAfter(store, head)).filter(mine);
        const positions = all.map((e) => e.position);
        expect(positions).toHaveLength(10);
        if (head !== null) expect(positions[0]).toBeGreaterThan(head);
        for (let i = 1; i < positions.length; i++) expect(positions[i]).toBeGreaterThan(positions[i - 1]);
        expect(results.map((r) => r.position)).toEqual([1, 3, 5, 7, 9].map((i) => positions[i]));
      });

      it('reports the head position as the position of the newest event', async () => {
        const before = await store.headPosition();
        const result = await store.append(stream('head'), [event('A', 0), event('B', 1)], 'no_stream');
        const after = await store.headPosition();
        expect(after).toBe(result.position);
        if (before !== null) expect(after).toBeGreaterThan(before);
        expect((await store.readAll(after, 10)).filter(mine)).toEqual([]);
      });
    });

    describe('subscribeToAll', () => {
      const subscriptions: Subscription[] = [];
      afterEach(async () => {
        await Promise.all(subscriptions.splice(0).map((s) => s.close()));
      });

      function collect(after: number | null, batchSize?: number, delayMs = 0) {
        const received: RecordedEvent[] = [];
        let running = 0;
        let overlapped = false;
        let oversized = false;
        const subscription = store.subscribeToAll({
          after,
          batchSize,
          onEvents: async (events) => {
            running += 1;
            if (running > 1) overlapped = true;
            if (batchSize !== undefined && events.length > batchSize) oversized = true;
            if (delayMs > 0) await sleep(delayMs);
            received.push(...events.filter(mine));
            running -= 1;
          },
        });
        subscriptions.push(subscription);
        return { received, subscription, misbehaved: () => ({ overlapped, oversized }) };
      }

      it('from null delivers past events, then live ones, each once and in order', async () => {
        const id = stream('sub-null');
        await store.append(id, [event('Past', 0), event('Past', 1)], 'no_stream');
        const { received } = collect(null);
        await waitFor(() => received.length >= 2);
        await store.append(id, [event('Live', 2)], 1);
        await waitFor(() => received.length >= 3);
        await sleep(100);
        expect(received.map((e) => e.revision)).toEqual([0, 1, 2]);
        expect(received.map((e) => e.type)).toEqual(['Past', 'Past', 'Live']);
      });

      it('from a middle position delivers only the later events, then live ones', async () => {
        const id = stream('sub-middle');
        await store.append(
          id,
          [0, 1, 2, 3, 4, 5].map((n) => event('E', n)),
          'no_stream',
        );
        const middle = (await store.readStream(id))[2].position;
        const { received } = collect(middle);
        await store.append(id, [event('E', 6)], 5);
        await waitFor(() => received.length >= 4);
        await sleep(100);
        expect(received.map((e) => e.revision)).toEqual([3, 4, 5, 6]);
      });

      it('delivers no gap and no duplicate while events are appended during catch-up', async () => {
        const head = await store.headPosition();
        const ids = [stream('c1'), stream('c2'), stream('c3'), stream('c4')];
        for (let n = 0; n < 300; n += 10) {
          await store.append(
            ids[n % 4],
            Array.from({ length: 10 }, (_, k) => event('Before', n + k)),
            'any',
          );
        }
        const { received, misbehaved } = collect(head, 7, 1);
        let n = 300;
        while (n < 800) {
          const size = Math.min(1 + (n % 3), 800 - n);
          await store.append(
            ids[n % 4],
            Array.from({ length: size }, (_, k) => event('During', n + k)),
            'any',
          );
          n += size;
          // Let the subscription run between appends, as a separate writer would.
          await new Promise((resolve) => setImmediate(resolve));
        }
        await waitFor(() => received.length >= 800, 30_000);
        await sleep(300);
        const expected = (await readAllAfter(store, head)).filter(mine);
        expect(expected.map((e) => e.data['n'])).toEqual([...Array(800).keys()]);
        expect(received.map((e) => e.position)).toEqual(expected.map((e) => e.position));
        expect(new Set(received.map((e) => e.data['n'])).size).toBe(800);
        expect(misbehaved()).toEqual({ overlapped: false, oversized: false });
      }, 60_000);

      it('stops delivering once closed, and close waits for the running handler', async () => {
        const id = stream('sub-close');
        let handlerDone = false;
        const received: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({
          after: await store.headPosition(),
          onEvents: async (events) => {
            received.push(...events.filter(mine));
            await sleep(50);
            handlerDone = true;
          },
        });
        subscriptions.push(subscription);
        await store.append(id, [event('A', 0)], 'no_stream');
        await waitFor(() => received.length === 1);
        handlerDone = false;
        await store.append(id, [event('B', 1)], 0);
        await waitFor(() => received.length === 2);
        await subscription.close();
        expect(handlerDone).toBe(true);
        await store.append(id, [event('C', 2)], 1);
        await sleep(400);
        expect(received.map((e) => e.type)).toEqual(['A', 'B']);
      });

      it('reports a throwing handler through onError and stops rather than skip events', async () => {
        const id = stream('sub-throws');
        const errors: unknown[] = [];
        let calls = 0;
        const subscription = store.subscribeToAll({
          after: await store.headPosition(),
          onEvents: (events) => {
            if (events.some(mine)) {
              calls += 1;
              throw new Error('projection failed');
            }
          },
          onError: (error) => errors.push(error),
        });
        subscriptions.push(subscription);
        await store.append(id, [event('A', 0)], 'no_stream');
        await waitFor(() => errors.length === 1);
        await store.append(id, [event('B', 1)], 0);
        await sleep(400);
        expect(calls).toBe(1);
        expect(errors).toHaveLength(1);
        expect((errors[0] as Error).message).toBe('projection failed');
      });
    });
  });
}

function event(type: string, n: number): EventData {
  return {
    type,
    data: { n },
    metadata: { userId: 'contract', clientNo: 1, time: new Date(0).toISOString(), commandId: `c-${n}`, correlationId: 'k', hash: `h${n}`, prevHash: null },
  };
}

async function readAllAfter(store: EventStore, after: number | null, keep: (e: RecordedEvent) => boolean = () => true): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  let cursor = after;
  for (;;) {
    const page = await store.readAll(cursor, 500);
    if (page.length === 0) return out;
    out.push(...page.filter(keep));
    cursor = page[page.length - 1].position;
  }
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitFor(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('waitFor: timed out');
    await sleep(5);
  }
}
