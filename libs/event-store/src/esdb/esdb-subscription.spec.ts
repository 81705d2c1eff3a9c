import { PassThrough } from 'node:stream';
import type { AllStreamSubscription, ReadPosition } from '@eventstore/db-client';
import type { RecordedEvent } from '../event-store.port';
import { silentLogger } from '../logger';
import type { EsdbRecord } from './esdb-mapping';
import { EsdbSubscription, type SubscribeToAllClient } from './esdb-subscription';

class FakeClient {
  readonly streams: PassThrough[] = [];
  readonly from: ReadPosition[] = [];
  readonly subscribeToAll = ((options?: { fromPosition?: ReadPosition }) => {
    const stream = new PassThrough({ objectMode: true });
    Object.assign(stream, { unsubscribe: async () => undefined });
    this.streams.push(stream);
    this.from.push(options?.fromPosition ?? 'start');
    return stream as unknown as AllStreamSubscription;
  }) as SubscribeToAllClient['subscribeToAll'];
}

const record = (position: number, streamId = 'doc-1'): { event: EsdbRecord } => ({
  event: {
    streamId,
    revision: BigInt(position),
    type: streamId.startsWith('$') ? '$stats' : 'E',
    isJson: true,
    data: { position },
    metadata: {},
    position: { commit: BigInt(position), prepare: BigInt(position) },
  },
});

const waitFor = async (condition: () => boolean) => {
  const deadline = Date.now() + 3000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

describe('EsdbSubscription (against a fake client)', () => {
  it('delivers in batches, in order, dropping system events and anything at or before the last position', async () => {
    const client = new FakeClient();
    const batches: RecordedEvent[][] = [];
    const subscription = new EsdbSubscription(
      client,
      { after: 10, batchSize: 2, onEvents: (events) => void batches.push(events) },
      silentLogger,
      () => undefined,
    );
    await waitFor(() => client.streams.length === 1);
    expect(client.from[0]).toEqual({ commit: BigInt(10), prepare: BigInt(10) });
    for (const item of [record(10), record(20), record(25, '$stats-0'), record(30), record(30), record(40), record(50)]) client.streams[0].write(item);
    await waitFor(() => batches.flat().length === 4);
    expect(batches.flat().map((e) => e.position)).toEqual([20, 30, 40, 50]);
    expect(Math.max(...batches.map((b) => b.length))).toBeLessThanOrEqual(2);
    await subscription.close();
  });

  it('resubscribes after a failure from the last delivered position without duplicates', async () => {
    const client = new FakeClient();
    const errors: unknown[] = [];
    const delivered: number[] = [];
    const subscription = new EsdbSubscription(
      client,
      { after: null, onEvents: (events) => void delivered.push(...events.map((e) => e.position)), onError: (e) => errors.push(e) },
      silentLogger,
      () => undefined,
      5,
    );
    await waitFor(() => client.streams.length === 1);
    client.streams[0].write(record(1));
    client.streams[0].write(record(2));
    await waitFor(() => delivered.length === 2);
    client.streams[0].destroy(new Error('connection lost'));
    await waitFor(() => client.streams.length === 2);
    expect(client.from[1]).toEqual({ commit: BigInt(2), prepare: BigInt(2) });
    for (const item of [record(2), record(3)]) client.streams[1].write(item);
    await waitFor(() => delivered.length === 3);
    expect(delivered).toEqual([1, 2, 3]);
    expect(errors).toHaveLength(1);
    await subscription.close();
  });

  it('stops for good when the handler throws, reporting the error', async () => {
    const client = new FakeClient();
    const errors: unknown[] = [];
    let finished = false;
    const subscription = new EsdbSubscription(
      client,
      {
        after: null,
        onEvents: () => {
          throw new Error('projection failed');
        },
        onError: (e) => errors.push(e),
      },
      silentLogger,
      () => (finished = true),
      5,
    );
    await waitFor(() => client.streams.length === 1);
    client.streams[0].write(record(1));
    await waitFor(() => finished);
    expect(errors.map((e) => (e as Error).message)).toEqual(['projection failed']);
    expect(client.streams).toHaveLength(1);
    await subscription.close();
  });

  it('closes a subscription whose stream never ends, after the running handler', async () => {
    const client = new FakeClient();
    let handlerDone = false;
    const subscription = new EsdbSubscription(
      client,
      {
        after: null,
        onEvents: async () => {
          await new Promise((r) => setTimeout(r, 30));
          handlerDone = true;
        },
      },
      silentLogger,
      () => undefined,
    );
    await waitFor(() => client.streams.length === 1);
    client.streams[0].write(record(1));
    await new Promise((r) => setTimeout(r, 5));
    await subscription.close();
    expect(handlerDone).toBe(true);
    expect(client.streams).toHaveLength(1);
  });
});
